import Foundation
import GRPCCore
import GymAPI
import JWTKit
import Logging
import Synchronization

/// A public key that verifies access tokens.
public struct VerificationKey: Sendable, Hashable {
  public var kid: String
  public var publicKey: [UInt8]  // raw Ed25519, 32 bytes
  public var notAfter: Date?

  public init(kid: String, publicKey: [UInt8], notAfter: Date? = nil) {
    self.kid = kid
    self.publicKey = publicKey
    self.notAfter = notAfter
  }
}

/// Where a verifier gets its keys: auth's own key store, or auth's `GetSigningKeys` RPC.
public protocol VerificationKeySource: Sendable {
  func verificationKeys() async throws -> [VerificationKey]
}

/// Verifies Ed25519 access tokens: `kid` required and matched against auth's published
/// keys (jwt-kit's fallback to a default key is cleared), signature, `exp`, `aud`, `iss`.
/// Keys are cached, refreshed periodically and when a token names an unknown `kid`.
///
/// A verified token is remembered (whole token as the key, so a forged payload under a
/// known signature never matches) until its `exp`, so a client's token costs one
/// signature check per process rather than one per call. Revocations are applied after
/// this, by the caller's session check, so the cache never outlives a ban or a logout.
public final class TokenVerifier: Sendable {
  private struct State {
    var collection = JWTKeyCollection()
    var kids: Set<String> = []
    var fetchedAt: ContinuousClock.Instant? = nil
    /// The fetch under way, which every caller that needs fresh keys joins: a burst of
    /// first requests (or of tokens naming an unknown kid) costs auth one call, not one each.
    var fetching: Task<Void, any Error>? = nil
    var verified: [String: Verified] = [:]
  }

  private struct Verified {
    var caller: Caller
    var kid: String
    var expiresAt: Date
  }

  private let source: any VerificationKeySource
  private let state = Mutex(State())
  private let refreshEvery: Duration
  private let unknownKidRetry: Duration
  private let cacheEntries: Int
  private let logger: Logger

  /// - Parameter cacheEntries: verified tokens remembered at most; 0 verifies every call.
  public init(
    source: any VerificationKeySource,
    refreshEvery: Duration = .seconds(300),
    unknownKidRetry: Duration = .seconds(5),
    cacheEntries: Int = 10_000,
    logger: Logger = Logger(label: "gym.tokens")
  ) {
    self.source = source
    self.cacheEntries = cacheEntries
    self.refreshEvery = refreshEvery
    self.unknownKidRetry = unknownKidRetry
    self.logger = logger
  }

  /// The caller a token speaks for, or UNAUTHENTICATED saying why it was refused.
  /// UNAVAILABLE when no keys could ever be fetched (auth down since start-up).
  public func verify(_ token: String) async throws(RPCError) -> Caller {
    let now = Date()
    if cacheEntries > 0, let hit = state.withLock({ $0.verified[token] }), hit.expiresAt > now {
      return hit.caller
    }
    guard let header = Self.header(of: token) else {
      throw .unauthenticated("access token is malformed: expected a JWT")
    }
    guard header.alg == "EdDSA" else {
      throw .unauthenticated("access token uses an unsupported algorithm; only EdDSA is accepted")
    }
    guard let kid = header.kid, !kid.isEmpty else {
      throw .unauthenticated("access token has no key id (kid)")
    }
    let collection = try await keys(containing: kid)
    let claims: AccessClaims
    do {
      claims = try await collection.verify(token, as: AccessClaims.self)
    } catch let rejection as AccessClaims.Rejection {
      switch rejection {
      case .expired: throw .unauthenticated("access token expired; refresh the session")
      case .wrongAudience: throw .unauthenticated("access token is not meant for this platform (aud)")
      case .wrongIssuer: throw .unauthenticated("access token was not issued by gym-auth (iss)")
      }
    } catch {
      throw .unauthenticated("access token signature is invalid")
    }
    let roles = Set(claims.roles.compactMap(Gym_Common_V1_Role.init(claimName:)))
    let caller = Caller(
      userID: claims.sub.value, sessionID: claims.sid, roles: roles,
      issuedAt: claims.iat.value.timeIntervalSince1970, emailVerified: claims.ev ?? false)
    remember(token, Verified(caller: caller, kid: kid, expiresAt: claims.exp.value), now: now)
    return caller
  }

  /// Bounded: when full, expired entries go first, then everything (a full table of live
  /// tokens means more distinct clients than the cache was sized for; they re-verify once).
  private func remember(_ token: String, _ entry: Verified, now: Date) {
    guard cacheEntries > 0 else { return }
    state.withLock { state in
      if state.verified.count >= cacheEntries {
        state.verified = state.verified.filter { $0.value.expiresAt > now }
        if state.verified.count >= cacheEntries { state.verified.removeAll(keepingCapacity: true) }
      }
      // Only while its key is still published: a refresh that retired the key already ran.
      if state.kids.contains(entry.kid) { state.verified[token] = entry }
    }
  }

  /// Fetches keys now (or joins the fetch under way); services call this at start-up so
  /// the first request is not slowed.
  public func refresh() async throws {
    let task = state.withLock { current in
      if let fetching = current.fetching { return fetching }
      let task = Task { [self] in
        defer { state.withLock { $0.fetching = nil } }
        try await fetch()
      }
      current.fetching = task
      return task
    }
    try await task.value
  }

  private func fetch() async throws {
    let fetched = try await source.verificationKeys()
    let now = Date()
    let collection = JWTKeyCollection()
    var kids: Set<String> = []
    for key in fetched where key.notAfter.map({ $0 > now }) ?? true {
      guard let publicKey = try? EdDSA.PublicKey(backing: .init(rawRepresentation: key.publicKey)) else {
        logger.warning("skipping a signing key that is not Ed25519", metadata: ["kid": "\(key.kid)"])
        continue
      }
      await collection.add(eddsa: publicKey, kid: JWKIdentifier(string: key.kid))
      kids.insert(key.kid)
    }
    // Without this, jwt-kit verifies a token with a missing or unknown kid using
    // whichever key was added first.
    await collection.clearDefault()
    state.withLock {
      $0.collection = collection
      // A retired key takes the tokens it signed with it.
      if !$0.kids.subtracting(kids).isEmpty { $0.verified = $0.verified.filter { kids.contains($0.value.kid) } }
      $0.kids = kids
      $0.fetchedAt = .now
    }
  }

  private func keys(containing kid: String) async throws(RPCError) -> JWTKeyCollection {
    let (known, fetchedAt) = state.withLock { ($0.kids.contains(kid), $0.fetchedAt) }
    let age = fetchedAt.map { ContinuousClock.now - $0 }
    let stale = age.map { $0 > refreshEvery } ?? true
    let mayRetry = age.map { $0 > unknownKidRetry } ?? true
    if stale || (!known && mayRetry) {
      do {
        try await refresh()
      } catch {
        logger.warning("could not refresh signing keys", metadata: ["error": "\(error)"])
        if fetchedAt == nil {
          throw RPCError(code: .unavailable, message: "cannot verify access tokens: signing keys are unavailable")
        }
      }
    }
    return try state.withLock { state throws(RPCError) in
      guard state.kids.contains(kid) else {
        throw RPCError.unauthenticated("access token was signed by an unknown key")
      }
      return state.collection
    }
  }

  private struct Header: Decodable {
    var alg: String?
    var kid: String?
  }

  private static func header(of token: String) -> Header? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let data = Data(base64URL: String(parts[0])) else { return nil }
    return try? JSONDecoder().decode(Header.self, from: data)
  }
}

extension Data {
  /// Decodes unpadded base64url (RFC 4648 §5), as used in JWTs.
  public init?(base64URL text: String) {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    self.init(base64Encoded: base64)
  }

  /// Encodes as unpadded base64url.
  public func base64URLEncodedString() -> String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

extension Gym_Common_V1_Role {
  /// The name used in the `roles` claim: "member", "trainer", "admin".
  public var claimName: String {
    switch self {
    case .member: "member"
    case .trainer: "trainer"
    case .admin: "admin"
    default: "unspecified"
    }
  }

  public init?(claimName: String) {
    switch claimName {
    case "member": self = .member
    case "trainer": self = .trainer
    case "admin": self = .admin
    default: return nil
    }
  }
}
