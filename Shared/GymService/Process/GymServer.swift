import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// One gym process's gRPC server: the standard transport settings (listen backlog,
/// message size limit), the shared interceptors (request id, metrics, error mapping,
/// token verification), health, server reflection and metrics. Every executable builds one of these.
public final class GymServer: Sendable {
  public let name: String
  public let health: HealthStatus
  public let metrics: RPCMetrics
  /// The data directory's disk, for a process that has one.
  public let disk: DiskHealth?
  private let settings: CommonSettings
  private let transport: HTTP2ServerTransport.Posix
  private let server: GRPCServer<HTTP2ServerTransport.Posix>
  /// The public listener in front of `server`, when the process has one.
  private let door: (any FrontDoor)?
  private let logger: Logger

  /// - Parameters:
  ///   - healthNames: service names reported by `grpc.health.v1` besides "" (the process).
  ///   - auth: token verification for non-public methods; nil for processes without users.
  ///   - forwardingProof: what the gateway presents with `x-forwarded-for`
  ///     (`ServiceCredential.forwardingProof`); nil for the public door, which trusts no one's.
  ///   - interceptors: a process's own, around token verification (the gateway's rate limits).
  ///   - metrics: where RPC figures go; a process passes its own to record more there.
  ///   - dataDirectory: where the process writes (its database); health then reports
  ///     the disk under `DiskHealth.healthName`. nil for processes without data.
  ///   - door: a public listener of the process's own (the gateway's relay) that serves
  ///     `settings.listen` with `settings.tls`; the gRPC server then listens on loopback
  ///     in plaintext, for the door alone.
  ///   - relayedServices: services the door serves besides this server's own (the
  ///     gateway's routes), so that reflection lists them too.
  public init(
    name: String,
    settings: CommonSettings,
    services: [any RegistrableRPCService],
    healthNames: [String],
    auth: AuthInterceptor?,
    forwardingProof: String?,
    interceptors extra: (beforeAuth: [any ServerInterceptor], afterAuth: [any ServerInterceptor]) = ([], []),
    metrics: RPCMetrics = RPCMetrics(),
    dataDirectory: String? = nil,
    door: FrontDoorFactory? = nil,
    relayedServices: [String] = [],
    logger: Logger
  ) throws {
    self.name = name
    self.settings = settings
    self.logger = logger
    let disk = dataDirectory.map { DiskHealth(directory: $0, interval: settings.diskProbeInterval, logger: logger) }
    self.disk = disk
    self.health = HealthStatus(services: healthNames + (disk == nil ? [] : [DiskHealth.healthName]))
    self.metrics = metrics
    let config = HTTP2ServerTransport.Posix.Config.defaults { config in
      config.rpc.maxRequestPayloadSize = settings.maxMessageBytes
      // Advertised, so grpcio and other clients queue calls beyond it instead of losing
      // the connection (NIO enforces 100 silently when nothing is set).
      config.http2.maxConcurrentStreams = settings.maxConcurrentStreams
      // NIO's default backlog of 128 makes bursts of new connections see resets.
      config.channelDebuggingCallbacks.onBindTCPListener = { channel in
        channel.setOption(ChannelOptions.backlog, value: 4096)
      }
      config.connection.maxIdleTime = settings.connectionIdle
      config.connection.maxAge = settings.connectionMaxAge
      // Calls in flight on a connection told to go away get this long to finish.
      config.connection.maxGraceTime = settings.connectionMaxAge.map { _ in .seconds(30) }
      let connections = ConnectionCount(limit: settings.maxConnections)
      config.channelDebuggingCallbacks.onAcceptTCPConnection = { channel in
        // Past the cap a new connection is closed at once: each costs memory and an
        // HTTP/2 state machine, and a flood of them must not take what others need.
        guard connections.open() else { return channel.close() }
        channel.closeFuture.whenComplete { _ in connections.closed() }
        return channel.eventLoop.makeSucceededVoidFuture()
      }
    }
    let transport = HTTP2ServerTransport.Posix(
      address: door == nil ? .ipv4(host: settings.listen.host, port: settings.listen.port) : .ipv4(host: "127.0.0.1", port: 0),
      transportSecurity: door == nil ? try settings.tls?.transportSecurity ?? .plaintext : .plaintext,
      config: config
    )
    self.transport = transport
    self.door = try door.map { make in
      try make(
        FrontDoorParts(
          local: {
            guard let ipv4 = try await transport.listeningAddress.ipv4 else { throw ConfigError("the gRPC server has no IPv4 address") }
            return HostPort(host: ipv4.host, port: ipv4.port)
          }, auth: auth))
    }
    var interceptors: [any ServerInterceptor] =
      [
        RequestInterceptor(
          metrics: metrics, logger: logger, forwardingProof: forwardingProof, accessLog: settings.accessLog, disk: disk,
          pageByteBudget: Paging.byteBudget(messageLimit: settings.maxMessageBytes))
      ] + extra.beforeAuth
    if let auth { interceptors.append(auth) }
    interceptors += extra.afterAuth
    let served = services + [HealthService(status: health)]
    let reflection = ServerReflection(services: Self.names(of: served) + ServerReflection.serviceNames + relayedServices)
    self.server = GRPCServer(
      transport: transport,
      services: served + ReflectionService.both(reflection),
      interceptors: interceptors
    )
  }

  /// The fully qualified names of the services `services` register, read from their
  /// methods so that reflection lists exactly what the server answers.
  static func names(of services: [any RegistrableRPCService]) -> [String] {
    var router = RPCRouter<HTTP2ServerTransport.Posix>()
    for service in services { service.registerMethods(with: &router) }
    return Array(Set(router.methods.map(\.service.fullyQualifiedService)))
  }

  /// The bound address (useful with port 0 in tests).
  public var listeningAddress: HostPort {
    get async throws {
      if let door { return try await door.listeningAddress }
      let address = try await transport.listeningAddress
      guard let ipv4 = address.ipv4 else { return settings.listen }
      return HostPort(host: ipv4.host, port: ipv4.port)
    }
  }

  /// The lifecycle services of this process in start order: clients and workers first,
  /// then metrics, the gRPC server, and the health monitor last so that on shutdown it
  /// reports NOT_SERVING (for `shutdownUnready`) before anything else stops.
  /// - Parameter stoppingFirst: services told of graceful shutdown before the server
  ///   (ServiceGroup stops in reverse order), e.g. one that ends long-lived streams so
  ///   they do not hold the grace period.
  public func lifecycle(
    before: [any Service] = [], stoppingFirst: [any Service] = [], probe: @escaping HealthMonitor.Probe
  ) -> [any Service] {
    let certificates = settings.certificateFiles
    let watcher: [any Service] =
      certificates.isEmpty ? [] : [CertificateWatcher(files: certificates, interval: settings.certificateReload, logger: logger)]
    return before + watcher + [
      MetricsServer(address: settings.metricsListen, metrics: metrics, health: health, logger: logger),
      GRPCServerService(server: server),
    ] + (door.map { [$0] } ?? []) + stoppingFirst + [
      HealthMonitor(status: health, unreadyBeforeStop: settings.shutdownUnready, logger: logger, probe: withDisk(probe))
    ]
  }

  /// `probe`, and `disk` down while the data directory's disk is full: reads go on, so
  /// the process and its services stay SERVING.
  private func withDisk(_ probe: @escaping HealthMonitor.Probe) -> HealthMonitor.Probe {
    guard let disk else { return probe }
    return {
      var down = try await probe()
      if disk.check() { down.insert(DiskHealth.healthName) }
      return down
    }
  }

  /// Runs `services` in one `ServiceGroup` until SIGTERM/SIGINT, giving in-flight
  /// RPCs `settings.shutdownGrace` to finish.
  public func run(_ services: [any Service]) async throws {
    var config = ServiceGroupConfiguration(
      services: services.map { .init(service: $0) },
      gracefulShutdownSignals: [.sigterm, .sigint],
      logger: logger
    )
    config.maximumGracefulShutdownDuration = settings.shutdownGrace
    logger.info(
      "starting",
      metadata: [
        "listen": "\(settings.listen)", "metrics": "\(settings.metricsListen)",
        "tls": "\(settings.tls?.mode ?? "off")", "internal_tls": "\(settings.internalTLS?.mode ?? "off")",
      ])
    try await ServiceGroup(configuration: config).run()
    logger.info("stopped")
  }
}

/// A `GRPCServer` as a lifecycle service: graceful shutdown stops accepting new RPCs
/// and lets in-flight ones finish.
public struct GRPCServerService<Transport: ServerTransport>: Service {
  let server: GRPCServer<Transport>

  public init(server: GRPCServer<Transport>) { self.server = server }

  public func run() async throws {
    do {
      try await withGracefulShutdownHandler {
        try await server.serve()
      } onGracefulShutdown: {
        server.beginGracefulShutdown()
      }
    } catch let error as RuntimeError where error.cause is CancellationError && Task.isCancelled {
      // The grace ran out and the group cancelled the RPCs still running: the stop the
      // operator asked for, not a failure (the transport may report the cancellation).
    }
  }
}

/// Open connections of one server, against its cap.
public final class ConnectionCount: Sendable {
  private let count = Atomic(0)
  private let limit: Int

  public init(limit: Int) { self.limit = limit }

  /// Counts a new connection; false (and not counted) when the cap is reached.
  public func open() -> Bool {
    if count.wrappingAdd(1, ordering: .relaxed).newValue <= limit { return true }
    count.wrappingSubtract(1, ordering: .relaxed)
    return false
  }

  public func closed() { count.wrappingSubtract(1, ordering: .relaxed) }
}
