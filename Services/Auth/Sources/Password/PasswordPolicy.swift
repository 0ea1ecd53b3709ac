import GymService
import GymStore

/// NIST SP 800-63B password rules: a minimum length (15 by default, 8 at the least),
/// long passphrases allowed, no composition rules, and refusal of common passwords and
/// of passwords that contain the account's email or username. Every refusal says why.
public struct PasswordPolicy: Sendable {
  public static let maximumLength = 256
  public static let lowestMinimum = 8

  public let minimumLength: Int
  private let common: Set<String>

  public init(minimumLength: Int = 15) {
    precondition(minimumLength >= Self.lowestMinimum, "NIST requires at least 8 characters")
    self.minimumLength = minimumLength
    self.common = Set(CommonPasswords.text.split(separator: "\n").map(String.init))
  }

  /// The reasons `password` is refused for the account, empty when it is acceptable.
  public func violations(of password: String, field: String, email: String, username: String) -> [FieldViolation] {
    // NIST counts each Unicode code point as one character.
    let length = password.unicodeScalars.count
    if length < minimumLength {
      return [FieldViolation(field, "must be at least \(minimumLength) characters long (it has \(length)); a passphrase of several words is easy to remember")]
    }
    if length > Self.maximumLength {
      return [FieldViolation(field, "must be at most \(Self.maximumLength) characters long (it has \(length))")]
    }
    let lowered = password.lowercased()
    if common.contains(lowered) {
      return [FieldViolation(field, "is one of the most commonly used passwords and easy to guess; choose another")]
    }
    let username = username.lowercased()
    if username.count >= 3 && lowered.contains(username) {
      return [FieldViolation(field, "must not contain your username")]
    }
    let email = email.lowercased()
    let localPart = email.split(separator: "@").first.map(String.init) ?? ""
    if !email.isEmpty && (lowered.contains(email) || (localPart.count >= 3 && lowered.contains(localPart))) {
      return [FieldViolation(field, "must not contain your email address")]
    }
    return []
  }
}
