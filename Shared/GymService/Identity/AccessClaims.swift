import Foundation
import JWTKit

/// The claims of a gym access token (docs/architecture.md: `sub`, `sid`, `roles`, `kid` in the header).
public struct AccessClaims: JWTPayload, Equatable {
  public static let audience = "gym"
  public static let issuer = "gym-auth"

  public var sub: SubjectClaim
  public var sid: String
  public var roles: [String]
  public var iat: IssuedAtClaim
  public var exp: ExpirationClaim
  public var aud: AudienceClaim
  public var iss: IssuerClaim
  /// Email verified (or not required by the platform); absent = not verified.
  public var ev: Bool?

  public init(userID: String, sessionID: String, roles: [String], issuedAt: Date, expiresAt: Date, emailVerified: Bool = false) {
    self.ev = emailVerified ? true : nil
    self.sub = SubjectClaim(value: userID)
    self.sid = sessionID
    self.roles = roles
    self.iat = IssuedAtClaim(value: issuedAt)
    self.exp = ExpirationClaim(value: expiresAt)
    self.aud = AudienceClaim(value: [Self.audience])
    self.iss = IssuerClaim(value: Self.issuer)
  }

  /// Why a correctly signed token is still refused.
  public enum Rejection: Error, Equatable {
    case expired
    case wrongAudience
    case wrongIssuer
  }

  public func verify(using algorithm: some JWTAlgorithm) async throws {
    guard exp.value > Date() else { throw Rejection.expired }
    guard aud.value.contains(Self.audience) else { throw Rejection.wrongAudience }
    guard iss.value == Self.issuer else { throw Rejection.wrongIssuer }
  }
}
