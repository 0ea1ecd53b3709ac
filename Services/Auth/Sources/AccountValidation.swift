import GymService

/// Field rules for account data shared by Register and later profile edits.
enum AccountValidation {
  static let usernameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789_.")

  /// nil when `email` looks deliverable: one "@", a sane local part and a dotted domain.
  static func emailProblem(_ email: String) -> String? {
    if email.isEmpty { return "is required" }
    if email.count > 254 { return "must be at most 254 characters" }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return "must look like name@example.com" }
    let local = parts[0], domain = parts[1]
    if local.isEmpty || local.count > 64 { return "must have 1-64 characters before the @" }
    if local.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 || $0 == 127 } == true }) || local.contains("..") {
      return "must not contain spaces, control characters or '..' before the @"
    }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, labels.allSatisfy({ label in
      !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
        && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }), let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else {
      return "must have a domain like example.com after the @"
    }
    return nil
  }

  /// nil when `username` is 3-30 of a-z 0-9 _ . (any case), not starting or ending with '.'.
  static func usernameProblem(_ username: String) -> String? {
    if username.isEmpty { return "is required" }
    guard (3...30).contains(username.count) else { return "must be 3-30 characters long (it has \(username.count))" }
    guard username.lowercased().allSatisfy({ usernameCharacters.contains($0) }) else {
      return "may contain only letters a-z, digits, '_' and '.'"
    }
    if username.hasPrefix(".") || username.hasSuffix(".") || username.contains("..") {
      return "must not start or end with '.' or contain '..'"
    }
    return nil
  }
}
