import Crypto
import Foundation
import GymPush
import GymService
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// A local APNs provider API for tests: HTTP/2 only, over TLS with a certificate from a
/// private CA, checking each request as Apple documents it (`FakeAPNs+Checks`) and
/// answering as APNs does: 200 with an `apns-id`, or a status and a JSON `reason`
/// (410 `Unregistered` with a timestamp, 429 with `retry-after`, …). Answers for a
/// device token can be scripted; every request is recorded.
public final class FakeAPNs: Sendable {
  /// One request as the server saw it, with its answer.
  public struct Request: Sendable {
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var body: Data
    public var status: Int
    public var reason: String?
    public var receivedAt: ContinuousClock.Instant
    public var deviceToken: String { path.hasPrefix("/3/device/") ? String(path.dropFirst(10)) : "" }
    /// The `aps` dictionary and the app's keys.
    public var payload: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    public var alert: [String: Any] { ((payload["aps"] as? [String: Any])?["alert"] as? [String: Any]) ?? [:] }
  }

  /// What to answer a request that passed the checks.
  public enum Answer: Sendable, Equatable {
    case delivered
    case unregistered(since: Date)
    case badDeviceToken
    case tooManyRequests(retryAfterSeconds: Int?)
    case serviceUnavailable(retryAfterSeconds: Int?)
    case internalServerError
  }

  struct State {
    var requests: [Request] = []
    var scripted: [String: [Answer]] = [:]
    /// Answer every request 503, as during an outage.
    var unavailable = false
    /// The provider token last accepted, and its `iat` (APNs refuses a new token within
    /// 20 minutes of the previous one).
    var currentToken: (token: String, issuedAt: Int)?
    var connections = 0
  }

  public let port: Int
  public let caCertificatePEM: String
  public var trustRoots: NIOSSLTrustRoots {
    get throws { .certificates([try NIOSSLCertificate(bytes: Array(caCertificatePEM.utf8), format: .pem)]) }
  }
  let keyID: String
  let teamID: String
  let publicKey: P256.Signing.PublicKey
  let topic: String
  /// The state, in a class of its own so the serving tasks can hold it.
  final class Shared: Sendable {
    let state = Mutex(State())
  }
  let shared = Shared()
  private let server: any Channel
  private let serving: Task<Void, Never>

  /// A server on 127.0.0.1 that accepts tokens signed by `publicKey`'s key with `keyID`
  /// and `teamID`, for the app `topic`.
  public init(keyID: String, teamID: String, publicKey: P256.Signing.PublicKey, topic: String) async throws {
    let ca = try DevelopmentCA(commonName: "fake APNs CA")
    let leaf = try ca.issue(commonName: "fake APNs", hosts: ["localhost", "127.0.0.1"], usage: .server)
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(leaf.certificatePEM.utf8), format: .pem))],
      privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(leaf.keyPEM.utf8), format: .pem)))
    configuration.applicationProtocols = ["h2"]
    let tls = try NIOSSLContext(configuration: configuration)
    self.caCertificatePEM = try ca.certificatePEM
    self.keyID = keyID
    self.teamID = teamID
    self.publicKey = publicKey
    self.topic = topic

    typealias Stream = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .bind(host: "127.0.0.1", port: 0) { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(NIOSSLServerHandler(context: tls))
          return try sync.configureAsyncHTTP2Pipeline(mode: .server) { stream in
            stream.eventLoop.makeCompletedFuture {
              try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
              return try Stream(wrappingChannelSynchronously: stream)
            }
          }
        }
      }
    self.server = channel.channel
    self.port = channel.channel.localAddress?.port ?? 0
    let shared = self.shared
    let check = Checks(keyID: keyID, teamID: teamID, publicKey: publicKey, topic: topic)
    serving = Task {
      try? await channel.executeThenClose { connections in
        try await withThrowingDiscardingTaskGroup { group in
          for try await multiplexer in connections {
            shared.state.withLock { $0.connections += 1 }
            group.addTask {
              try? await withThrowingDiscardingTaskGroup { streams in
                for try await stream in multiplexer.inbound {
                  streams.addTask { await Self.serve(stream, check: check, shared: shared) }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Answers for requests to `deviceToken`, in order; after them, `.delivered`.
  public func script(_ deviceToken: String, _ answers: [Answer]) {
    shared.state.withLock { $0.scripted[deviceToken, default: []].append(contentsOf: answers) }
  }

  /// While true every request is answered 503 `ServiceUnavailable`, as in an outage.
  public func setUnavailable(_ unavailable: Bool) {
    shared.state.withLock { $0.unavailable = unavailable }
  }

  public var requests: [Request] { shared.state.withLock { $0.requests } }
  /// Requests answered 200.
  public var delivered: [Request] { requests.filter { $0.status == 200 } }
  /// TCP connections accepted so far.
  public var connections: Int { shared.state.withLock { $0.connections } }

  public func stop() async {
    try? await server.close()
    serving.cancel()
    _ = await serving.value
  }

  private static func serve(
    _ stream: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, check: Checks, shared: Shared
  ) async {
    try? await stream.executeThenClose { inbound, outbound in
      var head: HTTPRequestHead?
      var body = ByteBuffer()
      for try await part in inbound {
        switch part {
        case .head(let h): head = h
        case .body(var bytes): body.writeBuffer(&bytes)
        case .end:
          guard let head else { return }
          let bytes = Data(body.readableBytesView)
          let (status, reason, headers) = shared.state.withLock { state in check.answer(head, body: bytes, state: &state) }
          var responseHeaders = HTTPHeaders(headers.map { ($0.key, $0.value) })
          var responseBody = ByteBuffer()
          if let reason {
            var error: [String: Any] = ["reason": reason.text]
            if let since = reason.since { error["timestamp"] = Int(since.timeIntervalSince1970 * 1000) }
            responseBody = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: error))
            responseHeaders.add(name: "content-type", value: "application/json")
          }
          responseHeaders.add(name: "content-length", value: "\(responseBody.readableBytes)")
          try await outbound.write(.head(HTTPResponseHead(version: .http2, status: .init(statusCode: status), headers: responseHeaders)))
          if responseBody.readableBytes > 0 { try await outbound.write(.body(.byteBuffer(responseBody))) }
          try await outbound.write(.end(nil))
          return
        }
      }
    }
  }
}
