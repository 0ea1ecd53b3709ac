import Foundation
import GRPCCore
import GymAPI
import GymService
import Logging
import ServiceLifecycle

/// The composition root of gym-gateway.
public enum GatewayApp {
  public static let listen = PlatformManifest.gateway.listenKey("HOST:PORT of the public gRPC port (0.0.0.0:7000 in containers)")
  public static let defaultDeadline = ConfigKey(
    "GYM_GATEWAY_DEFAULT_DEADLINE_SECONDS", default: "10", "Deadline for calls that set none")
  public static let maximumDeadline = ConfigKey(
    "GYM_GATEWAY_MAX_DEADLINE_SECONDS", default: "60", "Longest deadline passed to a backend, whatever the client asks")

  /// The address key of each backend the manifest says the gateway calls
  /// (`GYM_<BACKEND>_ADDR`): a new backend brings its key with it.
  static let backendKeys: [(backend: String, key: ConfigKey)] = PlatformManifest.backends.map { backend in
    (backend.name, PlatformManifest.gateway.addressKey(of: backend, default: nil, "HOST:PORT of gym-\(backend.name)"))
  }

  public static let backendConnections = ConfigKey(
    "GYM_GATEWAY_BACKEND_CONNECTIONS", default: "2",
    "HTTP/2 connections to each backend that relayed calls are spread over, divided among the gateway's event loops (at least one each)")
  public static let backendStreams = ConfigKey(
    "GYM_GATEWAY_BACKEND_STREAMS", default: "1000",
    "Calls in flight on one backend connection; at most the backends' GYM_MAX_CONCURRENT_STREAMS (more wait in the gateway)")

  public static let streamConnections = ConfigKey(
    "GYM_GATEWAY_STREAM_CONNECTIONS", default: "4",
    "HTTP/2 connections to each backend that serves long-lived streams (Subscribe, ExportMyData), apart from the unary calls' connections, divided among the gateway's event loops (at least one each); each carries GYM_GATEWAY_BACKEND_STREAMS, beyond which a new stream is refused"
  )
  public static let streamsPerUser = ConfigKey(
    "GYM_GATEWAY_STREAMS_PER_USER", default: "10", "Long-lived streams one user may hold open through the gateway at once")

  public static let rateLimits = ConfigKey(
    "GYM_GATEWAY_RATE_LIMITS", default: "true",
    "true: token buckets per client address and per user (GYM_GATEWAY_LIMIT_*); false: none (benchmarks, trusted networks)")
  /// `GYM_GATEWAY_LIMIT_SIGNIN` and its siblings: one per class of method.
  static let limitKeys: [(RateLimiter.MethodClass, ConfigKey)] = RateLimiter.MethodClass.allCases.map { methodClass in
    let standard = RateLimiter.standard[methodClass] ?? .unlimited
    func text(_ rate: RateLimiter.Rate) -> String { rate.perSecond > 0 ? "\(Int(rate.perSecond))/\(Int(rate.burst))" : "0" }
    return (
      methodClass,
      ConfigKey(
        "GYM_GATEWAY_LIMIT_\(methodClass.rawValue.uppercased())", default: "\(text(standard.perAddress)) \(text(standard.perUser))",
        "\(methodClass) calls: \"RATE/BURST RATE/BURST\" per client address, then per user; 0 = no limit")
    )
  }
  public static let allowPlaintext = ConfigKey(
    "GYM_GATEWAY_ALLOW_PLAINTEXT", default: "false",
    "true: serve plaintext on a non-loopback GYM_GATEWAY_LISTEN (only behind a TLS-terminating proxy or on a private network); loopback is always allowed")
  public static let corsOrigins = ConfigKey(
    "GYM_GATEWAY_CORS_ORIGINS", default: "",
    "Web pages that may call the gateway from a browser (gRPC-Web, JSON): origins separated by commas (https://coach.example.com), or *; empty: only the pages the gateway serves itself"
  )
  public static let limitEntries = ConfigKey(
    "GYM_GATEWAY_LIMIT_ENTRIES", default: "100000", "Rate-limit buckets kept in memory at most (idle ones are dropped first)")

  public static let keys: [ConfigKey] =
    [listen] + backendKeys.map(\.key)
    + [ServiceCredential.fileKey, defaultDeadline, maximumDeadline, backendConnections, backendStreams, streamConnections, streamsPerUser, rateLimits]
    + limitKeys.map(\.1) + [limitEntries, allowPlaintext, corsOrigins] + CommonKeys.all

  public struct Settings: Sendable {
    public var common: CommonSettings
    public var backends: [String: HostPort]
    public var defaultDeadline: Duration = .seconds(10)
    public var maximumDeadline: Duration = .seconds(60)
    public var backendConnections = 2
    public var backendStreams = 1000
    public var streamConnections = 4
    public var streamsPerUser = 10
    /// Per class of method; empty = no rate limits.
    public var rateLimits: [RateLimiter.MethodClass: RateLimiter.Limits] = RateLimiter.standard
    public var rateLimitEntries = 100_000
    /// `GYM_GATEWAY_CORS_ORIGINS`: which web pages may call from a browser.
    public var corsOrigins = ""
    /// Lets the gateway follow auth's revocation stream.
    public var credential: ServiceCredential

    public init(common: CommonSettings, backends: [String: HostPort], credential: ServiceCredential) {
      self.common = common
      self.backends = backends
      self.credential = credential
    }

    public init(config: Config) throws {
      var backends: [String: HostPort] = [:]
      for (name, key) in GatewayApp.backendKeys { backends[name] = try config.address(key) }
      self.init(
        common: try CommonSettings(config: config, listenKey: GatewayApp.listen), backends: backends,
        credential: try ServiceCredential.load(path: try config.string(ServiceCredential.fileKey)))
      defaultDeadline = try config.seconds(GatewayApp.defaultDeadline)
      maximumDeadline = try config.seconds(GatewayApp.maximumDeadline)
      backendConnections = try config.int(GatewayApp.backendConnections, in: 1...64)
      backendStreams = try config.int(GatewayApp.backendStreams, in: 1...100_000)
      streamConnections = try config.int(GatewayApp.streamConnections, in: 1...64)
      streamsPerUser = try config.int(GatewayApp.streamsPerUser, in: 1...1_000)
      if try config.bool(GatewayApp.rateLimits) {
        for (methodClass, key) in GatewayApp.limitKeys {
          guard let limits = RateLimiter.Limits(try config.string(key)) else {
            throw ConfigError("\(key.name) must be two limits, per address then per user, each RATE/BURST or 0 (e.g. \"10/50 0\")")
          }
          rateLimits[methodClass] = limits
        }
      } else {
        rateLimits = [:]
      }
      rateLimitEntries = try config.int(GatewayApp.limitEntries, in: 1_000...10_000_000)
      corsOrigins = try config.string(GatewayApp.corsOrigins)
      do {
        _ = try CORSPolicy(corsOrigins)
      } catch {
        throw ConfigError("\(GatewayApp.corsOrigins.name): \(error)")
      }
      try Self.checkPlaintext(common, allowed: try config.bool(GatewayApp.allowPlaintext))
    }

    /// The public door speaks plaintext only on loopback (development, `gymctl up`) or
    /// where the operator says so explicitly: tokens and passwords cross it.
    static func checkPlaintext(_ common: CommonSettings, allowed: Bool) throws {
      guard common.tls == nil, !allowed, !HostPort.isLoopback(common.listen.host) else { return }
      throw ConfigError(
        "\(GatewayApp.listen.name)=\(common.listen) is not a loopback address: serve TLS (\(CommonKeys.tlsCertificateFile.name) and \(CommonKeys.tlsKeyFile.name); `gymctl tls init` makes a development pair) or, behind a TLS-terminating proxy or on a private network, set \(GatewayApp.allowPlaintext.name)=true"
      )
    }
  }

  public static func build(_ settings: Settings, logger: Logger) async throws -> BuiltProcess {
    for route in Route.all where settings.backends[route.backend] == nil {
      throw ConfigError("no address configured for backend '\(route.backend)'")
    }
    guard let authAddress = settings.backends["auth"] else { throw ConfigError("no address configured for backend 'auth'") }
    // A separate connection for the gateway's own calls to auth (signing keys, the
    // revocation stream), so they never wait behind users' calls and relayed calls
    // never carry the credential.
    let tls = settings.common.internalTLS
    let metrics = RPCMetrics()
    let authInternal = try InternalClient.make(to: authAddress, tls: tls, credential: settings.credential, metrics: metrics)
    let revocations = RevocationList(maxLag: settings.common.revocationMaxLag)
    // The operator service reaches each backend's Ops over these credentialed
    // connections: relayed user calls never carry the credential.
    let operatorBackends = try Route.backends.map { name in
      guard let address = settings.backends[name] else { throw ConfigError("no address configured for backend '\(name)'") }
      return PlatformOperator.Backend(
        name: name, address: address, client: try InternalClient.make(to: address, tls: tls, credential: settings.credential))
    }
    // Health checks have connections of their own, so a busy backend still answers them.
    let healthClients = try Dictionary(
      uniqueKeysWithValues: Route.backends.map { name in (name, try GymClient.make(to: settings.backends[name]!, tls: tls)) })
    let backends = Route.all.map { route in
      (route.service.fullyQualifiedService, Grpc_Health_V1_Health.Client(wrapping: healthClients[route.backend]!))
    }
    let limiter = settings.rateLimits.isEmpty ? nil : RateLimiter(limits: settings.rateLimits, maxEntries: settings.rateLimitEntries)
    return try await BuiltProcess.compose(
      name: "gym-gateway", common: settings.common, credential: settings.credential,
      identity: .follower(client: authInternal, revocations: revocations),
      // No database: the gateway keeps nothing.
      storage: nil,
      healthNames: Route.all.map { $0.service.fullyQualifiedService },
      // The gRPC server behind the relay believes the client address the relay vouches
      // for (with the proof only the platform holds); the relay itself believes no one's.
      trustsForwarding: true,
      access: Route.access,
      interceptors: rateLimitInterceptors(limiter),
      metrics: metrics,
      logger: logger,
      before: healthClients.values.map { ClientConnections($0) } + operatorBackends.map { ClientConnections($0.client) },
      probe: {
        // Each routed service is only as healthy as its backend.
        var down: Set<String> = []
        for (name, health) in backends {
          let options = CallOptions.internalCall(timeout: .seconds(1))
          // A backend that fails the check is as down as one that says NOT_SERVING.
          let status = try? await health.check(.with { $0.service = "" }, options: options).status
          if status != .serving { down.insert(name) }
        }
        return down
      },
      door: { parts in
        guard let auth = parts.auth else { throw ConfigError("the gateway's relay needs the token check") }
        let streamQuota = StreamQuota(perUser: settings.streamsPerUser)
        metrics.addGauges {
          [MetricSample("gym_gateway_streams_open", "Long-lived streams the gateway relays now.", value: Double(streamQuota.total))]
        }
        var config = RelayConfig(
          routes: RelayRoutes(),
          admission: RelayAdmission(auth: auth, limiter: limiter, credential: settings.credential, revocations: revocations),
          streamQuota: streamQuota,
          deadlines: .init(defaultTimeout: settings.defaultDeadline, maximumTimeout: settings.maximumDeadline),
          maxMessageBytes: settings.common.maxMessageBytes,
          forwardingProof: settings.credential.forwardingProof,
          calls: CallRecord(metrics: metrics, accessLog: settings.common.accessLog, logger: logger))
        config.cors = try CORSPolicy(settings.corsOrigins)
        // gRPC-Web, the gateway's own files (the OpenAPI document, the trainers' dashboard)
        // and HTTP/JSON (docs/http-json.md): asked only for requests that are not gRPC.
        config.doors = [
          GRPCWebDoor(cors: config.cors),
          StaticFileDoor(cors: config.cors),
          JSONDoor(cors: config.cors, maxMessageBytes: settings.common.maxMessageBytes, record: config.calls, limiter: limiter),
        ]
        return try FrameRelay(gateway: settings, config: config, local: parts.local)
      },
      // Reflection at the gateway lists what a client can call through it: the routes,
      // and the gateway's own services; never an internal service or Ops.
      relayedServices: Route.all.map(\.service.fullyQualifiedService),
      services: [
        OperatorService(platform: PlatformOperator(backends: operatorBackends), selfCheck: { try revocations.checkLag() })
      ])
  }

  /// The address check runs before tokens are verified, the user check after.
  static func rateLimitInterceptors(_ limiter: RateLimiter?) -> (beforeAuth: [any ServerInterceptor], afterAuth: [any ServerInterceptor]) {
    guard let limiter else { return ([], []) }
    return ([RateLimitInterceptor(limiter: limiter, stage: .address)], [RateLimitInterceptor(limiter: limiter, stage: .user)])
  }
}
