import GRPCCore
import GymService

/// Where the relay sends each request path, decided once at start-up: the public
/// methods to their backends, the internal operator tasks to theirs (for the service
/// credential alone). A path not listed here is the gateway's own (health, the
/// operator service) and goes to its local gRPC server.
struct RelayRoutes: Sendable {
  struct Entry: Sendable {
    enum Kind: Sendable {
      /// A public method: the platform's access rule applies.
      case routed
      /// An operator task of an internal service: to anyone without the credential it is
      /// as absent as every other internal method.
      case internalOperator
    }

    let method: MethodDescriptor
    let backend: String
    let kind: Kind
    /// No default deadline or maximum, a stream quota per user, connections of its own.
    let longLived: Bool
    /// An operator task: called with the service credential, the credential goes on to
    /// the backend (and only then) and the caller's own deadline applies.
    let operatorTask: Bool
    let methodClass: RateLimiter.MethodClass
    /// What the method asks of its caller (`Route.access`), decided once.
    let access: MethodAccess
  }

  let entries: [String: Entry]

  init(routes: [Route] = Route.all) {
    var entries: [String: Entry] = [:]
    for route in routes {
      for method in route.methods {
        entries["/" + method.fullyQualifiedMethod] = Entry(
          method: method, backend: route.backend, kind: .routed, longLived: Route.longLived.contains(method),
          operatorTask: Route.operatorMethods[method] != nil, methodClass: RateLimiter.methodClass(of: method),
          access: Route.access(method))
      }
    }
    for (method, backend) in Route.operatorMethods where entries["/" + method.fullyQualifiedMethod] == nil {
      entries["/" + method.fullyQualifiedMethod] = Entry(
        method: method, backend: backend, kind: .internalOperator, longLived: false, operatorTask: true,
        methodClass: RateLimiter.methodClass(of: method), access: Route.access(method))
    }
    self.entries = entries
  }

  subscript(path: String) -> Entry? { entries[path] }
}
