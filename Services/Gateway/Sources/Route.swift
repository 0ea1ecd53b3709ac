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

  /// Every public service of the platform, by owning backend. New services join here.
  public static let all: [Route] = [
    Route(backend: "auth", service: Gym_Auth_V1_AuthService.descriptor, methods: Gym_Auth_V1_AuthService.Method.descriptors),
    Route(backend: "catalog", service: Gym_Catalog_V1_CatalogService.descriptor, methods: Gym_Catalog_V1_CatalogService.Method.descriptors),
    Route(backend: "plan", service: Gym_Plan_V1_PlanService.descriptor, methods: Gym_Plan_V1_PlanService.Method.descriptors),
    Route(
      backend: "messaging", service: Gym_Messaging_V1_MessagingService.descriptor,
      methods: Gym_Messaging_V1_MessagingService.Method.descriptors),
    Route(backend: "places", service: Gym_Places_V1_PlacesService.descriptor, methods: Gym_Places_V1_PlacesService.Method.descriptors),
  ]

  /// Long-lived streams: no default deadline and no maximum (the client's own
  /// `grpc-timeout` still applies); they end when either side does. A data export
  /// streams every service's part with its attachments, which may take longer than any
  /// unary deadline.
  public static let longLived: Set<MethodDescriptor> = [
    Gym_Messaging_V1_MessagingService.Method.Subscribe.descriptor,
    Gym_Auth_V1_AuthService.Method.ExportMyData.descriptor,
  ]

  /// The backends the routes name, in the order they first appear.
  public static var backends: [String] {
    var seen: Set<String> = []
    return all.map(\.backend).filter { seen.insert($0).inserted }
  }
}
