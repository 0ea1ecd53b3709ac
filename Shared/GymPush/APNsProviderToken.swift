import Crypto
import Foundation
import Synchronization

/// The provider authentication token APNs wants in `authorization: bearer`: an ES256 JWT
/// naming the signing key (`kid`) and the team (`iss`), with its issue time (`iat`),
/// signed with the .p8 key from the developer account.
///
/// APNs refuses a token older than an hour (403 `ExpiredProviderToken`) and one replaced
/// more often than every 20 minutes (429 `TooManyProviderTokenUpdates`), so one token
/// serves every request for `lifetime` (50 minutes: replaced before the hour) and is then
/// signed anew. Signing is synchronous under the lock, so concurrent senders never make
/// two tokens for one period.
public final class APNsProviderToken: Sendable {
  public struct Credentials: Sendable {
    /// The key's identifier in the developer account: 10 characters, A–Z and 0–9.
    public var keyID: String
    /// The team's identifier: 10 characters, A–Z and 0–9.
    public var teamID: String
    public var privateKey: P256.Signing.PrivateKey

    public init(keyID: String, teamID: String, privateKey: P256.Signing.PrivateKey) throws(PushConfigurationError) {
      for (name, value) in [("key id", keyID), ("team id", teamID)] where !Self.isIdentifier(value) {
        throw PushConfigurationError("the APNs \(name) '\(value)' is not 10 characters of A-Z and 0-9")
      }
      self.keyID = keyID
      self.teamID = teamID
      self.privateKey = privateKey
    }

    /// From the .p8 file APNs hands out (a PKCS#8 PEM of a P-256 key).
    public init(keyID: String, teamID: String, p8 pem: String) throws(PushConfigurationError) {
      let key: P256.Signing.PrivateKey
      do {
        key = try P256.Signing.PrivateKey(pemRepresentation: pem)
      } catch {
        throw PushConfigurationError("the APNs key is not a PEM-encoded P-256 private key (.p8): \(error)")
      }
      try self.init(keyID: keyID, teamID: teamID, privateKey: key)
    }

    static func isIdentifier(_ value: String) -> Bool {
      value.utf8.count == 10 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }
  }

  private struct Current {
    var token: String
    var issuedAt: Date
  }

  public let credentials: Credentials
  public let lifetime: TimeInterval
  private let now: @Sendable () -> Date
  private let current = Mutex<Current?>(nil)

  public init(credentials: Credentials, lifetime: TimeInterval = 50 * 60, now: @escaping @Sendable () -> Date = { Date() }) {
    self.credentials = credentials
    self.lifetime = lifetime
    self.now = now
  }

  /// The token to send now: the current one while it is younger than `lifetime`.
  public func token() throws -> String {
    let now = self.now()
    return try current.withLock { current in
      if let current, now.timeIntervalSince(current.issuedAt) < lifetime, now >= current.issuedAt { return current.token }
      let token = try sign(issuedAt: now)
      current = Current(token: token, issuedAt: now)
      return token
    }
  }

  /// APNs refused `token` as expired or invalid: the next request signs a new one. A
  /// newer token than the one refused is kept (another request already replaced it).
  public func discard(_ token: String) {
    current.withLock { current in
      if current?.token == token { current = nil }
    }
  }

  private func sign(issuedAt: Date) throws -> String {
    try CompactJWT.make(
      header: ["alg": "ES256", "kid": credentials.keyID], claims: ["iss": credentials.teamID, "iat": Int(issuedAt.timeIntervalSince1970)]
    ) { try credentials.privateKey.signature(for: $0).rawRepresentation }
  }
}

/// A push provider's settings that cannot work: says what to fix.
public struct PushConfigurationError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
