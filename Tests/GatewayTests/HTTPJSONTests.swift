import AuthTesting
import Foundation
import GymAPI
import GymGateway
import GymService
import GymTesting
import SwiftProtobuf
import Testing

/// HTTP/JSON at the gateway's door, called with curl: auth and the gateway in-process,
/// the other backends nowhere (port 1).
@Suite struct HTTPJSONTests {
  static let password = "violet staircase under a quiet harbour"

  static func register(_ name: String, at gateway: HostPort, http2: Bool = true) async throws -> Gym_Auth_V1_RegisterResponse {
    let response = try await CurlClient.request(
      http2: http2, "POST", "http://\(gateway)/v1/auth:register", headers: ["content-type": "application/json"],
      body: #"{"email":"\#(name)@example.com","username":"\#(name)","password":"\#(password)","acceptTerms":true,"termsVersion":"2026-01"}"#)
    #expect(response.status == 200, "\(response)")
    return try Gym_Auth_V1_RegisterResponse(jsonUTF8Bytes: response.body)
  }

  /// The body of a failed call, with its details readable.
  static func status(_ response: CurlClient.Response) throws -> Google_Rpc_Status {
    #expect(response.header("content-type") == "application/json", "\(response)")
    Google_Protobuf_Any.register(messageType: Google_Rpc_BadRequest.self)
    Google_Protobuf_Any.register(messageType: Google_Rpc_RetryInfo.self)
    return try Google_Rpc_Status(jsonUTF8Bytes: response.body)
  }

  /// Over HTTP/2 and over HTTP/1.1 (one connection per curl, keep-alive within it).
  @Test(arguments: [true, false]) func theAccountFlowOverHTTPJSON(http2: Bool) async throws {
    let logs = CapturedLogs()
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.accessLog = true }, logger: logs.logger(label: "gateway")
      ) { (gateway: HostPort) in
        let base = "http://\(gateway)"
        let registered = try await Self.register("kim", at: gateway, http2: http2)
        #expect(registered.user.username == "kim" && !registered.tokens.accessToken.isEmpty)
        // Fields in lowerCamelCase, no default values, enums by name.
        let login = try await CurlClient.request(
          http2: http2, "POST", base + "/v1/auth:login", body: #"{"identifier":"kim@example.com","password":"\#(Self.password)","clientDescription":"curl"}"#)
        #expect(login.status == 200, "\(login)")
        #expect(login.text.contains(#""roles":["MEMBER"]"#) && login.text.contains(#""accessToken":""#), "\(login.text)")
        let tokens = try Gym_Auth_V1_LoginResponse(jsonUTF8Bytes: login.body).tokens
        let bearer = ["authorization": "Bearer \(tokens.accessToken)"]

        let me = try await CurlClient.request(http2: http2, "GET", base + "/v1/me", headers: bearer)
        #expect(me.status == 200 && me.header("cache-control") == "no-store", "\(me)")
        #expect(try Gym_Auth_V1_GetMeResponse(jsonUTF8Bytes: me.body).user.id == registered.user.id)
        #expect(me.header("x-request-id")?.isEmpty == false)

        // A path variable, percent-encoded as a client would send it.
        let profile = try await CurlClient.request(http2: http2, "GET", base + "/v1/usernames/k%69m/profile", headers: bearer)
        #expect(try Gym_Auth_V1_GetProfileResponse(jsonUTF8Bytes: profile.body).profile.userID == registered.user.id, "\(profile)")
        // PATCH with the resource as the body; the mask is what the body names.
        let patched = try await CurlClient.request(http2: http2, "PATCH", base + "/v1/me/profile", headers: bearer, body: #"{"bio":"Lifts on Tuesdays"}"#)
        #expect(try Gym_Auth_V1_UpdateProfileResponse(jsonUTF8Bytes: patched.body).user.profile.bio == "Lifts on Tuesdays", "\(patched)")
        // Query parameters: a filter and the page size.
        _ = try await Self.register("kimberly", at: gateway, http2: http2)
        let search = try await CurlClient.request(http2: http2, "GET", base + "/v1/profiles?query=kimberly&pageSize=5", headers: bearer)
        #expect(try Gym_Auth_V1_SearchProfilesResponse(jsonUTF8Bytes: search.body).profiles.map(\.username) == ["kimberly"], "\(search)")

        // Two sessions (register, login); revoking the first by its id in the path leaves one.
        let sessions = try Gym_Auth_V1_ListSessionsResponse(
          jsonUTF8Bytes: try await CurlClient.request(http2: http2, "GET", base + "/v1/me/sessions", headers: bearer).body)
        #expect(sessions.sessions.count == 2)
        let other = try #require(sessions.sessions.first { !$0.current })
        let revoked = try await CurlClient.request(http2: http2, "DELETE", base + "/v1/me/sessions/\(other.id)", headers: bearer)
        #expect(revoked.status == 200 && revoked.text == "{}", "\(revoked)")
        let after = try Gym_Auth_V1_ListSessionsResponse(
          jsonUTF8Bytes: try await CurlClient.request(http2: http2, "GET", base + "/v1/me/sessions", headers: bearer).body)
        #expect(after.sessions.map(\.id) == [tokens.sessionID])

        let logout = try await CurlClient.request(http2: http2, "POST", base + "/v1/auth:logout", headers: bearer, body: "{}")
        #expect(logout.status == 200, "\(logout)")
        let gone = try await CurlClient.request(http2: http2, "GET", base + "/v1/me", headers: bearer)
        #expect(gone.status == 401 && gone.header("www-authenticate") == "Bearer", "\(gone)")

        // A call the door refuses itself (a body GET takes none of) is logged as the relay
        // logs the calls it relays.
        let refused = try await CurlClient.request(http2: http2, "GET", base + "/v1/me", headers: bearer, body: #"{"x":1}"#)
        #expect(refused.status == 400, "\(refused)")

        // The relay logged the calls as any gRPC call, naming the protocol.
        let lines = logs.all.filter { $0.message == "rpc" && $0.metadata["method"] == "gym.auth.v1.AuthService/GetMe" }
        #expect(lines.map { $0.metadata["protocol"] } == ["json", "json", "json"], "\(lines)")
        #expect(lines.map { $0.metadata["code"] } == ["OK", "UNAUTHENTICATED", "INVALID_ARGUMENT"])
        #expect(lines.last?.metadata["request_id"] == refused.header("x-request-id"))
      }
    }
  }

  @Test func refusalsAreStatusBodiesWithTheRightHTTPStatus() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { (gateway: HostPort) in
        let base = "http://\(gateway)"
        let register = base + "/v1/auth:register"

        let unknown = try await CurlClient.request("POST", register, body: #"{"email":"a@example.com","nickname":"al"}"#)
        #expect(unknown.status == 400, "\(unknown)")
        #expect(try Self.status(unknown).message.contains("nickname is not a field of gym.auth.v1.RegisterRequest"))

        // The service's own field violations, passed on as details.
        let weak = try await CurlClient.request(
          "POST", register, body: #"{"email":"lea@example.com","username":"lea","password":"short","acceptTerms":true,"termsVersion":"1"}"#)
        #expect(weak.status == 400, "\(weak)")
        let violations = try #require(try Self.status(weak).details.first).unpackedBadRequest.fieldViolations
        #expect(violations.first?.field == "password" && violations.first?.description_p.contains("at least 15") == true, "\(weak)")

        _ = try await Self.register("lea", at: gateway)
        let duplicate = try await CurlClient.request(
          "POST", register,
          body: #"{"email":"lea@example.com","username":"lea2","password":"\#(Self.password)","acceptTerms":true,"termsVersion":"1"}"#)
        #expect(duplicate.status == 409, "\(duplicate)")
        #expect(try Self.status(duplicate).code == 6)

        let missing = try await CurlClient.request("GET", base + "/v1/me")
        #expect(missing.status == 401, "\(missing)")
        let unauthenticated = try Self.status(missing)
        #expect(unauthenticated.code == 16 && unauthenticated.message.contains("missing access token"))
        // Without a token, the token is what is wrong, whatever else is (as over gRPC).
        let missingWithBadInput = try await CurlClient.request("GET", base + "/v1/profiles/u1?username=x&bogus=1")
        #expect(missingWithBadInput.status == 401, "\(missingWithBadInput)")

        let nowhere = try await CurlClient.request("GET", base + "/v1/nothing/here")
        #expect(nowhere.status == 404, "\(nowhere)")
        #expect(try Self.status(nowhere).code == 5)
        let wrongMethod = try await CurlClient.request("DELETE", base + "/v1/me")
        #expect(wrongMethod.status == 405 && wrongMethod.header("allow") == "GET", "\(wrongMethod)")
        let xml = try await CurlClient.request("POST", register, headers: ["content-type": "application/xml"], body: "<x/>")
        #expect(xml.status == 415, "\(xml)")

        // Plan is nowhere: the gateway's UNAVAILABLE is 503.
        let tokens = try await Self.register("max", at: gateway).tokens
        let down = try await CurlClient.request("GET", base + "/v1/routines", headers: ["authorization": "Bearer \(tokens.accessToken)"])
        #expect(down.status == 503, "\(down)")
        #expect(try Self.status(down).code == 14)
      }
    }
  }

  @Test func aBodyOverTheMessageLimitIs413() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential, maxMessageBytes: 4096) { (gateway: HostPort) in
        let huge = #"{"identifier":"\#(String(repeating: "x", count: 8192))","password":"p"}"#
        let refused = try await CurlClient.request("POST", "http://\(gateway)/v1/auth:login", body: huge)
        #expect(refused.status == 413, "\(refused)")
        #expect(try Self.status(refused).message.contains("exceeds the limit of 4096 bytes"))
        // Within the limit, the same call reaches auth.
        let fits = try await CurlClient.request("POST", "http://\(gateway)/v1/auth:login", body: #"{"identifier":"nobody","password":"wrong"}"#)
        #expect(fits.status == 401, "\(fits)")
      }
    }
  }

  @Test func aRateLimitIs429WithRetryAfter() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: {
          // Two reads per user, then one every 100 s: the third read is refused.
          $0.rateLimits[.read] = .init(perAddress: .unlimited, perUser: .init(perSecond: 0.01, burst: 2))
        }
      ) { (gateway: HostPort) in
        let tokens = try await Self.register("rita", at: gateway).tokens
        let bearer = ["authorization": "Bearer \(tokens.accessToken)"]
        for _ in 0..<2 {
          let allowed = try await CurlClient.request("GET", "http://\(gateway)/v1/me", headers: bearer)
          #expect(allowed.status == 200, "\(allowed)")
        }
        let limited = try await CurlClient.request("GET", "http://\(gateway)/v1/me", headers: bearer)
        #expect(limited.status == 429, "\(limited)")
        let retryAfter = try #require(limited.header("retry-after").flatMap { Int($0) }, "\(limited)")
        #expect(retryAfter >= 1 && retryAfter <= 100)
        let status = try Self.status(limited)
        #expect(status.code == 8 && status.details.contains { $0.isA(Google_Rpc_RetryInfo.self) })
      }
    }
  }

  /// Requests the door refuses itself count against the client address's limit as the
  /// relay's calls do: a flood of bad bodies meets 429 like a flood of good ones.
  @Test func refusedRequestsCountAgainstTheAddresssLimit() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: { $0.rateLimits[.signIn] = .init(perAddress: .init(perSecond: 0.01, burst: 2), perUser: .unlimited) }
      ) { (gateway: HostPort) in
        for _ in 0..<2 {
          let bad = try await CurlClient.request("POST", "http://\(gateway)/v1/auth:login", body: #"{"identifier":1}"#)
          #expect(bad.status == 400, "\(bad)")
        }
        let limited = try await CurlClient.request("POST", "http://\(gateway)/v1/auth:login", body: #"{"identifier":1}"#)
        #expect(limited.status == 429 && limited.header("retry-after") != nil, "\(limited)")
        // A good request from the same address now meets the same limit, at the relay.
        let good = try await CurlClient.request("POST", "http://\(gateway)/v1/auth:login", body: #"{"identifier":"x","password":"y"}"#)
        #expect(good.status == 429, "\(good)")
      }
    }
  }

  @Test func browsersAreAnsweredByTheCORSPolicy() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { (gateway: HostPort) in
        let url = "http://\(gateway)/v1/routines"
        // The gateway's own origin (a page it serves) may; the methods are the path's.
        let ownOrigin = "http://\(gateway)"
        let preflight = try await CurlClient.request(
          "OPTIONS", url, headers: ["origin": ownOrigin, "access-control-request-method": "POST", "access-control-request-headers": "authorization"])
        #expect(preflight.status == 204, "\(preflight)")
        #expect(preflight.header("access-control-allow-origin") == ownOrigin)
        #expect(preflight.header("access-control-allow-methods") == "POST, GET, OPTIONS")
        #expect(preflight.header("access-control-allow-headers")?.contains("authorization") == true)

        let foreign = try await CurlClient.request(
          "OPTIONS", url, headers: ["origin": "https://evil.example", "access-control-request-method": "POST"])
        #expect(foreign.status == 403 && foreign.header("access-control-allow-origin") == nil, "\(foreign)")
        let foreignCall = try await CurlClient.request("GET", "http://\(gateway)/v1/signingKeys", headers: ["origin": "https://evil.example"])
        #expect(foreignCall.status == 403, "\(foreignCall)")
        #expect(try Self.status(foreignCall).message.contains("GYM_GATEWAY_CORS_ORIGINS"))

        let ownCall = try await CurlClient.request("GET", "http://\(gateway)/v1/signingKeys", headers: ["origin": ownOrigin])
        #expect(ownCall.status == 200, "\(ownCall)")
        #expect(ownCall.header("access-control-allow-origin") == ownOrigin)
        #expect(ownCall.header("access-control-expose-headers")?.contains("retry-after") == true)

        let unknownPath = try await CurlClient.request(
          "OPTIONS", "http://\(gateway)/v1/nothing", headers: ["origin": ownOrigin, "access-control-request-method": "GET"])
        #expect(unknownPath.status == 404, "\(unknownPath)")
      }
      // An origin the operator lists (GYM_GATEWAY_CORS_ORIGINS) may; others still may not.
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.corsOrigins = "https://coach.example.com" }
      ) { (gateway: HostPort) in
        let listed = try await CurlClient.request(
          http2: false, "OPTIONS", "http://\(gateway)/v1/me/profile",
          headers: ["origin": "https://coach.example.com", "access-control-request-method": "PATCH"])
        #expect(listed.status == 204 && listed.header("access-control-allow-origin") == "https://coach.example.com", "\(listed)")
        #expect(listed.header("access-control-allow-methods") == "PATCH, OPTIONS")
        let call = try await CurlClient.request(http2: false, "GET", "http://\(gateway)/v1/me", headers: ["origin": "https://coach.example.com"])
        #expect(call.status == 401 && call.header("access-control-allow-origin") == "https://coach.example.com", "\(call)")
        let other = try await CurlClient.request(http2: false, "GET", "http://\(gateway)/v1/me", headers: ["origin": "https://evil.example"])
        #expect(other.status == 403, "\(other)")
      }
    }
  }

  @Test func theOpenAPIDocumentIsServedWithoutAToken() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { (gateway: HostPort) in
        let document = try await CurlClient.request("GET", "http://\(gateway)/openapi.json")
        #expect(document.status == 200 && document.header("content-type") == "application/json")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try Data(contentsOf: root.appendingPathComponent("docs/openapi.json"))
        #expect(document.body == committed)
        let etag = try #require(document.header("etag"))
        let again = try await CurlClient.request("GET", "http://\(gateway)/openapi.json", headers: ["if-none-match": etag])
        #expect(again.status == 304 && again.body.isEmpty, "\(again)")
        let post = try await CurlClient.request("POST", "http://\(gateway)/openapi.json", body: "{}")
        #expect(post.status == 405 && post.header("allow") == "GET, HEAD")
      }
    }
  }
}

extension Google_Protobuf_Any {
  fileprivate var unpackedBadRequest: Google_Rpc_BadRequest {
    get throws { try Google_Rpc_BadRequest(unpackingAny: self) }
  }
}
