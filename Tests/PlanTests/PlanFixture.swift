import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCatalog
import GymMessaging
import GymPlaces
import GymPlan
import GymService
import GymStore
import GymTesting
import Logging

typealias Posix = HTTP2ClientTransport.Posix
typealias Plan = Gym_Plan_V1_PlanService.Client<Posix>
typealias Catalog = Gym_Catalog_V1_CatalogService.Client<Posix>

/// Auth, catalog and plan in-process, each built by its composition root, with auth's
/// outbox delivering purges to plan and plan's outbox delivering saves to catalog;
/// two members signed in (Lena in Europe/London, Omar with no time zone). With
/// `messaging`, gym-messaging runs too and plan uses it (notifications, blocks); with
/// `places`, gym-places (trainers' listings).
enum PlanFixture {
  typealias User = RunningAuth.User
  static let password = RunningAuth.password

  struct Env: Sendable {
    let plan: Plan
    let planLifecycle: Gym_Common_V1_UserLifecycleInternal.Client<Posix>
    let catalog: Catalog
    let auth: Gym_Auth_V1_AuthService.Client<Posix>
    let running: RunningAuth
    /// Where plan keeps `plan.sqlite`.
    let planDataDirectory: String
    let lena: User
    let omar: User
    /// Only when run with `messaging: true`.
    let messaging: Gym_Messaging_V1_MessagingService.Client<Posix>?
    /// Only when run with `places: true`.
    var places: Gym_Places_V1_PlacesService.Client<Posix>? = nil

    /// A library exercise's id by slug.
    func exercise(_ slug: String) async throws -> String {
      try await catalog.getExercise(.with { $0.id = slug }, metadata: lena.metadata).exercise.id
    }
  }

  static func run<T: Sendable>(
    messaging: Bool = false, places: Bool = false, limits: PlanLimits = PlanLimits(), _ body: @Sendable (Env) async throws -> T
  ) async throws -> T {
    let planPort = try freePort()
    let catalogPort = try freePort()
    let messagingPort = try freePort()
    let placesPort = try freePort()
    var receivers: [Outbox.Destination: HostPort] = [
      "plan": HostPort(host: "127.0.0.1", port: planPort), "catalog": HostPort(host: "127.0.0.1", port: catalogPort),
    ]
    if messaging { receivers["messaging"] = HostPort(host: "127.0.0.1", port: messagingPort) }
    if places { receivers["places"] = HostPort(host: "127.0.0.1", port: placesPort) }
    return try await withRunningAuth(outboxReceivers: receivers) { auth in
      let catalogSettings = CatalogApp.Settings(
        common: CommonSettings(
          listen: HostPort(host: "127.0.0.1", port: catalogPort), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: try temporaryDirectory("gym-catalog"), auth: auth.address, credential: auth.credential)
      let catalog = try await CatalogApp.build(catalogSettings, logger: Logger(label: "catalog"))
      return try await withRunningProcess(catalog) { catalogAddress in
        try await withMessaging(messaging ? messagingPort : nil, auth: auth) { messagingAddress in
          try await withPlaces(places ? placesPort : nil, auth: auth) { placesAddress in
            let planDataDirectory = try temporaryDirectory("gym-plan")
            return try await runPlan(
              auth: auth, catalog: catalogAddress, messaging: messagingAddress, places: placesAddress, port: planPort,
              dataDirectory: planDataDirectory, limits: limits
            ) { planAddress in
              try await withClient(to: planAddress) { planClient in
                try await withCredentialClient(to: planAddress, auth.credential) { planInternal in
                  try await withClient(to: catalogAddress) { catalogClient in
                    try await withOptionalClient(to: messagingAddress) { messagingClient in
                      try await withOptionalClient(to: placesAddress) { placesClient in
                        let lena = try await auth.register("lena")
                        _ = try await auth.auth.updateProfile(
                          .with {
                            $0.profile.timeZone = "Europe/London"
                            $0.updateMask = .with { $0.paths = ["time_zone"] }
                          }, metadata: lena.metadata)
                        return try await body(
                          Env(
                            plan: Plan(wrapping: planClient),
                            planLifecycle: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: planInternal),
                            catalog: Catalog(wrapping: catalogClient), auth: auth.auth, running: auth, planDataDirectory: planDataDirectory,
                            lena: lena, omar: try await auth.register("omar"),
                            messaging: messagingClient.map { Gym_Messaging_V1_MessagingService.Client(wrapping: $0) },
                            places: placesClient.map { Gym_Places_V1_PlacesService.Client(wrapping: $0) }))
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// gym-messaging on `port`, or nothing when `port` is nil.
  static func withMessaging<T: Sendable>(
    _ port: Int?, auth: RunningAuth, _ body: @Sendable (HostPort?) async throws -> T
  ) async throws -> T {
    guard let port else { return try await body(nil) }
    let settings = MessagingApp.Settings(
      backend: BackendSettings(
        common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: port), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: try temporaryDirectory("gym-messaging"), auth: auth.address, credential: auth.credential))
    let messaging = try await MessagingApp.build(settings, logger: Logger(label: "messaging"))
    return try await withRunningProcess(messaging) { try await body($0) }
  }

  /// gym-places on `port`, or nothing when `port` is nil.
  static func withPlaces<T: Sendable>(
    _ port: Int?, auth: RunningAuth, _ body: @Sendable (HostPort?) async throws -> T
  ) async throws -> T {
    guard let port else { return try await body(nil) }
    let settings = PlacesApp.Settings(
      common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: port), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
      dataDirectory: try temporaryDirectory("gym-places"), auth: auth.address, credential: auth.credential)
    let places = try await PlacesApp.build(settings, logger: Logger(label: "places"))
    return try await withRunningProcess(places) { try await body($0) }
  }

  static func withOptionalClient<T: Sendable>(
    to address: HostPort?, _ body: @Sendable (GRPCClient<Posix>?) async throws -> T
  ) async throws -> T {
    guard let address else { return try await body(nil) }
    return try await withClient(to: address) { try await body($0) }
  }

  /// Plan alone against `catalog` (which may be an address nothing listens on).
  static func runPlan<T: Sendable>(
    auth: RunningAuth, catalog: HostPort, messaging: HostPort? = nil, places: HostPort? = nil, port: Int = 0, dataDirectory: String? = nil,
    limits: PlanLimits = PlanLimits(), _ body: @Sendable (HostPort) async throws -> T
  ) async throws -> T {
    var settings = PlanApp.Settings(
      backend: BackendSettings(
        common: CommonSettings(listen: HostPort(host: "127.0.0.1", port: port), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: try dataDirectory ?? temporaryDirectory("gym-plan"), auth: auth.address, credential: auth.credential),
      catalog: catalog)
    settings.outboxPollInterval = .milliseconds(50)
    settings.messaging = messaging
    settings.places = places
    settings.limits = limits
    let plan = try await PlanApp.build(settings, logger: Logger(label: "plan"))
    return try await withRunningProcess(plan) { try await body($0) }
  }
}

/// A one-day routine of `exercises`, 3 × 5 at 100 kg each.
func routine(_ name: String, exercises: [String], days: Int = 1) -> Gym_Plan_V1_Routine {
  .with {
    $0.name = name
    $0.days = (0..<days).map { day in
      .with {
        $0.name = "Day \(day + 1)"
        $0.exercises = exercises.map { id in
          .with {
            $0.exerciseID = id
            $0.sets = Array(
              repeating: .with {
                $0.targetReps = 5; $0.targetWeightKg = 100; $0.restSeconds = 180
              }, count: 3)
          }
        }
      }
    }
  }
}

func date(_ year: Int, _ month: Int, _ day: Int) -> Gym_Common_V1_Date {
  .with {
    $0.year = Int32(year)
    $0.month = Int32(month)
    $0.day = Int32(day)
  }
}
