import ServiceLifecycle

/// A process ready to run: its server, its lifecycle services in start order, and
/// what to close after they stop (the database).
public struct BuiltProcess: Sendable {
  public let server: GymServer
  public let services: [any Service]
  public let close: @Sendable () throws -> Void

  public init(server: GymServer, services: [any Service], close: @escaping @Sendable () throws -> Void = {}) {
    self.server = server
    self.services = services
    self.close = close
  }
}
