import Foundation
import GymService

/// One executable that `gymctl up` runs. New services join the platform by being
/// added to `ManagedService.all` (and to the gateway's routes).
public struct ManagedService: Sendable {
  public var name: String
  public var executable: String
  /// Offset from the base port: gateway 0, auth 1, catalog 2, …
  public var portOffset: Int
  /// Environment for this process given the stack's layout.
  public var environment: @Sendable (StackLayout) -> [String: String]

  public func address(in layout: StackLayout) -> HostPort {
    HostPort(host: layout.host, port: layout.basePort + portOffset)
  }

  public static let auth = ManagedService(name: "auth", executable: "gym-auth", portOffset: 1) { layout in
    [
      "GYM_AUTH_LISTEN": "\(layout.host):\(layout.basePort + 1)",
      "GYM_CATALOG_ADDR": "\(layout.host):\(layout.basePort + 2)",
      "GYM_PLACES_ADDR": "\(layout.host):\(layout.basePort + 5)",
    ]
  }

  public static let catalog = ManagedService(name: "catalog", executable: "gym-catalog", portOffset: 2) { layout in
    [
      "GYM_CATALOG_LISTEN": "\(layout.host):\(layout.basePort + 2)",
      "GYM_AUTH_ADDR": "\(layout.host):\(layout.basePort + 1)",
    ]
  }

  public static let places = ManagedService(name: "places", executable: "gym-places", portOffset: 5) { layout in
    [
      "GYM_PLACES_LISTEN": "\(layout.host):\(layout.basePort + 5)",
      "GYM_AUTH_ADDR": "\(layout.host):\(layout.basePort + 1)",
    ]
  }

  public static let gateway = ManagedService(name: "gateway", executable: "gym-gateway", portOffset: 0) { layout in
    [
      "GYM_GATEWAY_LISTEN": "\(layout.host):\(layout.basePort)",
      "GYM_AUTH_ADDR": "\(layout.host):\(layout.basePort + 1)",
      "GYM_CATALOG_ADDR": "\(layout.host):\(layout.basePort + 2)",
      "GYM_PLACES_ADDR": "\(layout.host):\(layout.basePort + 5)",
    ]
  }

  /// Start order: backends first, the gateway last.
  public static let all: [ManagedService] = [.auth, .catalog, .places, .gateway]
}

/// Where the stack lives: loopback host, ports, data directory.
public struct StackLayout: Sendable {
  public var host = "127.0.0.1"
  public var basePort = 7000
  /// Metrics ports are the gRPC ports + this offset (7001 → 9001).
  public var metricsOffset = 2000
  public var dataDirectory = "./.gym-data"

  public init(basePort: Int = 7000, dataDirectory: String = "./.gym-data") {
    self.basePort = basePort
    self.dataDirectory = dataDirectory
  }

  /// The service credential shared by the stack's processes (created by `Supervisor.start`).
  public var credentialFile: String { (dataDirectory as NSString).appendingPathComponent("service-credential") }

  public func environment(for service: ManagedService) -> [String: String] {
    var env = service.environment(self)
    env["GYM_DATA_DIR"] = dataDirectory
    env["GYM_SERVICE_CREDENTIAL_FILE"] = credentialFile
    env["GYM_METRICS_LISTEN"] = "\(host):\(basePort + service.portOffset + metricsOffset)"
    return env
  }
}
