import Crypto
import Foundation

/// Seals mail bodies at rest. Bodies hold reset and verification codes; sealed, they
/// are unreadable in the database file and its backups to anyone without the key
/// (derived from the service credential), while the sender and `gymctl mail` (through
/// auth) still read them.
public struct MailSeal: Sendable {
  private let key: SymmetricKey
  private static let prefix = "sealed:v1:"

  public init(key: SymmetricKey) {
    self.key = key
  }

  /// A key of its own, for stores whose mail no other process reads (tests).
  public static func random() -> MailSeal { MailSeal(key: SymmetricKey(size: .bits256)) }

  func seal(_ body: String) throws -> String {
    let box = try ChaChaPoly.seal(Data(body.utf8), using: key)
    return Self.prefix + box.combined.base64EncodedString()
  }

  /// The plain body. An empty body (erased after delivery) stays empty; one sealed under
  /// another key (the credential was replaced) says so rather than showing ciphertext.
  func open(_ stored: String) -> String {
    guard stored.hasPrefix(Self.prefix) else { return stored }
    guard let combined = Data(base64Encoded: String(stored.dropFirst(Self.prefix.count))),
      let box = try? ChaChaPoly.SealedBox(combined: combined),
      let plain = try? ChaChaPoly.open(box, using: key)
    else { return "(sealed under an earlier service credential; cannot be read)" }
    return String(decoding: plain, as: UTF8.self)
  }
}
