import Foundation
import GRPCNIOTransportHTTP2
import GymService

/// One executable that `gymctl up` runs, as the platform's manifest describes it.
public struct ManagedService: Sendable {
  public var name: String
  public var executable: String
  /// Offset from the base port: gateway 0, auth 1, catalog 2, plan 3, messaging 4, places 5.
  public var portOffset: Int
  /// The services this one calls; each becomes `GYM_<NAME>_ADDR` in its environment.
  public var calls: [String]

  public init(_ manifest: ServiceManifest) {
    name = manifest.name
    executable = manifest.executable
    portOffset = manifest.portOffset
    calls = manifest.calls
  }

  public func address(in layout: StackLayout) -> HostPort {
    HostPort(host: layout.host, port: layout.basePort + portOffset)
  }

  /// `GYM_<NAME>_LISTEN` and the address of every service it calls.
  public func environment(_ layout: StackLayout) -> [String: String] {
    var env = ["GYM_\(name.uppercased())_LISTEN": "\(address(in: layout))"]
    for peer in calls {
      guard let service = Self.all.first(where: { $0.name == peer }) else { continue }
      env["GYM_\(peer.uppercased())_ADDR"] = "\(service.address(in: layout))"
    }
    return env
  }

  public static let auth = ManagedService(PlatformManifest.auth)
  public static let catalog = ManagedService(PlatformManifest.catalog)
  public static let plan = ManagedService(PlatformManifest.plan)
  public static let messaging = ManagedService(PlatformManifest.messaging)
  public static let places = ManagedService(PlatformManifest.places)
  public static let gateway = ManagedService(PlatformManifest.gateway)

  /// Start order: backends first, the gateway last (the manifest's order).
  public static let all: [ManagedService] = PlatformManifest.services.map(ManagedService.init)
}

/// Where the stack lives: loopback host, ports, data directory.
public struct StackLayout: Sendable {
  public var host = "127.0.0.1"
  public var basePort = 7000
  /// Metrics ports are the gRPC ports + this offset (7001 → 9001).
  public var metricsOffset = 2000
  public var dataDirectory = "./.gym-data"
  /// The service credential shared by the stack's processes (created by `Supervisor.start`);
  /// by default in the data directory.
  public var credentialFile: String
  /// The stack's certificates when it runs with TLS (`gymctl up --tls`); nil = plaintext.
  public var tls: TLSDirectory?
  /// The certificate the gateway serves when gymctl runs beside it (in its container,
  /// where `GYM_TLS_CERT_FILE` names it): calls to the gateway accept exactly that one.
  public var gatewayCertificateFile: String?

  public init(basePort: Int = 7000, dataDirectory: String = "./.gym-data") {
    self.basePort = basePort
    self.dataDirectory = dataDirectory
    self.credentialFile = (dataDirectory as NSString).appendingPathComponent("service-credential")
  }

  public func environment(for service: ManagedService) -> [String: String] {
    var env = service.environment(self)
    env["GYM_DATA_DIR"] = dataDirectory
    env["GYM_SERVICE_CREDENTIAL_FILE"] = credentialFile
    env["GYM_METRICS_LISTEN"] = "\(host):\(basePort + service.portOffset + metricsOffset)"
    if let tls { env.merge(tls.environment(for: service)) { $1 } }
    return env
  }

  /// How gymctl and the supervisor call the stack's processes.
  public func clientSecurity(for service: ManagedService? = nil) throws -> HTTP2ClientTransport.Posix.TransportSecurity {
    if let tls { return try tls.clientSecurity() }
    if service?.name == ManagedService.gateway.name, let gatewayCertificateFile { return try .pinned(to: gatewayCertificateFile) }
    return .plaintext
  }
}
