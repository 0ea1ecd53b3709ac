import Crypto
import Foundation
import GRPCCore
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
    // `exp` is whole seconds: 8 s leaves room for a slow first verification while the
    // whole package runs in parallel on two cores.
    let token = try await sign(claims(expiresIn: 8))
    #expect(try await verifier.verify(token).userID == "u1")
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
}
