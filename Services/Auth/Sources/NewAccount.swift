import Foundation
import GymService

/// The fields of an account being created (Register, CreateAdmin), normalised and
/// checked in one place.
struct NewAccount {
  var email: String
  var username: String
  var password: String
  var displayName: String
  var role = "member"
  /// As typed, for the checks: canonicalising could hide what was wrong with it.
  let typedEmail: String

  init(email: String, username: String, password: String, displayName: String) {
    self.typedEmail = email
    self.email = AccountValidation.canonicalEmail(email)
    self.username = username.trimmingCharacters(in: .whitespaces)
    self.password = password
    self.displayName = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func violations(policy: PasswordPolicy) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    if let problem = AccountValidation.emailProblem(typedEmail) { violations.append(FieldViolation("email", problem)) }
    if let problem = AccountValidation.usernameProblem(username) { violations.append(FieldViolation("username", problem)) }
    violations += policy.violations(of: password, field: "password", email: email, username: username)
    if displayName.count > 100 {
      violations.append(FieldViolation("display_name", "must be at most 100 characters (it has \(displayName.count))"))
    }
    return violations
  }

  /// The key usernames are unique by.
  var usernameKey: String { Identifiers.usernameKey(username) }

  func record(passwordHash: String, termsVersion: String, now: Date) -> UserRecord {
    UserRecord(
      id: ID.make(now: now), email: email, username: username, usernameKey: usernameKey,
      displayName: displayName.isEmpty ? username : displayName, role: role, passwordHash: passwordHash,
      termsVersion: termsVersion, termsAcceptedAt: now, createdAt: now, updatedAt: now)
  }
}
