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

/// What a verifier knows of its key refreshes: the record operators and tests read.
public struct KeyRefreshRecord: Sendable, Equatable {
  /// When keys were last fetched successfully; nil until the first success.
  public var lastSuccess: Date?
  /// Failures since the last success, and in all.
  public var consecutiveFailures = 0
  public var totalFailures = 0
  public var lastError: String?
  /// No automatic attempt before this (backoff after a failure).
  public var nextAttemptAfter: Date?
}

/// Verifies Ed25519 access tokens: `kid` required and matched against auth's published
/// keys (jwt-kit's fallback to a default key is cleared), signature, `exp`, `aud`, `iss`.
///
/// Keys are cached and refreshed by one shared fetch at a time. A token under a known key
/// never waits on auth: stale keys are refreshed in the background while the cached ones
/// keep verifying. A token naming an unknown `kid` waits only for a fetch it may start
/// (at most one per `unknownKidRetry`) or one already under way; otherwise it is refused
/// at once. A failed fetch backs off exponentially (with jitter, up to `maximumBackoff`)
/// and is recorded in `refreshRecord`, so a down auth is not called by every request.
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
    var attemptedAt: ContinuousClock.Instant? = nil
    var retryAt: ContinuousClock.Instant? = nil
    /// The fetch under way, which every caller that needs fresh keys joins: a burst of
    /// first requests (or of tokens naming an unknown kid) costs auth one call, not one each.
    var fetching: Task<Void, any Error>? = nil
    var record = KeyRefreshRecord()
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
  private let initialBackoff: Duration
  private let maximumBackoff: Duration
  private let firstKeysPatience: Duration
  private let cacheEntries: Int
  private let logger: Logger

  /// - Parameters:
  ///   - firstKeysPatience: before any keys were fetched, a request waits up to this long
  ///     in all for the next attempts (every second at most) instead of failing at once.
  ///   - cacheEntries: verified tokens remembered at most; 0 verifies every call.
  public init(
    source: any VerificationKeySource,
    refreshEvery: Duration = .seconds(300),
    unknownKidRetry: Duration = .seconds(5),
    initialBackoff: Duration = .seconds(1),
    maximumBackoff: Duration = .seconds(60),
    firstKeysPatience: Duration = .seconds(2),
    cacheEntries: Int = 10_000,
    logger: Logger = Logger(label: "gym.tokens")
  ) {
    self.source = source
    self.cacheEntries = cacheEntries
    self.refreshEvery = refreshEvery
    self.unknownKidRetry = unknownKidRetry
    self.initialBackoff = initialBackoff
    self.maximumBackoff = maximumBackoff
    self.firstKeysPatience = firstKeysPatience
    self.logger = logger
  }

  /// Key refreshes so far: last success, failures, the last error, the next attempt.
  public var refreshRecord: KeyRefreshRecord { state.withLock { $0.record } }

  /// Whether signing keys were ever fetched: without them every call is refused.
  public var hasKeys: Bool { state.withLock { $0.fetchedAt != nil } }

  /// The caller of a token verified before and not yet expired, without waiting: nil
  /// when `verify` has to decide.
  public func cachedCaller(_ token: String, now: Date = Date()) -> Caller? {
    guard cacheEntries > 0, let hit = state.withLock({ $0.verified[token] }), hit.expiresAt > now else { return nil }
    return hit.caller
  }

  /// The caller a token speaks for, or UNAUTHENTICATED saying why it was refused.
  /// UNAVAILABLE when no keys could ever be fetched (auth down since start-up).
  public func verify(_ token: String) async throws(RPCError) -> Caller {
    let now = Date()
    if let caller = cachedCaller(token, now: now) { return caller }
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

  /// Fetches keys now, backoff or not (or joins the fetch under way); services call this
  /// at start-up so the first request is not slowed.
  public func refresh() async throws {
    try await state.withLock { startFetch(&$0) }.value
  }

  /// The fetch under way, or a new one. Called with the lock held.
  private func startFetch(_ state: inout State) -> Task<Void, any Error> {
    if let fetching = state.fetching { return fetching }
    state.attemptedAt = .now
    let task = Task { [self] in
      do {
        try await fetch()
      } catch {
        failed(error)
        throw error
      }
    }
    state.fetching = task
    return task
  }

  private func failed(_ error: any Error) {
    let record = state.withLock { state in
      state.fetching = nil
      state.attemptedAt = .now
      state.record.consecutiveFailures += 1
      state.record.totalFailures += 1
      state.record.lastError = "\(error)"
      // 1, 2, 4 … × initialBackoff up to the maximum, less up to a fifth so that many
      // processes that lost auth together do not come back to it together.
      let doublings = min(state.record.consecutiveFailures - 1, 30)
      // Until the first keys arrive nothing can be served: retry at least every second.
      let ceiling = state.fetchedAt == nil ? min(maximumBackoff, .seconds(1)) : maximumBackoff
      let full = min(initialBackoff * (1 << doublings), ceiling)
      let delay = full * Double.random(in: 0.8...1.0)
      state.retryAt = .now + delay
      state.record.nextAttemptAfter = Date().addingTimeInterval(delay.inSeconds)
      return state.record
    }
    logger.warning(
      "could not refresh signing keys",
      metadata: [
        "error": "\(error)", "consecutive_failures": "\(record.consecutiveFailures)",
        "next_attempt_after": "\(record.nextAttemptAfter.map { "\($0)" } ?? "-")",
      ])
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
      $0.fetching = nil
      $0.attemptedAt = .now
      $0.retryAt = nil
      $0.record.lastSuccess = now
      $0.record.consecutiveFailures = 0
      $0.record.nextAttemptAfter = nil
    }
  }

  /// What to do about keys for one token.
  private enum Plan {
    case use(JWTKeyCollection)
    case wait(Task<Void, any Error>)
    case unavailable(retryIn: Duration?)
    case unknownKey
  }

  private func keys(containing kid: String, waited: Duration = .zero) async throws(RPCError) -> JWTKeyCollection {
    let plan = state.withLock { state -> Plan in
      let now = ContinuousClock.now
      let backingOff = state.retryAt.map { now < $0 } ?? false
      guard let fetchedAt = state.fetchedAt else {
        // Never had keys: every request needs the first fetch, but not one per request
        // while auth is down.
        if state.fetching == nil && backingOff { return .unavailable(retryIn: state.retryAt.map { $0 - now }) }
        return .wait(startFetch(&state))
      }
      if state.kids.contains(kid) {
        if now - fetchedAt > refreshEvery && !backingOff { _ = startFetch(&state) }
        return .use(state.collection)
      }
      if let fetching = state.fetching { return .wait(fetching) }
      let recentlyTried = state.attemptedAt.map { now - $0 < unknownKidRetry } ?? false
      if recentlyTried || backingOff { return .unknownKey }
      return .wait(startFetch(&state))
    }
    switch plan {
    case .use(let collection):
      return collection
    case .unknownKey:
      throw RPCError.unauthenticated("access token was signed by an unknown key")
    case .unavailable(let retryIn):
      // Before the first keys a short backoff is waited out (once) rather than failing
      // every request in it: nothing can be served without keys, and the wait is shared.
      if let retryIn, waited + retryIn <= firstKeysPatience, !Task.isCancelled {
        try? await Task.sleep(for: retryIn)
        return try await keys(containing: kid, waited: waited + retryIn)
      }
      throw Self.keysUnavailable(retryIn: retryIn)
    case .wait(let fetch):
      // The fetch's outcome is read from the state below, which says why keys are missing.
      _ = try? await fetch.value
      return try state.withLock { state throws(RPCError) in
        if state.fetchedAt == nil { throw Self.keysUnavailable(retryIn: state.retryAt.map { $0 - .now }) }
        guard state.kids.contains(kid) else {
          throw RPCError.unauthenticated("access token was signed by an unknown key")
        }
        return state.collection
      }
    }
  }

  private static func keysUnavailable(retryIn: Duration?) -> RPCError {
    let retry = retryIn.map { "; retrying in \(Int($0.inSeconds.rounded(.up))) s" } ?? ""
    return RPCError(code: .unavailable, message: "cannot verify access tokens: signing keys are unavailable" + retry)
  }

  private struct Header: Decodable {
    var alg: String?
    var kid: String?
  }

  private static func header(of token: String) -> Header? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let data = Data(base64URL: String(parts[0])) else { return nil }
    // A header that does not decode is not a token: the caller refuses it as such.
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
