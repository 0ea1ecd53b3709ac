import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymGateway
import GymService
import GymTesting
import SwiftProtobuf
import Testing

/// gRPC-Web at the gateway's one port, driven by curl as a browser's client library
/// would drive it: binary and text framing, HTTP/1.1 and HTTP/2, errors a page can read,
/// CORS as the operator configured it, and a live stream.
@Suite struct GRPCWebTests {
  static let binary = "application/grpc-web+proto"
  static let text = "application/grpc-web-text+proto"

  static func run(cors: String = "", _ body: @Sendable (String, RunningAuth) async throws -> Void) async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: {
          $0.corsOrigins = cors
          $0.rateLimits = [:]
        }
      ) { (address: HostPort) in
        try await body("http://\(address.host):\(address.port)", auth)
      }
    }
  }

  @Test func aWebClientSignsUpOverHTTP1AndReadsItsProfileOverHTTP2InTextFraming() async throws {
    try await Self.run { base, _ in
      let signUp = try await CurlClient.request(
        base + "/gym.auth.v1.AuthService/Register", arguments: ["--http1.1", "-H", "content-type: application/grpc-web", "-H", "x-grpc-web: 1"],
        body: try WebFrames.requestData(newAccount("webana")))
      #expect(signUp.status == 200)
      #expect(signUp.httpVersion == "1.1")
      #expect(signUp.header("content-type") == Self.binary)
      #expect(signUp.header("x-request-id")?.count == 32)
      let registered = WebFrames.parse(signUp.body)
      #expect(registered.trailers["grpc-status"] == "0")
      let account = try Gym_Auth_V1_RegisterResponse(serializedBytes: try #require(registered.messages.first))
      #expect(account.user.username == "webana")

      let me = try await CurlClient.request(
        base + "/gym.auth.v1.AuthService/GetMe",
        arguments: ["--http2-prior-knowledge", "-H", "content-type: application/grpc-web-text", "-H", "authorization: Bearer \(account.tokens.accessToken)"],
        body: Data(Data(try WebFrames.request(Gym_Auth_V1_GetMeRequest())).base64EncodedString().utf8))
      #expect(me.status == 200)
      #expect(me.httpVersion == "2")
      #expect(me.header("content-type") == Self.text)
      let profile = WebFrames.parse(try WebFrames.decodeText(me.body))
      #expect(profile.trailers["grpc-status"] == "0")
      #expect(try Gym_Auth_V1_GetMeResponse(serializedBytes: try #require(profile.messages.first)).user.username == "webana")
    }
  }

  @Test func errorsAreStatusesAPageCanReadAndBadBodiesAreRefusedWithAReason() async throws {
    try await Self.run { base, auth in
      let getMe = base + "/gym.auth.v1.AuthService/GetMe"
      let request = try WebFrames.requestData(Gym_Auth_V1_GetMeRequest())
      // No token: trailers-only, the status in the headers.
      let anonymous = try await CurlClient.request(getMe, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)"], body: request)
      #expect(anonymous.status == 200)
      #expect(anonymous.header("grpc-status") == "16")
      #expect(anonymous.header("grpc-message")?.isEmpty == false)
      #expect(anonymous.body.isEmpty)

      // A token altered in transit is refused as over gRPC, once the gateway holds auth's
      // signing keys (fetched after it starts; a loaded machine delays them).
      let ana = try await auth.register("ana")
      let verified = try await eventually(within: .seconds(30)) {
        let response = try? await CurlClient.request(
          getMe, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)", "-H", "authorization: Bearer \(ana.tokens.accessToken)"], body: request)
        return response.map { WebFrames.parse($0.body).trailers["grpc-status"] == "0" } ?? false
      }
      #expect(verified)
      let forged = try await CurlClient.request(
        getMe, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)", "-H", "authorization: Bearer \(ana.tokens.accessToken)x"], body: request)
      #expect(forged.header("grpc-status") == "16")

      // Text framing that is not base64.
      let garbled = try await CurlClient.request(
        getMe, arguments: ["--http2-prior-knowledge", "-H", "content-type: \(Self.text)", "-H", "authorization: Bearer \(ana.tokens.accessToken)"],
        body: Data("!!!!".utf8))
      #expect(garbled.header("grpc-status") == "3")
      #expect(garbled.header("grpc-message")?.contains("base64") == true)

      // gRPC itself needs HTTP/2: over HTTP/1.1 the answer says what to use instead.
      let plain = try await CurlClient.request(getMe, arguments: ["--http1.1", "-H", "content-type: application/grpc"], body: request)
      #expect(plain.status == 505)
      #expect(String(decoding: plain.body, as: UTF8.self).contains("gRPC-Web"))

      // An HTTP/1.1 connection serves request after request (keep-alive), each relayed
      // afresh: two GetMe calls in one curl run, the second on the first's connection
      // (curl's own count of new connections per transfer: 1, then 0).
      let twice = try await CurlClient.request(
        getMe,
        arguments: [
          "--http1.1", "-H", "content-type: \(Self.binary)", "-H", "authorization: Bearer \(ana.tokens.accessToken)",
          "-w", "%{http_code}:%{num_connects} ", getMe, "-o", "/dev/null",
        ], body: request)
      #expect(twice.httpVersion == "200:1 200:0 ")
      #expect(WebFrames.parse(twice.body).trailers["grpc-status"] == "0")
    }
  }

  @Test func browsersFromTheConfiguredOriginsAndTheGatewaysOwnPagesAreServedOthersRefused() async throws {
    try await Self.run(cors: "https://coach.example.com") { base, _ in
      let register = base + "/gym.auth.v1.AuthService/Register"
      func preflight(_ origin: String) async throws -> CurlClient.Response {
        try await CurlClient.request(
          register,
          arguments: [
            "--http1.1", "-X", "OPTIONS", "-H", "origin: \(origin)", "-H", "access-control-request-method: POST",
            "-H", "access-control-request-headers: content-type,authorization,x-grpc-web",
          ])
      }
      let allowed = try await preflight("https://coach.example.com")
      #expect(allowed.status == 204)
      #expect(allowed.header("access-control-allow-origin") == "https://coach.example.com")
      #expect(allowed.header("access-control-allow-methods") == "POST")
      #expect(allowed.header("access-control-allow-headers")?.contains("authorization") == true)
      #expect(try await preflight("https://evil.example.com").status == 403)

      // The call itself: from the configured origin the page may read the status.
      let call = try await CurlClient.request(
        register, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)", "-H", "origin: https://coach.example.com"],
        body: try WebFrames.requestData(newAccount("coachpage")))
      #expect(call.status == 200)
      #expect(call.header("access-control-allow-origin") == "https://coach.example.com")
      #expect(call.header("access-control-expose-headers")?.contains("grpc-status") == true)
      #expect(WebFrames.parse(call.body).trailers["grpc-status"] == "0", "\(call)")

      // Another origin is refused before anything reaches a backend: the account is not made.
      let evil = try await CurlClient.request(
        register, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)", "-H", "origin: https://evil.example.com"],
        body: try WebFrames.requestData(newAccount("evilpage")))
      #expect(evil.status == 403)
      let again = try await CurlClient.request(
        register, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)"], body: try WebFrames.requestData(newAccount("evilpage")))
      #expect(WebFrames.parse(again.body).trailers["grpc-status"] == "0")

      // A page the gateway serves itself (same origin) needs no configuration.
      let host = String(base.dropFirst("http://".count))
      let own = try await CurlClient.request(
        register, arguments: ["--http1.1", "-H", "content-type: \(Self.binary)", "-H", "origin: http://\(host)"],
        body: try WebFrames.requestData(newAccount("ownpage")))
      #expect(own.status == 200)
      #expect(WebFrames.parse(own.body).trailers["grpc-status"] == "0")
    }
  }

  @Test func overTLSTheClientChoosesHTTP1OrHTTP2ByALPNAndGRPCClientsAreServedAsBefore() async throws {
    let certificates = try TestCertificates()
    let tls = try certificates.serverTLS()
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential, configure: { $0.common.tls = tls }) {
        (address: HostPort) in
        let url = "https://\(address.host):\(address.port)/gym.auth.v1.AuthService/GetSigningKeys"
        for (version, flag) in [("1.1", "--http1.1"), ("2", "--http2")] {
          let response = try await CurlClient.request(
            url, arguments: [flag, "--cacert", certificates.caFile, "-H", "content-type: \(Self.binary)"],
            body: try WebFrames.requestData(Gym_Auth_V1_GetSigningKeysRequest()))
          #expect(response.httpVersion == version)
          let parsed = WebFrames.parse(response.body)
          #expect(parsed.trailers["grpc-status"] == "0")
          #expect(try Gym_Auth_V1_GetSigningKeysResponse(serializedBytes: try #require(parsed.messages.first)).keys.isEmpty == false)
        }
        let keys = try await withClient(to: address, security: try certificates.clientSecurity()) { client in
          try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init())
        }
        #expect(!keys.keys.isEmpty)
      }
    }
  }

  @Test func aLiveStreamOverHTTP1DeliversEachEventAsItHappens() async throws {
    try await GatewayStreamTests.run(configure: { _ in }) { env in
      let stream = try CurlClient.stream(
        "http://\(env.gateway.host):\(env.gateway.port)/gym.messaging.v1.MessagingService/Subscribe",
        arguments: ["--http1.1", "-H", "content-type: \(Self.text)", "-H", "authorization: Bearer \(env.ana.tokens.accessToken)"],
        body: Data(Data(try WebFrames.request(Gym_Messaging_V1_SubscribeRequest.with { $0.afterEventID = 0 })).base64EncodedString().utf8))
      func heard(_ title: String) -> (Data) -> Bool {
        { bytes in
          guard let decoded = try? WebFrames.decodeText(bytes) else { return false }
          return WebFrames.parse(decoded).messages.contains { (try? Gym_Messaging_V1_Event(serializedBytes: $0))?.notification.title == title }
        }
      }
      // Subscribed "from now on": events before messaging has joined the stream are not
      // replayed, so the first is sent until one is heard.
      let deadline = ContinuousClock.now + .seconds(15)
      var live = false
      while !live, ContinuousClock.now < deadline {
        try await env.notify(env.ana, "first")
        live = try await stream.wait(seconds: 0.5, until: heard("first"))
      }
      #expect(live)
      try await env.notify(env.ana, "second")
      #expect(try await stream.wait(seconds: 10, until: heard("second")))
      // Nothing ended the stream: no trailers yet.
      #expect(WebFrames.parse((try? WebFrames.decodeText(stream.bytes)) ?? []).trailers.isEmpty)
      await stream.stop()
    }
  }
}

/// gRPC-Web's body framing, as a client library writes and reads it.
enum WebFrames {
  static func requestData(_ message: some SwiftProtobuf.Message) throws -> Data { Data(try request(message)) }

  static func request(_ message: some SwiftProtobuf.Message) throws -> [UInt8] {
    let bytes: [UInt8] = try message.serializedBytes()
    let length = UInt32(bytes.count)
    return [0, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + bytes
  }

  struct Parsed {
    var messages: [[UInt8]] = []
    var trailers: [String: String] = [:]
  }

  /// Whole frames only: a frame still arriving is left out.
  static func parse(_ body: some Collection<UInt8>) -> Parsed {
    let body = Array(body)
    var parsed = Parsed()
    var index = 0
    while body.count - index >= 5 {
      let flags = body[index]
      let length = body[index + 1..<index + 5].reduce(0) { $0 << 8 | Int($1) }
      guard body.count - index - 5 >= length else { break }
      let payload = Array(body[index + 5..<index + 5 + length])
      if flags & 0x80 != 0 {
        for line in String(decoding: payload, as: UTF8.self).components(separatedBy: "\r\n") {
          guard let colon = line.firstIndex(of: ":") else { continue }
          parsed.trailers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      } else {
        parsed.messages.append(payload)
      }
      index += 5 + length
    }
    return parsed
  }

  struct NotBase64: Error {}

  /// A text-framed body: padded base64 pieces one after the other, decoded four characters at a time.
  static func decodeText(_ body: some Collection<UInt8>) throws -> [UInt8] {
    let body = Array(body)
    var out: [UInt8] = []
    var index = 0
    while body.count - index >= 4 {
      guard let group = Data(base64Encoded: Data(body[index..<index + 4])) else { throw NotBase64() }
      out += group
      index += 4
    }
    return out
  }
}
