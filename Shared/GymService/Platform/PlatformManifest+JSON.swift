import Foundation

extension PlatformManifest {
  /// One service as `gymctl manifest` prints it, for tools outside Swift
  /// (scripts/k8s-consistency.py): ports from the base port 7000.
  public struct Entry: Codable, Sendable, Equatable {
    public var name: String
    public var executable: String
    public var port: Int
    public var metricsPort: Int
    public var listenKey: String
    public var addressKey: String
    public var calls: [String]
    public var stateful: Bool
    public var receivesLifecycle: Bool
    public var publicServices: [String]
    public var internalServices: [String]
  }

  /// Gym ports start here; metrics listen `metricsOffset` above a service's port.
  public static let basePort = 7000
  public static let metricsOffset = 2000

  public static var entries: [Entry] {
    services.map { service in
      Entry(
        name: service.name, executable: service.executable, port: basePort + service.portOffset,
        metricsPort: basePort + service.portOffset + metricsOffset, listenKey: service.listenKeyName,
        addressKey: service.addressKeyName, calls: service.calls, stateful: service.stateful,
        receivesLifecycle: service.receivesLifecycle,
        publicServices: service.publicServices.map(\.descriptor.fullyQualifiedService),
        internalServices: service.internalServices.map(\.fullyQualifiedService))
    }
  }

  /// `{"services": [...]}`, keys sorted, for `gymctl manifest`.
  public static func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(["services": entries])
  }
}
