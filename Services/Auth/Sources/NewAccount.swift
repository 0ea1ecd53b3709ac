import Foundation
import GymService
import GymStore

/// The fields of an account being created (Register, CreateAdmin), normalised and
/// checked in one place.
struct NewAccount {
  var email: String
  var username: String
  var password: String
  var displayName: String
  var role = "member"
  let emailProblem: String?

  init(email: String, username: String, password: String, displayName: String) {
    switch Identifiers.canonicalEmail(email) {
    case .success(let canonical): (self.email, emailProblem) = (canonical, nil)
    case .failure(let problem): (self.email, emailProblem) = (Identifiers.emailKey(email), problem.message)
    }
    self.username = username.trimmingCharacters(in: .whitespaces)
    self.password = password
    self.displayName = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func violations(policy: PasswordPolicy) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    if let emailProblem { violations.append(FieldViolation("email", emailProblem)) }
    if let problem = Identifiers.usernameProblem(username) { violations.append(FieldViolation("username", problem)) }
    violations += policy.violations(of: password, field: "password", email: email, username: username)
    // Empty is allowed here: the account then shows its username.
    if !displayName.isEmpty, let violation = ProfileUpdate.displayNameBound.violation(displayName, field: "display_name") {
      violations.append(violation)
    }
    return violations
  }

  /// The key usernames are unique by.
  var usernameKey: String { Identifiers.usernameKey(username) }

  func record(passwordHash: String, termsVersion: String, now: Date) -> UserRecord {
    var record = UserRecord(
      id: ID.make(now: now), email: email, username: username, usernameKey: usernameKey,
      displayName: displayName.isEmpty ? username : displayName, role: role, passwordHash: passwordHash,
      termsVersion: termsVersion, termsAcceptedAt: now, createdAt: now, updatedAt: now)
    // Signing up is activity: an account never used again is still found inactive later.
    record.lastActiveAt = now
    return record
  }
}
