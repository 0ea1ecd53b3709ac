import GRPCCore
import GymAPI
import GymService

/// A public service the gateway exposes and the backend that owns it. Only services
/// listed here are routed: `…Internal` services and `gym.ops.v1` never are, so a
/// client reaching for them gets UNIMPLEMENTED from the gateway itself.
public struct Route: Sendable {
  public var backend: String
  public var service: ServiceDescriptor
  public var methods: [MethodDescriptor]

  /// Every public service of the platform, by owning backend: the manifest's
  /// `publicServices` of each backend.
  public static let all: [Route] = PlatformManifest.backends.flatMap { backend in
    backend.publicServices.map { Route(backend: backend.name, service: $0.descriptor, methods: $0.methods) }
  }

  /// Long-lived streams: no default deadline and no maximum (the client's own
  /// `grpc-timeout` still applies); they end when either side does. A data export
  /// streams every service's part with its attachments, which may take longer than any
  /// unary deadline. The manifest names them with their service.
  public static let longLived: Set<MethodDescriptor> = Set(PlatformManifest.backends.flatMap { $0.publicServices.flatMap(\.longLived) })

  /// Operator tasks (gymctl's) by the backend that serves them: the manifest's
  /// `operatorMethods`. With the service credential the gateway relays them over its own
  /// credentialed connection; the internal ones among them take nothing else.
  public static let operatorMethods: [MethodDescriptor: String] = Dictionary(
    uniqueKeysWithValues: PlatformManifest.backends.flatMap { backend in backend.operatorMethods.map { ($0, backend.name) } })

  /// The operator methods of internal services (no route names them).
  static let internalOperatorMethods: Set<MethodDescriptor> = Set(operatorMethods.keys).subtracting(all.flatMap(\.methods))

  /// Who may call a method at the gateway: the platform's rule, except that the internal
  /// operator methods pass the interceptor unchecked, so that the forwarder can answer
  /// anyone without the credential as it answers for any internal method (UNIMPLEMENTED).
  static func access(_ method: MethodDescriptor) -> MethodAccess {
    internalOperatorMethods.contains(method) ? .anyone : MethodAccess.of(method)
  }

  /// The backends the routes name, in the order they first appear.
  public static var backends: [String] {
    var seen: Set<String> = []
    return all.map(\.backend).filter { seen.insert($0).inserted }
  }
}
