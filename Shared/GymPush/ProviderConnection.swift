import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// One HTTP/2 connection over TLS to a push provider, made on first use and made again
/// once it closes (providers close idle connections and send GOAWAY when they rotate
/// hosts). Every request is a stream on it, so a burst of notifications shares one TLS
/// handshake, as APNs asks of providers.
public actor ProviderConnection {
  public typealias Stream = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
  private typealias Multiplexer = NIOHTTP2Handler.AsyncStreamMultiplexer<Void>

  public let host: String
  public let port: Int
  private let tls: NIOSSLContext
  private let group: any EventLoopGroup
  private var live: (channel: any Channel, multiplexer: Multiplexer, goneAway: GoAwayFlag)?
  private var connecting: Task<(any Channel, Multiplexer, GoAwayFlag), any Error>?
  /// Connections made so far (for the operator's view and the tests).
  public private(set) var connectionsMade = 0

  /// - Parameter trustRoots: whose certificates to accept: the system's store for the real
  ///   providers, a private CA for a local test server.
  public init(
    host: String, port: Int, trustRoots: NIOSSLTrustRoots = .default,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) throws {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.trustRoots = trustRoots
    // HTTP/2 only: APNs speaks nothing else, and FCM's answers are the same over it.
    configuration.applicationProtocols = ["h2"]
    self.tls = try NIOSSLContext(configuration: configuration)
    self.host = host
    self.port = port
    self.group = group
  }

  /// A response's status, headers and body.
  public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: ByteBuffer
  }

  /// Sends one request on its own stream and reads the whole answer; fails after `timeout`.
  /// A connection found closed is made again once before giving up.
  nonisolated public func request(
    method: HTTPMethod, path: String, headers: HTTPHeaders, body: ByteBuffer, timeout: Duration
  ) async throws -> Response {
    var head = HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)
    head.headers.replaceOrAdd(name: "host", value: port == 443 ? host : "\(host):\(port)")
    head.headers.replaceOrAdd(name: "content-length", value: "\(body.readableBytes)")
    let stream: Stream
    do {
      stream = try await openStream()
    } catch {
      await forget()
      stream = try await openStream()
    }
    let deadline = stream.channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { [channel = stream.channel] in
      channel.close(promise: nil)
    }
    defer { deadline.cancel() }
    do {
      return try await stream.executeThenClose { inbound, outbound in
        try await outbound.write(.head(head))
        try await outbound.write(.body(.byteBuffer(body)))
        try await outbound.write(.end(nil))
        var status: Int?
        var responseHeaders = HTTPHeaders()
        var responseBody = ByteBuffer()
        for try await part in inbound {
          switch part {
          case .head(let head):
            status = Int(head.status.code)
            responseHeaders = head.headers
          case .body(var bytes):
            responseBody.writeBuffer(&bytes)
          case .end:
            guard let status else { throw ProviderTransportError("\(host) ended a stream without a status") }
            return Response(status: status, headers: responseHeaders, body: responseBody)
          }
        }
        throw ProviderTransportError("\(host) closed the stream before answering (timeout \(timeout))")
      }
    } catch let error as ProviderTransportError {
      throw error
    } catch {
      throw ProviderTransportError("\(host): \(error)")
    }
  }

  /// Closes the connection; the next request makes a new one.
  public func close() async {
    let channel = live?.channel
    live = nil
    try? await channel?.close()
  }

  private nonisolated func openStream() async throws -> Stream {
    let multiplexer = try await multiplexer()
    return try await multiplexer.openStream { channel in
      channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
        return try Stream(wrappingChannelSynchronously: channel)
      }
    }
  }

  private func forget() {
    if let live, !Self.usable(live) { self.live = nil }
  }

  /// Open, and the provider has not said GOAWAY (it is draining this connection: new
  /// streams belong on a new one; the ones in flight finish).
  private static func usable(_ live: (channel: any Channel, multiplexer: Multiplexer, goneAway: GoAwayFlag)) -> Bool {
    live.channel.isActive && !live.goneAway.value.load(ordering: .relaxed)
  }

  private func multiplexer() async throws -> Multiplexer {
    if let live, Self.usable(live) { return live.multiplexer }
    if let connecting { return try await connecting.value.1 }
    let task = Task { try await connect() }
    connecting = task
    defer { connecting = nil }
    let (channel, multiplexer, goneAway) = try await task.value
    live = (channel, multiplexer, goneAway)
    connectionsMade += 1
    return multiplexer
  }

  private nonisolated func connect() async throws -> (any Channel, Multiplexer, GoAwayFlag) {
    let host = host
    let tls = tls
    do {
      return try await ClientBootstrap(group: group)
        .connectTimeout(.seconds(10))
        .channelOption(.tcpOption(.tcp_nodelay), value: 1)
        .connect(host: host, port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            let sync = channel.pipeline.syncOperations
            let literal = host.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
            try sync.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: literal ? nil : host))
            // Providers never open streams towards us; any they try is closed.
            let multiplexer = try sync.configureAsyncHTTP2Pipeline(mode: .client) { stream in stream.close() }
            let goneAway = GoAwayFlag()
            try sync.addHandler(GoAwayWatcher(flag: goneAway))
            return (channel, multiplexer, goneAway)
          }
        }
    } catch {
      throw ProviderTransportError("cannot reach \(host):\(port): \(error)")
    }
  }
}

/// Set once the provider sent GOAWAY on a connection.
final class GoAwayFlag: Sendable {
  let value = Atomic(false)
}

/// Sets its flag when the connection's GOAWAY frame passes; passes every frame on.
final class GoAwayWatcher: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTP2Frame
  let flag: GoAwayFlag

  init(flag: GoAwayFlag) { self.flag = flag }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .goAway = unwrapInboundIn(data).payload { flag.value.store(true, ordering: .relaxed) }
    context.fireChannelRead(data)
  }
}

/// Where a provider's API is.
public struct ProviderEndpoint: Sendable, Equatable {
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  public static let apns = ProviderEndpoint(host: "api.push.apple.com", port: 443)
  /// APNs for apps built for development (their tokens work only here).
  public static let apnsSandbox = ProviderEndpoint(host: "api.sandbox.push.apple.com", port: 443)
  public static let fcm = ProviderEndpoint(host: "fcm.googleapis.com", port: 443)
}

/// The provider could not be reached or did not answer: the notification waits and is
/// tried again.
public struct ProviderTransportError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
