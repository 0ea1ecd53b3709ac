import Crypto
import Foundation
import GRPCCore
import GymTesting
import JWTKit
import Synchronization
import Testing

@testable import GymService

/// Keys published by a fake auth.
private struct FixedKeys: VerificationKeySource {
  let keys: [VerificationKey]
  func verificationKeys() async throws -> [VerificationKey] { keys }
}

@Suite struct TokenVerifierTests {
  let key = Curve25519.Signing.PrivateKey()
  let kid = "key-1"

  var verifier: TokenVerifier {
    TokenVerifier(source: FixedKeys(keys: [VerificationKey(kid: kid, publicKey: Array(key.publicKey.rawRepresentation))]))
  }

  func sign(
    _ claims: AccessClaims, with signingKey: Curve25519.Signing.PrivateKey? = nil, kid: String? = "key-1"
  ) async throws -> String {
    let collection = JWTKeyCollection()
    await collection.add(eddsa: EdDSA.PrivateKey(backing: signingKey ?? key), kid: kid.map { JWKIdentifier(string: $0) })
    return try await collection.sign(claims, kid: kid.map { JWKIdentifier(string: $0) })
  }

  func claims(expiresIn seconds: TimeInterval = 600) -> AccessClaims {
    AccessClaims(userID: "u1", sessionID: "s1", roles: ["trainer"], issuedAt: Date(), expiresAt: Date().addingTimeInterval(seconds))
  }

  @Test func validTokenYieldsTheCaller() async throws {
    let caller = try await verifier.verify(try await sign(claims()))
    #expect(caller.userID == "u1")
    #expect(caller.sessionID == "s1")
    #expect(caller.roles == [.trainer])
  }

  @Test func tokenWithoutKidIsRefusedEvenThoughJWTKitWouldUseItsDefaultKey() async throws {
    let token = try await sign(claims(), kid: nil)
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
    #expect(error?.code == .unauthenticated)
    #expect(error?.message.contains("key id") == true)
  }

  @Test func tokenWithUnknownKidIsRefused() async throws {
    let token = try await sign(claims(), kid: "other")
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
    #expect(error?.code == .unauthenticated)
    #expect(error?.message.contains("unknown key") == true)
  }

  @Test func tokenSignedByAnotherKeyUnderAKnownKidIsRefused() async throws {
    let token = try await sign(claims(), with: Curve25519.Signing.PrivateKey())
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
    #expect(error?.code == .unauthenticated)
  }

  @Test func tamperedPayloadIsRefused() async throws {
    let token = try await sign(claims())
    var parts = token.split(separator: ".").map(String.init)
    var payload = try JSONSerialization.jsonObject(with: Data(base64URL: parts[1])!) as! [String: Any]
    payload["roles"] = ["admin"]
    parts[1] = try JSONSerialization.data(withJSONObject: payload).base64URLEncodedString()
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(parts.joined(separator: ".")) }
    #expect(error?.code == .unauthenticated)
  }

  @Test func expiredTokenAndWrongAudienceAreRefusedWithReasons() async throws {
    let expired = await #expect(throws: RPCError.self) { try await verifier.verify(try await sign(claims(expiresIn: -5))) }
    #expect(expired?.message.contains("expired") == true)

    var other = claims()
    other.aud = AudienceClaim(value: ["someone-else"])
    let wrongAudience = await #expect(throws: RPCError.self) { try await verifier.verify(try await sign(other)) }
    #expect(wrongAudience?.message.contains("aud") == true)
  }

  @Test func garbageIsRefused() async throws {
    for token in ["", "abc", "a.b.c", "eyJhbGciOiJub25lIn0.e30."] {
      let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
      #expect(error?.code == .unauthenticated)
    }
  }

  @Test func noKeysAtAllIsUnavailableNotUnauthenticated() async throws {
    struct Down: VerificationKeySource {
      func verificationKeys() async throws -> [VerificationKey] { throw CancellationError() }
    }
    let error = await #expect(throws: RPCError.self) {
      try await TokenVerifier(source: Down()).verify(try await sign(claims()))
    }
    #expect(error?.code == .unavailable)
  }

  @Test func aBurstOfFirstRequestsFetchesTheKeysOnce() async throws {
    /// Slow enough that every request of the burst arrives while the fetch is under way.
    final class CountingKeys: VerificationKeySource {
      let keys: [VerificationKey]
      let calls = Mutex(0)
      init(keys: [VerificationKey]) { self.keys = keys }
      func verificationKeys() async throws -> [VerificationKey] {
        calls.withLock { $0 += 1 }
        try await Task.sleep(for: .milliseconds(200))
        return keys
      }
    }
    let source = CountingKeys(keys: [VerificationKey(kid: kid, publicKey: Array(key.publicKey.rawRepresentation))])
    let verifier = TokenVerifier(source: source)
    let token = try await sign(claims())
    let verified = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<200 { group.addTask { try await verifier.verify(token).userID } }
      return try await group.reduce(into: 0) { count, _ in count += 1 }
    }
    #expect(verified == 200)
    #expect(source.calls.withLock { $0 } == 1)
  }

  @Test func aCachedTokenIsStillRefusedOnceItExpires() async throws {
    let verifier = self.verifier
    // `exp` is whole seconds, 8 from signing. The premise is a token accepted (and
    // cached) before it expires: on a machine so loaded that the first verification
    // comes after that, a fresh token is tried.
    var token = ""
    var accepted = false
    for _ in 0..<5 where !accepted {
      token = try await sign(claims(expiresIn: 8))
      accepted = (try? await verifier.verify(token).userID) == "u1"
    }
    #expect(accepted)
    try await Task.sleep(for: .milliseconds(8100))
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
    #expect(error?.message.contains("expired") == true)
  }

  @Test func aPayloadSwappedUnderACachedSignatureIsRefused() async throws {
    let verifier = self.verifier
    let genuine = try await sign(claims())
    _ = try await verifier.verify(genuine)
    var forgedClaims = claims()
    forgedClaims.sub = .init(value: "someone-else")
    let forgedPayload = try await sign(forgedClaims).split(separator: ".")[1]
    let parts = genuine.split(separator: ".")
    let forged = [parts[0], forgedPayload, parts[2]].joined(separator: ".")
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(forged) }
    #expect(error?.code == .unauthenticated)
  }

  @Test func retiringAKeyDropsTheTokensItSignedFromTheCache() async throws {
    final class Rotating: VerificationKeySource {
      let keys: Mutex<[VerificationKey]>
      init(_ keys: [VerificationKey]) { self.keys = Mutex(keys) }
      func verificationKeys() async throws -> [VerificationKey] { keys.withLock { $0 } }
    }
    let source = Rotating([VerificationKey(kid: kid, publicKey: Array(key.publicKey.rawRepresentation))])
    let verifier = TokenVerifier(source: source)
    let token = try await sign(claims())
    _ = try await verifier.verify(token)
    source.keys.withLock { $0 = [] }
    try await verifier.refresh()
    let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
    #expect(error?.message.contains("unknown key") == true)
  }

  @Test func aFullCacheStillVerifiesEveryToken() async throws {
    let verifier = TokenVerifier(
      source: FixedKeys(keys: [VerificationKey(kid: kid, publicKey: Array(key.publicKey.rawRepresentation))]),
      cacheEntries: 2)
    for user in 0..<5 {
      var claims = claims()
      claims.sub = .init(value: "user-\(user)")
      let token = try await sign(claims)
      #expect(try await verifier.verify(token).userID == "user-\(user)")
      #expect(try await verifier.verify(token).userID == "user-\(user)")
    }
  }

  /// Auth as the verifier sees it: answering, slow, or down; every call counted.
  final class ScriptedKeys: VerificationKeySource {
    enum Mode {
      case answer
      /// Answers once the test calls `release()`: a fetch that hangs for exactly as long
      /// as the test needs, however slow the machine.
      case held
      case down
    }
    let keys: [VerificationKey]
    let mode: Mutex<Mode>
    let calls = Mutex(0)
    /// When the last held fetch answered: the verifier's retry window starts after it.
    let answeredAt = Mutex<ContinuousClock.Instant?>(nil)
    private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
    init(keys: [VerificationKey], mode: Mode = .answer) {
      self.keys = keys
      self.mode = Mutex(mode)
    }
    func release() {
      let waiting = gate.withLock { gate in
        gate.open = true
        defer { gate.waiting = [] }
        return gate.waiting
      }
      for continuation in waiting { continuation.resume() }
    }
    func verificationKeys() async throws -> [VerificationKey] {
      calls.withLock { $0 += 1 }
      switch mode.withLock({ $0 }) {
      case .answer: return keys
      case .held:
        await withCheckedContinuation { continuation in
          let open = gate.withLock { gate in
            if !gate.open { gate.waiting.append(continuation) }
            return gate.open
          }
          if open { continuation.resume() }
        }
        answeredAt.withLock { $0 = .now }
        return keys
      case .down: throw RPCError(code: .unavailable, message: "auth is down")
      }
    }
    /// Waits until auth has been asked `count` times.
    func waitForCalls(_ count: Int) async throws {
      while calls.withLock({ $0 }) < count { try await Task.sleep(for: .milliseconds(5)) }
    }
  }

  var publishedKey: VerificationKey { VerificationKey(kid: kid, publicKey: Array(key.publicKey.rawRepresentation)) }

  /// The refresh hangs until the test releases it, so a request that waited on it would
  /// never finish: the time limit, not a stopwatch, catches that.
  @Test(.timeLimit(.minutes(1))) func aKnownKeyKeepsVerifyingWhileStaleKeysAreRefreshedInTheBackground() async throws {
    let source = ScriptedKeys(keys: [publishedKey])
    let verifier = TokenVerifier(source: source, refreshEvery: .milliseconds(50), cacheEntries: 0)
    let token = try await sign(claims())
    _ = try await verifier.verify(token)
    source.mode.withLock { $0 = .held }
    try await Task.sleep(for: .milliseconds(100))
    for _ in 0..<20 { #expect(try await verifier.verify(token).userID == "u1") }
    // The refresh runs in a task of its own, which a loaded machine may start late; any
    // other refresh a request started would have had as long to ask auth.
    try await source.waitForCalls(2)
    try await Task.sleep(for: .milliseconds(200))
    #expect(source.calls.withLock { $0 } == 2, "one background refresh, shared by every stale request")
    source.release()
  }

  @Test func aDownAuthIsAskedWithGrowingBackoffAndTheFailuresAreRecorded() async throws {
    // Keys are known, then auth goes down: tokens keep verifying while the stale keys'
    // background refreshes fail and back off. Backoffs of 1.5 s and 3 s leave a loaded
    // machine ample time for its quick calls inside them.
    let source = ScriptedKeys(keys: [publishedKey])
    let verifier = TokenVerifier(
      source: source, refreshEvery: .milliseconds(10), initialBackoff: .milliseconds(1500), maximumBackoff: .seconds(10),
      cacheEntries: 0)
    let token = try await sign(claims())
    #expect(try await verifier.verify(token).userID == "u1")
    source.mode.withLock { $0 = .down }
    try await Task.sleep(for: .milliseconds(20))
    var before = Date()
    #expect(try await verifier.verify(token).userID == "u1", "a known key does not wait on a down auth")
    #expect(try await eventually { verifier.refreshRecord.consecutiveFailures == 1 })
    for _ in 0..<10 { #expect(try await verifier.verify(token).userID == "u1") }
    #expect(source.calls.withLock { $0 } == 2, "requests during the backoff must not call auth")
    var record = verifier.refreshRecord
    #expect(record.lastError?.contains("auth is down") == true)
    #expect(record.lastSuccess != nil)
    var next = try #require(record.nextAttemptAfter)
    #expect(next.timeIntervalSince(before) >= 1.2 - 0.001, "at least 0.8 × 1.5 s after the failure")

    try await Task.sleep(until: .now + .seconds(max(0, next.timeIntervalSinceNow) + 0.05))
    before = Date()
    _ = try await verifier.verify(token)
    #expect(try await eventually { verifier.refreshRecord.consecutiveFailures == 2 })
    let after = Date()
    record = verifier.refreshRecord
    #expect(source.calls.withLock { $0 } == 3)
    // The second wait is 0.8–1 × 3 s from the second failure, which happened between
    // `before` and `after` (bounds that hold however slowly a loaded machine runs this).
    next = try #require(record.nextAttemptAfter)
    #expect(next.timeIntervalSince(before) >= 2.4 - 0.001, "the backoff doubled: at least 0.8 × 3 s")
    #expect(next.timeIntervalSince(after) <= 3.0, "the backoff doubled once: at most 3 s")

    source.mode.withLock { $0 = .answer }
    try await Task.sleep(until: .now + .seconds(max(0, next.timeIntervalSinceNow) + 0.05))
    _ = try await verifier.verify(token)
    #expect(try await eventually { verifier.refreshRecord.consecutiveFailures == 0 })
    record = verifier.refreshRecord
    #expect(record.totalFailures == 2)
    #expect(record.nextAttemptAfter == nil)
  }

  @Test(.timeLimit(.minutes(1))) func tokensNamingUnknownKeysCannotKeepEveryoneWaitingOnAuth() async throws {
    let source = ScriptedKeys(keys: [publishedKey])
    let window = Duration.seconds(6)
    let verifier = TokenVerifier(source: source, unknownKidRetry: window, cacheEntries: 0)
    let genuine = try await sign(claims())
    _ = try await verifier.verify(genuine)
    var forged: [String] = []
    for attempt in 1...50 { forged.append(try await sign(claims(), kid: "forged-\(attempt)")) }
    source.mode.withLock { $0 = .held }
    try await Task.sleep(for: window + .milliseconds(100))

    // The first unknown kid starts one fetch; while it hangs, genuine tokens go through
    // (had they waited on it, they would hang until the time limit).
    let attacker = Task { try await verifier.verify(try await sign(claims(), kid: "forged-0")) }
    try await source.waitForCalls(2)
    for _ in 0..<20 { #expect(try await verifier.verify(genuine).userID == "u1") }
    source.release()
    let first = await #expect(throws: RPCError.self) { try await attacker.value }
    #expect(first?.code == .unauthenticated)

    // Within the window after that fetch, more unknown kids are refused at once and auth
    // is not asked. The window opened after the fetch answered, so a token sent before
    // answeredAt + window is surely inside it, however slowly this machine runs.
    let windowSurelyOpenUntil = try #require(source.answeredAt.withLock { $0 }) + window
    var refused = 0
    for token in forged where ContinuousClock.now < windowSurelyOpenUntil {
      let error = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
      #expect(error?.message.contains("unknown key") == true)
      refused += 1
    }
    #expect(refused > 0, "the machine stalled past the whole window; nothing was checked")
    #expect(source.calls.withLock { $0 } == 2)
  }

  @Test func beforeTheFirstKeysAShortBackoffIsWaitedOutNotFailed() async throws {
    let source = ScriptedKeys(keys: [publishedKey], mode: .down)
    let verifier = TokenVerifier(source: source, initialBackoff: .milliseconds(400))
    let token = try await sign(claims())
    let first = await #expect(throws: RPCError.self) { try await verifier.verify(token) }
    #expect(first?.code == .unavailable)
    // Auth is back; a request inside the backoff waits for the next attempt and succeeds.
    source.mode.withLock { $0 = .answer }
    #expect(try await verifier.verify(token).userID == "u1")
    #expect(source.calls.withLock { $0 } == 2)
  }
}
