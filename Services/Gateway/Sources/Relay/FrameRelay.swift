import GymService
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import ServiceLifecycle
import Synchronization

/// The gateway's public door: an HTTP/2 server that relays each call's frames to the
/// backend that owns its method (`RelayStream`), rather than running a gRPC server call
/// and a client call per request. Calls for the gateway's own services go to its local
/// gRPC server. Listener settings follow every gym process's: backlog, a cap on
/// connections, advertised concurrent streams, idle and maximum age, TLS with reload.
final class FrameRelay: FrontDoor, Sendable {
  /// Set on calls to the gateway's own services: the address of the door the client
  /// reached (clients' own copies are dropped).
  static let reachedAddressHeader = "x-gym-gateway-address"

  private let listen: HostPort
  private let tls: NIOSSLContext?
  private let config: RelayConfig
  private let loops: [RelayLoop]
  private let maxConcurrentStreams: Int
  private let connectionCount: ConnectionCount
  private let limits: RelayConnection.Limits
  private let group: any EventLoopGroup
  private let bound = Mutex<(address: HostPort?, waiters: [CheckedContinuation<HostPort, any Error>], failed: (any Error)?)>((nil, [], nil))
  private let open = Mutex<[ObjectIdentifier: NIOLoopBound<any DoorConnection>]>([:])

  init(
    gateway: GatewayApp.Settings, config: RelayConfig, local: @escaping @Sendable () async throws -> HostPort,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) throws {
    let settings = gateway.common
    listen = settings.listen
    tls = try settings.tls.map { tls in
      var configuration = try tls.serverConfiguration()
      // Browsers and curl that speak only HTTP/1.1 (gRPC-Web, JSON) say so in ALPN.
      configuration.applicationProtocols.append("http/1.1")
      return try NIOSSLContext(configuration: configuration)
    }
    let internalTLS = try settings.internalTLS.map { try NIOSSLContext(configuration: try $0.clientConfiguration()) }
    self.config = config
    self.group = group
    maxConcurrentStreams = settings.maxConcurrentStreams
    connectionCount = ConnectionCount(limit: settings.maxConnections)
    limits = .init(
      idle: settings.connectionIdle.map(TimeAmount.init), maxAge: settings.connectionMaxAge.map(TimeAmount.init), grace: .seconds(30))
    let localAddress = LocalAddress(resolve: local)
    let eventLoops = Array(group.makeIterator())
    // The configured connections per backend, spread over the loops (at least one each).
    let callConnections = max(1, gateway.backendConnections / eventLoops.count)
    let streamConnections = max(1, gateway.streamConnections / eventLoops.count)
    let servesStreams = Set(config.routes.entries.values.filter(\.longLived).map(\.backend))
    loops = eventLoops.map { eventLoop in
      func link(_ name: String, _ address: HostPort, connections: Int, queues: Bool) -> BackendLink {
        BackendLink(
          target: .init(
            name: name, address: address, tls: internalTLS, connections: connections, streamsPerConnection: gateway.backendStreams,
            queues: queues), eventLoop: eventLoop)
      }
      return RelayLoop(
        eventLoop: eventLoop,
        calls: Dictionary(uniqueKeysWithValues: gateway.backends.map { ($0.key, link($0.key, $0.value, connections: callConnections, queues: true)) }),
        streams: Dictionary(
          uniqueKeysWithValues: gateway.backends.filter { servesStreams.contains($0.key) }.map {
            ($0.key, link($0.key, $0.value, connections: streamConnections, queues: false))
          }),
        local: BackendLink(
          target: .init(
            name: "gateway", address: HostPort(host: "127.0.0.1", port: 0), tls: nil, connections: 1,
            streamsPerConnection: gateway.backendStreams, queues: true),
          eventLoop: eventLoop, resolve: localAddress))
    }
  }

  var listeningAddress: HostPort {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        let ready: Result<HostPort, any Error>? = bound.withLock { state in
          if let address = state.address { return .success(address) }
          if let failed = state.failed { return .failure(failed) }
          state.waiters.append(continuation)
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    }
  }

  private func announce(_ result: Result<HostPort, any Error>) {
    let waiters = bound.withLock { state in
      switch result {
      case .success(let address): state.address = address
      case .failure(let error): state.failed = error
      }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(with: result) }
  }

  func run() async throws {
    let server: any Channel
    do {
      server = try await bootstrap().bind(host: listen.host, port: listen.port).get()
      let port = server.localAddress?.port ?? listen.port
      announce(.success(HostPort(host: listen.host, port: port)))
    } catch {
      announce(.failure(error))
      throw error
    }
    try await withTaskCancellationHandler {
      try await withGracefulShutdownHandler {
        try await server.closeFuture.get()
      } onGracefulShutdown: {
        server.close(promise: nil)
      }
    } onCancel: {
      server.close(promise: nil)
    }
    // No new connections: the open ones are asked to go (GOAWAY) and closed as their
    // calls end, within the process's shutdown grace; cancelled, they close at once.
    for connection in open.withLock({ Array($0.values) }) {
      connection.eventLoop.execute { connection.value.drain() }
    }
    do {
      while !open.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(20)) }
    } catch {
      for connection in open.withLock({ Array($0.values) }) {
        connection.eventLoop.execute { connection.value.close() }
      }
    }
  }

  private func bootstrap() -> ServerBootstrap {
    let tls = self.tls
    let connectionCount = self.connectionCount
    let opening = limits.idle ?? .seconds(30)
    return ServerBootstrap(group: group)
      // NIO's default backlog of 128 makes bursts of new connections see resets.
      .serverChannelOption(.backlog, value: 4096)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { [self] channel in
        // Past the cap a new connection is closed at once: each costs memory and an
        // HTTP/2 state machine, and a flood of them must not take what others need.
        guard connectionCount.open() else { return channel.close() }
        return channel.eventLoop.makeCompletedFuture {
          channel.closeFuture.whenComplete { _ in connectionCount.closed() }
          // A connection that never says which HTTP it speaks (no TLS handshake, no
          // bytes) is closed as an idle one would be.
          let undecided = channel.eventLoop.assumeIsolated().scheduleTask(in: opening) { channel.close(promise: nil) }
          let sync = channel.pipeline.syncOperations
          let configure = { (http2: Bool) throws in
            undecided.cancel()
            try self.configure(channel, http2: http2)
          }
          if let tls {
            try sync.addHandler(NIOSSLServerHandler(context: tls))
            try sync.addHandler(
              ApplicationProtocolNegotiationHandler { result, channel in
                // Without ALPN a client is taken for HTTP/2, as gRPC clients always were.
                let http2: Bool
                if case .negotiated("http/1.1") = result { http2 = false } else { http2 = true }
                return channel.eventLoop.makeCompletedFuture { try configure(http2) }
              })
          } else {
            try sync.addHandler(DoorSniffer(configure: configure))
          }
        }
      }
  }

  /// The rest of a connection's pipeline, once its HTTP version is known.
  private func configure(_ channel: any Channel, http2: Bool) throws {
    let sync = channel.pipeline.syncOperations
    let config = self.config
    let loop = loops.first { $0.eventLoop === channel.eventLoop } ?? loops[0]
    let connection: any DoorConnection
    if http2 {
      let relayConnection = RelayConnection(limits: limits)
      let bound = NIOLoopBound(relayConnection, eventLoop: channel.eventLoop)
      _ = try sync.configureHTTP2Pipeline(
        mode: .server, connectionConfiguration: RelayHTTP2.connection(window: RelayHTTP2.clientWindow, maxConcurrentStreams: maxConcurrentStreams),
        streamConfiguration: RelayHTTP2.stream(window: RelayHTTP2.clientWindow), streamDelegate: RelayConnection.Delegate(connection: bound)
      ) { stream in
        stream.eventLoop.makeCompletedFuture {
          try stream.pipeline.syncOperations.addHandler(
            RelayStream(config: config, loop: loop, peer: RelayPeer(connection: channel)), name: DoorHandlerName.relay)
        }
      }
      try sync.addHandler(relayConnection)
      connection = relayConnection
    } else {
      try sync.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: true)
      let peer = RelayPeer(connection: channel)
      let door = HTTP1Door(limits: limits, scheme: tls == nil ? "http" : "https") {
        RelayStream(config: config, loop: loop, peer: peer)
      }
      try sync.addHandler(door)
      connection = door
    }
    let id = ObjectIdentifier(channel)
    open.withLock { $0[id] = NIOLoopBound(connection, eventLoop: channel.eventLoop) }
    channel.closeFuture.whenComplete { _ in self.open.withLock { $0[id] = nil } }
  }
}

/// The local gRPC server's address, learnt once it is bound.
final class LocalAddress: Sendable {
  private let resolve: @Sendable () async throws -> HostPort
  private let known = Mutex<HostPort?>(nil)

  init(resolve: @escaping @Sendable () async throws -> HostPort) { self.resolve = resolve }

  func address() async throws -> HostPort {
    if let known = known.withLock({ $0 }) { return known }
    let address = try await resolve()
    known.withLock { $0 = address }
    return address
  }
}
