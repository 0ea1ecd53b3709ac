import GRPCCore
import GymService

/// One backend as the gateway reaches it. Unary calls and short streams share `calls`;
/// long-lived streams (`Route.longLived`) use `streams`, connections of their own, so
/// thousands of open subscriptions never make a unary call wait; health checks use
/// `health`, so a busy backend still answers them.
struct Backend: Sendable {
  let name: String
  let calls: BackendPool
  /// Nil for a backend that serves no long-lived method.
  let streams: BackendPool?
  let health: GymGRPCClient

  init(name: String, address: HostPort, settings: GatewayApp.Settings) throws {
    let tls = settings.common.internalTLS
    self.name = name
    calls = try BackendPool(
      name: name, address: address, connections: settings.backendConnections,
      streamsPerConnection: settings.backendStreams, tls: tls)
    let servesStreams = Route.all.contains { route in
      route.backend == name && route.methods.contains(where: Route.longLived.contains)
    }
    streams =
      servesStreams
      ? try BackendPool(
        name: name, address: address, connections: settings.streamConnections,
        streamsPerConnection: settings.backendStreams, queues: false, tls: tls)
      : nil
    health = try GymClient.make(to: address, tls: tls)
  }

  /// The pool a call of `method` goes through.
  func pool(for method: MethodDescriptor) -> BackendPool {
    if let streams, Route.longLived.contains(method) { return streams }
    return calls
  }

  /// Every connection to the backend, for the lifecycle.
  var allClients: [GymGRPCClient] { calls.clients + (streams?.clients ?? []) + [health] }
}
