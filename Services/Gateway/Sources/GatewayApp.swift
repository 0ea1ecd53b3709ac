import Foundation
import GRPCCore
import GymAPI
import GymService
import Logging
import ServiceLifecycle

/// The composition root of gym-gateway.
public enum GatewayApp {
  public static let listen = ConfigKey(
    "GYM_GATEWAY_LISTEN", default: "127.0.0.1:7000", "HOST:PORT of the public gRPC port (0.0.0.0:7000 in containers)")
  public static let authAddress = ConfigKey("GYM_AUTH_ADDR", default: nil, "HOST:PORT of gym-auth")
  public static let catalogAddress = ConfigKey("GYM_CATALOG_ADDR", default: nil, "HOST:PORT of gym-catalog")
  public static let placesAddress = ConfigKey("GYM_PLACES_ADDR", default: nil, "HOST:PORT of gym-places")
  public static let defaultDeadline = ConfigKey(
    "GYM_GATEWAY_DEFAULT_DEADLINE_SECONDS", default: "10", "Deadline for calls that set none")
  public static let maximumDeadline = ConfigKey(
    "GYM_GATEWAY_MAX_DEADLINE_SECONDS", default: "60", "Longest deadline passed to a backend, whatever the client asks")

  /// The address key of each backend named in `Route.all`.
  static let backendKeys: [String: ConfigKey] = ["auth": authAddress, "catalog": catalogAddress, "places": placesAddress]

  public static let keys: [ConfigKey] =
    [listen, authAddress, catalogAddress, placesAddress, ServiceCredential.fileKey, defaultDeadline, maximumDeadline] + CommonKeys.all

  public struct Settings: Sendable {
    public var common: CommonSettings
    public var backends: [String: HostPort]
    public var defaultDeadline: Duration = .seconds(10)
    public var maximumDeadline: Duration = .seconds(60)
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
    }
  }

  public static func build(_ settings: Settings, logger: Logger) async throws -> BuiltProcess {
    var clients: [String: GymGRPCClient] = [:]
    for (name, address) in settings.backends {
      clients[name] = try GymClient.make(to: address, maxResponseBytes: settings.common.maxMessageBytes)
    }
    var routes: [(Route, GymGRPCClient)] = []
    for route in Route.all {
      guard let client = clients[route.backend] else {
        throw ConfigError("no address configured for backend '\(route.backend)'")
      }
      routes.append((route, client))
    }
    let verifier = TokenVerifier(source: AuthKeySource(client: clients["auth"]!), logger: logger)
    // A separate connection for internal calls, so forwarded user calls never carry the credential.
    let authInternal = try GymClient.make(to: settings.backends["auth"]!, interceptors: [settings.credential.clientInterceptor])
    let revocations = RevocationList()
    let server = GymServer(
      name: "gym-gateway",
      settings: settings.common,
      services: [
        Forwarder(
          routes: routes,
          deadlines: .init(defaultTimeout: settings.defaultDeadline, maximumTimeout: settings.maximumDeadline),
          maxMessageBytes: settings.common.maxMessageBytes)
      ],
      healthNames: routes.map { $0.0.service.fullyQualifiedService },
      auth: AuthInterceptor(verifier: verifier, credential: nil, sessionCheck: revocations.sessionCheck),
      trustForwardedFor: false,
      // The forwarder enforces the configured limit with a clear status; the transport
      // only stops what is far beyond it (it can answer those with a reset alone).
      transportPayloadLimit: settings.common.maxMessageBytes * 2,
      logger: logger)
    let backends = routes.map { ($0.0.service.fullyQualifiedService, Grpc_Health_V1_Health.Client(wrapping: $0.1)) }
    let probe: HealthMonitor.Probe = {
      // The gateway serves as long as it runs; each routed service is only as healthy as its backend.
      var down: Set<String> = []
      for (name, health) in backends {
        var options = CallOptions.defaults
        options.timeout = .seconds(1)
        options.waitForReady = false
        let status = try? await health.check(.with { $0.service = "" }, options: options).status
        if status != .serving { down.insert(name) }
      }
      return down
    }
    return BuiltProcess(
      server: server,
      services: server.lifecycle(
        before: clients.values.map { ClientConnections($0) } + [
          ClientConnections(authInternal),
          RevocationFollower(client: authInternal, list: revocations, logger: logger),
        ],
        probe: probe))
  }
}
