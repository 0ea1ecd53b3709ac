import GymService

/// Field rules for account data shared by Register and later edits; the rules
/// themselves are in `Identifiers`.
enum AccountValidation {
  /// The form an email is stored and looked up by: NFC, IDNA (ASCII) domain, lower case.
  /// An address that does not parse keeps its trimmed, lower-cased text, so its
  /// violation can still be reported (and it matches nothing).
  static func canonicalEmail(_ raw: String) -> String {
    ((try? Identifiers.normalizeEmail(raw).get()) ?? raw.trimmingCharacters(in: .whitespacesAndNewlines)).lowercased()
  }

  /// nil when `email` (as typed) is a deliverable address.
  static func emailProblem(_ email: String) -> String? { Identifiers.emailProblem(email) }

  /// nil when `username` is 3-30 of a-z A-Z 0-9 _ . as typed, not starting or ending with '.'.
  static func usernameProblem(_ username: String) -> String? { Identifiers.usernameProblem(username) }
}
