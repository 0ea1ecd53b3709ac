import Crypto
import Foundation
import GymAPI
import GymService
import JWTKit

/// Signs access tokens with the newest Ed25519 key and publishes the public halves
/// of all keys; also the key source of auth's own `TokenVerifier`.
public final class TokenIssuer: VerificationKeySource {
  public let accessTokenLifetime: TimeInterval
  private let keys: [SigningKeyStore.Key]
  private let signer: JWTKeyCollection
  private let signingKid: String

  public init(keys: [SigningKeyStore.Key], accessTokenLifetime: TimeInterval) async {
    precondition(!keys.isEmpty)
    self.keys = keys
    self.accessTokenLifetime = accessTokenLifetime
    let newest = keys.max { $0.kid < $1.kid }!
    self.signingKid = newest.kid
    let collection = JWTKeyCollection()
    await collection.add(eddsa: EdDSA.PrivateKey(backing: newest.privateKey), kid: JWKIdentifier(string: newest.kid))
    self.signer = collection
  }

  /// A signed access token for a session, and when it expires.
  public func accessToken(
    userID: String, sessionID: String, roles: [Gym_Common_V1_Role], emailVerified: Bool = false, now: Date = Date()
  )
    async throws -> (token: String, expiresAt: Date)
  {
    let expiresAt = now.addingTimeInterval(accessTokenLifetime)
    let claims = AccessClaims(
      userID: userID, sessionID: sessionID, roles: roles.map(\.claimName), issuedAt: now, expiresAt: expiresAt,
      emailVerified: emailVerified)
    let token = try await signer.sign(claims, kid: JWKIdentifier(string: signingKid))
    return (token, expiresAt)
  }

  public func verificationKeys() async throws -> [VerificationKey] {
    keys.map { VerificationKey(kid: $0.kid, publicKey: Array($0.privateKey.publicKey.rawRepresentation)) }
  }

  public var publishedKeys: [(kid: String, publicKey: Data, createdAt: Date)] {
    keys.map { ($0.kid, $0.privateKey.publicKey.rawRepresentation, $0.createdAt) }
  }
}
