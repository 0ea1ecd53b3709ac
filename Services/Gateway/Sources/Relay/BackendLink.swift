import GRPCCore
import GymService
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL

/// One event loop's HTTP/2 connections to one backend. Every relayed stream is opened on
/// the loop of the client's connection, so frames pass between the two streams without
/// a thread hop; each loop therefore keeps connections of its own to every backend.
///
/// A stream takes a slot of the least busy connection; when every connection holds
/// `streamsPerConnection` (the backend's advertised limit), a new connection is made up
/// to `connections`, and beyond that the call waits here, first come first served
/// (`queues`), or is refused (long-lived streams, whose wait would look like an open
/// stream that says nothing). A backend that cannot be reached fails calls at once with
/// UNAVAILABLE, and is tried again after a backoff (0.1 s doubling to 2 s).
///
/// Used only on `eventLoop`: that is what makes the unchecked `Sendable` sound.
final class BackendLink: @unchecked Sendable {
  struct Target: Sendable {
    var name: String
    var address: HostPort
    /// Client TLS towards the backend, and the name its certificate must carry (nil for
    /// an address literal, checked against the address instead).
    var tls: NIOSSLContext?
    var connections: Int
    var streamsPerConnection: Int
    var queues: Bool
  }

  private final class Connection {
    let channel: any Channel
    let multiplexer: NIOHTTP2Handler.StreamMultiplexer
    let resets: ResetPacer
    var open = 0
    /// False once the backend said GOAWAY or the connection closed: no new streams.
    var usable = true

    init(channel: any Channel, multiplexer: NIOHTTP2Handler.StreamMultiplexer) {
      self.channel = channel
      self.multiplexer = multiplexer
      self.resets = ResetPacer(eventLoop: channel.eventLoop)
    }
  }

  let target: Target
  let eventLoop: any EventLoop
  /// Where the backend listens when that is learnt only at run time (the gateway's own
  /// gRPC server on an ephemeral port); nil: `target.address`.
  private let resolve: LocalAddress?
  private var connections: [Connection] = []
  private var connecting = false
  private var waiting = CircularBuffer<EventLoopPromise<Connection>>()
  private var retryAt = NIODeadline.uptimeNanoseconds(0)
  private var backoff = TimeAmount.milliseconds(100)
  private var lastError: (any Error)?

  init(target: Target, eventLoop: any EventLoop, resolve: LocalAddress? = nil) {
    self.target = target
    self.eventLoop = eventLoop
    self.resolve = resolve
  }

  /// Opens a stream to the backend with `initialize` setting up its pipeline (given the
  /// connection's reset pacer); the slot is given back when the stream's channel closes.
  func openStream(
    _ initialize: @escaping @Sendable (any Channel, ResetPacer) -> EventLoopFuture<Void>
  ) -> EventLoopFuture<any Channel> {
    eventLoop.preconditionInEventLoop()
    return reserve().flatMap { connection in
      let promise = self.eventLoop.makePromise(of: (any Channel).self)
      let pacer = NIOLoopBound(connection.resets, eventLoop: self.eventLoop)
      connection.multiplexer.createStreamChannel(promise: promise) { channel in initialize(channel, pacer.value) }
      promise.futureResult.assumeIsolated().whenComplete { result in
        switch result {
        case .success(let stream):
          stream.closeFuture.assumeIsolated().whenComplete { _ in self.release(connection) }
        case .failure:
          self.release(connection)
        }
      }
      return promise.futureResult
    }
  }

  private func reserve() -> EventLoopFuture<Connection> {
    if let connection = leastBusy(), connection.open < target.streamsPerConnection {
      connection.open += 1
      return eventLoop.makeSucceededFuture(connection)
    }
    let usable = connections.filter(\.usable).count
    if usable < target.connections {
      if usable == 0, NIODeadline.now() < retryAt { return eventLoop.makeFailedFuture(unavailable()) }
      connect()
    } else if !target.queues {
      return eventLoop.makeFailedFuture(
        RPCError(
          code: .resourceExhausted,
          message:
            "the gateway holds as many live streams to \(target.name) as it can (\(target.connections * target.streamsPerConnection) per event loop); try again in a minute"
        ))
    }
    let promise = eventLoop.makePromise(of: Connection.self)
    waiting.append(promise)
    return promise.futureResult
  }

  private func leastBusy() -> Connection? {
    var best: Connection?
    for connection in connections where connection.usable {
      if best == nil || connection.open < best!.open { best = connection }
    }
    return best
  }

  private func release(_ connection: Connection) {
    connection.open -= 1
    serveWaiting()
  }

  /// Hands free slots to the longest waiters.
  private func serveWaiting() {
    while !waiting.isEmpty, let connection = leastBusy(), connection.open < target.streamsPerConnection {
      connection.open += 1
      waiting.removeFirst().succeed(connection)
    }
  }

  private func unavailable() -> RPCError {
    let cause = lastError.map { ": \($0)" } ?? ""
    return RPCError(code: .unavailable, message: "gym-\(target.name) cannot be reached\(cause); try again shortly")
  }

  private func connect() {
    guard !connecting else { return }
    connecting = true
    let target = self.target
    let address: EventLoopFuture<HostPort>
    if let resolve {
      let promise = eventLoop.makePromise(of: HostPort.self)
      promise.completeWithTask { try await resolve.address() }
      address = promise.futureResult
    } else {
      address = eventLoop.makeSucceededFuture(target.address)
    }
    let bootstrap = ClientBootstrap(group: eventLoop)
      .channelOption(.tcpOption(.tcp_nodelay), value: 1)
      .connectTimeout(.seconds(5))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          if let tls = target.tls {
            let literal = HostPort.addressBytes(target.address.host) != nil
            try sync.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: literal ? nil : target.address.host))
          }
          _ = try sync.configureHTTP2Pipeline(
            mode: .client, connectionConfiguration: RelayHTTP2.connection(window: RelayHTTP2.backendWindow, maxConcurrentStreams: nil),
            streamConfiguration: RelayHTTP2.stream(window: RelayHTTP2.backendWindow)
          ) { pushed in pushed.close() }  // backends never push; refuse any stream they open
          try sync.addHandler(GoAwayWatcher())
        }
      }
    address.flatMap { address in bootstrap.connect(host: address.host, port: address.port) }
      .assumeIsolated().whenComplete { result in
        self.connecting = false
        switch result {
        case .success(let channel):
          do {
            let multiplexer = try channel.pipeline.syncOperations.handler(type: NIOHTTP2Handler.self).syncMultiplexer()
            let connection = Connection(channel: channel, multiplexer: multiplexer)
            self.connections.append(connection)
            self.backoff = .milliseconds(100)
            self.lastError = nil
            try channel.pipeline.syncOperations.handler(type: GoAwayWatcher.self).onGoAway = { [unowned connection] in
              connection.usable = false
            }
            channel.closeFuture.assumeIsolated().whenComplete { _ in
              connection.usable = false
              self.connections.removeAll { $0 === connection }
              // Waiters for a slot get a new connection, or hear that there is none.
              if !self.waiting.isEmpty { self.connect() }
            }
            self.serveWaiting()
          } catch {
            channel.close(promise: nil)
            self.connectFailed(error)
          }
        case .failure(let error):
          self.connectFailed(error)
        }
      }
  }

  private func connectFailed(_ error: any Error) {
    lastError = error
    retryAt = .now() + backoff
    backoff = min(backoff * 2, .seconds(2))
    // Those waiting for a first connection fail now; those queued behind busy live
    // connections keep waiting for a slot there.
    guard !connections.contains(where: \.usable) else { return }
    let failed = unavailable()
    while let promise = waiting.popFirst() { promise.fail(failed) }
  }
}

/// Tells the link when the backend sends GOAWAY (it is shutting down or draining), so no
/// new stream is started on that connection; the ones in flight finish. Closes the
/// connection on an error NIO's HTTP/2 handler hit on it: after a connection error NIO
/// has sent GOAWAY and reads at most one frame per socket read, so a connection kept
/// open would hold every later call's answer behind the frames still queued.
final class GoAwayWatcher: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP2Frame
  var onGoAway: (() -> Void)?

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .goAway = unwrapInboundIn(data).payload { onGoAway?() }
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A stream's own error ends that stream only (its channel heard of it).
    guard !(error is NIOHTTP2Errors.StreamError) else { return }
    onGoAway?()
    context.close(promise: nil)
  }
}

/// HTTP/2 settings on the two sides of the relay, by what the gateway lets the peer
/// send it per stream before reading: 1 MiB from backends (trusted, and large responses
/// pass without a round trip per 64 KiB), 64 KiB from clients (what a client may make
/// the gateway hold is this times its streams), 16 KiB frames.
enum RelayHTTP2 {
  static let backendWindow = 1 << 20
  static let clientWindow = 1 << 16

  static func connection(window: Int, maxConcurrentStreams: Int?) -> NIOHTTP2Handler.ConnectionConfiguration {
    var configuration = NIOHTTP2Handler.ConnectionConfiguration()
    var settings: HTTP2Settings = [
      HTTP2Setting(parameter: .initialWindowSize, value: window),
      HTTP2Setting(parameter: .maxFrameSize, value: 1 << 14),
      HTTP2Setting(parameter: .maxHeaderListSize, value: HPACKDecoder.defaultMaxHeaderListSize),
    ]
    if let maxConcurrentStreams { settings.append(HTTP2Setting(parameter: .maxConcurrentStreams, value: maxConcurrentStreams)) }
    configuration.initialSettings = settings
    // The connection's window spans many streams' windows, so one slow stream cannot
    // hold the others back.
    configuration.targetWindowSize = 16 * backendWindow
    // Frames the peer sent before it heard of a reset are dropped only while the stream
    // is remembered (NIO's default: 32); one older is a connection error. The gateway
    // resets up to `ResetPacer.burst` streams at once and holds up to this many.
    configuration.maximumRecentlyResetStreams = max(maxConcurrentStreams ?? 1000, 4 * ResetPacer.burst)
    return configuration
  }

  static func stream(window: Int) -> NIOHTTP2Handler.StreamConfiguration {
    var configuration = NIOHTTP2Handler.StreamConfiguration()
    configuration.targetWindowSize = window
    return configuration
  }
}
