import Foundation
import GymService
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// An HTTPS server speaking HTTP/2 only (ALPN `h2`, as the push providers do), with a
/// certificate from a fresh private CA, handing each request to `answer`. What the fake
/// providers stand on.
final class ProviderTestServer: Sendable {
  /// A request's answer.
  struct Reply: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: Data = Data()
  }

  let port: Int
  let caCertificatePEM: String
  var trustRoots: NIOSSLTrustRoots {
    get throws { .certificates([try NIOSSLCertificate(bytes: Array(caCertificatePEM.utf8), format: .pem)]) }
  }
  /// TCP connections accepted so far.
  var connections: Int { accepted.value.withLock { $0.count } }
  private let accepted = Accepted()
  private let server: any Channel
  private let serving: Task<Void, Never>

  private final class Accepted: Sendable {
    let value = Mutex<[any Channel]>([])
  }

  init(name: String, answer: @escaping @Sendable (HTTPRequestHead, Data) -> Reply) async throws {
    let ca = try DevelopmentCA(commonName: "\(name) CA")
    let leaf = try ca.issue(commonName: name, hosts: ["localhost", "127.0.0.1"], usage: .server)
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(leaf.certificatePEM.utf8), format: .pem))],
      privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(leaf.keyPEM.utf8), format: .pem)))
    configuration.applicationProtocols = ["h2"]
    let tls = try NIOSSLContext(configuration: configuration)
    caCertificatePEM = try ca.certificatePEM

    typealias Stream = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .bind(host: "127.0.0.1", port: 0) { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(NIOSSLServerHandler(context: tls))
          let multiplexer = try sync.configureAsyncHTTP2Pipeline(mode: .server) { stream in
            stream.eventLoop.makeCompletedFuture {
              try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
              return try Stream(wrappingChannelSynchronously: stream)
            }
          }
          return (channel, multiplexer)
        }
      }
    server = channel.channel
    port = channel.channel.localAddress?.port ?? 0
    let accepted = self.accepted
    serving = Task {
      try? await channel.executeThenClose { connections in
        try await withThrowingDiscardingTaskGroup { group in
          for try await (connection, multiplexer) in connections {
            accepted.value.withLock { $0.append(connection) }
            group.addTask {
              try? await withThrowingDiscardingTaskGroup { streams in
                for try await stream in multiplexer.inbound {
                  streams.addTask { await Self.serve(stream, answer: answer) }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Says GOAWAY on every connection, as a provider draining its hosts does: streams
  /// already open finish, new ones belong on a new connection. The connections stay open.
  func goAway() async throws {
    for connection in accepted.value.withLock({ $0 }) {
      let frame = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: .maxID, errorCode: .noError, opaqueData: nil))
      try await connection.writeAndFlush(frame)
    }
  }

  func stop() async {
    try? await server.close()
    serving.cancel()
    _ = await serving.value
  }

  private static func serve(
    _ stream: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, answer: @Sendable (HTTPRequestHead, Data) -> Reply
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
          let reply = answer(head, Data(body.readableBytesView))
          var headers = HTTPHeaders(reply.headers.map { ($0.key, $0.value) })
          headers.add(name: "content-length", value: "\(reply.body.count)")
          try await outbound.write(.head(HTTPResponseHead(version: .http2, status: .init(statusCode: reply.status), headers: headers)))
          if !reply.body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: reply.body)))) }
          try await outbound.write(.end(nil))
          return
        }
      }
    }
  }
}
