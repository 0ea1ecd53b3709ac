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

  /// The backends the routes name, in the order they first appear.
  public static var backends: [String] {
    var seen: Set<String> = []
    return all.map(\.backend).filter { seen.insert($0).inserted }
  }
}
