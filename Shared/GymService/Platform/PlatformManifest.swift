import GRPCCore
import GymAPI
import GymStore

/// Every process of the platform, described once. A new service is one entry here (and its
/// name in the `calls` of those that call it); routes, `gymctl up`, address keys, auth's
/// outbox destinations and the deployment checks follow.
public enum PlatformManifest {
  public static let auth = ServiceManifest(
    name: "auth", portOffset: 1,
    publicServices: [
      .init(
        descriptor: Gym_Auth_V1_AuthService.descriptor, methods: Gym_Auth_V1_AuthService.Method.descriptors,
        // A data export streams every service's part with its attachments.
        longLived: [Gym_Auth_V1_AuthService.Method.ExportMyData.descriptor])
    ],
    internalServices: [Gym_Auth_V1_AuthInternal.descriptor, Gym_Ops_V1_Ops.descriptor],
    // Its outbox delivers lifecycle events, and a data export gathers every service's part;
    // nothing else waits on another service (friendships come from messaging's outbox).
    calls: ["catalog", "plan", "messaging", "places"],
    operatorMethods: [
      Gym_Auth_V1_AuthService.Method.ListUsers.descriptor, Gym_Auth_V1_AuthService.Method.BanUser.descriptor,
      Gym_Auth_V1_AuthService.Method.UnbanUser.descriptor, Gym_Auth_V1_AuthService.Method.SetUserRole.descriptor,
      Gym_Auth_V1_AuthService.Method.ListTrainerRoleRequests.descriptor, Gym_Auth_V1_AuthService.Method.DecideTrainerRole.descriptor,
      Gym_Auth_V1_AuthService.Method.PurgeInactiveUsers.descriptor,
      Gym_Auth_V1_AuthInternal.Method.LookupUsers.descriptor, Gym_Auth_V1_AuthInternal.Method.CreateAdmin.descriptor,
      Gym_Auth_V1_AuthInternal.Method.ExportUser.descriptor, Gym_Auth_V1_AuthInternal.Method.ListMailOutbox.descriptor,
    ])

  public static let catalog = ServiceManifest(
    name: "catalog", portOffset: 2,
    publicServices: [.init(descriptor: Gym_Catalog_V1_CatalogService.descriptor, methods: Gym_Catalog_V1_CatalogService.Method.descriptors)],
    internalServices: [Gym_Catalog_V1_CatalogInternal.descriptor, Gym_Common_V1_UserLifecycleInternal.descriptor, Gym_Ops_V1_Ops.descriptor],
    calls: ["auth"],
    receivesLifecycle: true,
    operatorMethods: [
      Gym_Catalog_V1_CatalogService.Method.ListModerationQueue.descriptor, Gym_Catalog_V1_CatalogService.Method.RemoveProgram.descriptor,
      Gym_Catalog_V1_CatalogService.Method.RestoreProgram.descriptor, Gym_Catalog_V1_CatalogService.Method.ImportExercises.descriptor,
    ])

  public static let plan = ServiceManifest(
    name: "plan", portOffset: 3,
    publicServices: [.init(descriptor: Gym_Plan_V1_PlanService.descriptor, methods: Gym_Plan_V1_PlanService.Method.descriptors)],
    internalServices: [Gym_Common_V1_UserLifecycleInternal.descriptor, Gym_Ops_V1_Ops.descriptor],
    // Coaching reaches auth (a profile's trainers) and places (a listing's figures)
    // through plan's outbox.
    calls: ["auth", "catalog", "messaging", "places"],
    receivesLifecycle: true)

  public static let messaging = ServiceManifest(
    name: "messaging", portOffset: 4,
    publicServices: [
      .init(
        descriptor: Gym_Messaging_V1_MessagingService.descriptor, methods: Gym_Messaging_V1_MessagingService.Method.descriptors,
        longLived: [Gym_Messaging_V1_MessagingService.Method.Subscribe.descriptor])
    ],
    internalServices: [Gym_Messaging_V1_MessagingInternal.descriptor, Gym_Common_V1_UserLifecycleInternal.descriptor, Gym_Ops_V1_Ops.descriptor],
    // Places: whether a place exists (its room, its reviews), and its review figures
    // through messaging's outbox.
    calls: ["auth", "catalog", "places"],
    receivesLifecycle: true,
    operatorMethods: [
      Gym_Messaging_V1_MessagingService.Method.ListReportCases.descriptor,
      Gym_Messaging_V1_MessagingService.Method.ResolveReportCase.descriptor,
    ])

  public static let places = ServiceManifest(
    name: "places", portOffset: 5,
    publicServices: [.init(descriptor: Gym_Places_V1_PlacesService.descriptor, methods: Gym_Places_V1_PlacesService.Method.descriptors)],
    internalServices: [Gym_Places_V1_PlacesInternal.descriptor, Gym_Common_V1_UserLifecycleInternal.descriptor, Gym_Ops_V1_Ops.descriptor],
    calls: ["auth"],
    receivesLifecycle: true,
    operatorMethods: [Gym_Places_V1_PlacesService.Method.ImportPlaces.descriptor])

  /// The backends, in start order (auth first: the others verify tokens with its keys).
  public static let backends: [ServiceManifest] = [auth, catalog, plan, messaging, places]

  /// The public door: routes every backend's public services and calls every backend.
  public static let gateway = ServiceManifest(
    name: "gateway", portOffset: 0,
    publicServices: [
      .init(descriptor: Gym_Gateway_V1_OperatorService.descriptor, methods: Gym_Gateway_V1_OperatorService.Method.descriptors)
    ],
    internalServices: [], calls: backends.map(\.name), stateful: false)

  /// Every process, in start order: the backends, then the gateway.
  public static let services: [ServiceManifest] = backends + [gateway]

  public static func service(named name: String) -> ServiceManifest? { services.first { $0.name == name } }

  /// Every service auth's outbox delivers user-lifecycle events to, in manifest order.
  public static var lifecycleDestinations: [ServiceManifest] { backends.filter(\.receivesLifecycle) }

  /// Who calls `service` (the network policies admit exactly these).
  public static func callers(of service: ServiceManifest) -> [ServiceManifest] {
    services.filter { $0.calls.contains(service.name) }
  }
}
