import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCatalog
import GymService
import GymTesting
import Logging

typealias Posix = HTTP2ClientTransport.Posix
typealias Catalog = Gym_Catalog_V1_CatalogService.Client<Posix>

/// Auth and catalog in-process, each from its composition root, with auth's outbox
/// delivering to catalog (bans, purges); an admin, two trainers and four members
/// signed in.
enum CatalogFixture {
  typealias User = RunningAuth.User

  struct Env: Sendable {
    let catalog: Catalog
    let catalogInternal: Gym_Catalog_V1_CatalogInternal.Client<Posix>
    /// What a user reaching for the internal service would hold: no credential.
    let catalogInternalWithoutCredential: Gym_Catalog_V1_CatalogInternal.Client<Posix>
    /// The user lifecycle (purges, bans), with the credential.
    let catalogLifecycle: Gym_Common_V1_UserLifecycleInternal.Client<Posix>
    let auth: Gym_Auth_V1_AuthService.Client<Posix>
    let admin: User
    let trainer: User
    let otherTrainer: User
    let members: [User]
    var member: User { members[0] }
    /// Auth itself (more accounts, its outbox) and where catalog keeps `catalog.sqlite`.
    let running: RunningAuth
    let dataDirectory: String
  }

  static let password = RunningAuth.password

  /// - Parameter rules: low thresholds by default, so a handful of voters can hide a
  ///   program and a handful of reports uses up a reporter's day.
  static func run<T: Sendable>(
    rules: ModerationRules = ModerationRules(hideBelowScore: 0.2, minimumVotes: 3, hideAfterReports: 2, reportsPerDay: 3),
    _ body: @Sendable (Env) async throws -> T
  ) async throws -> T {
    let catalogPort = try freePort()
    return try await withRunningAuth(outboxReceivers: ["catalog": HostPort(host: "127.0.0.1", port: catalogPort)]) { auth in
      let dataDirectory = try temporaryDirectory()
      var settings = CatalogApp.Settings(
        common: CommonSettings(
          listen: HostPort(host: "127.0.0.1", port: catalogPort), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: dataDirectory, auth: auth.address, credential: auth.credential)
      settings.rules = rules
      let catalog = try await CatalogApp.build(settings, logger: Logger(label: "catalog"))
      return try await withRunningProcess(catalog) { catalogAddress in
        try await withCredentialClient(to: catalogAddress, auth.credential) { catalogInternalClient in
          try await withClient(to: catalogAddress) { catalogClient in
            let admin = try await auth.makeAdmin()
            var members: [User] = []
            for name in ["mia_member", "max_member", "zoe_member", "ann_member"] { members.append(try await auth.register(name)) }
            return try await body(
              Env(
                catalog: Catalog(wrapping: catalogClient),
                catalogInternal: Gym_Catalog_V1_CatalogInternal.Client(wrapping: catalogInternalClient),
                catalogInternalWithoutCredential: Gym_Catalog_V1_CatalogInternal.Client(wrapping: catalogClient),
                catalogLifecycle: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: catalogInternalClient),
                auth: auth.auth,
                admin: admin,
                trainer: try await auth.register("tom_trainer", role: .trainer),
                otherTrainer: try await auth.register("tia_trainer", role: .trainer),
                members: members,
                running: auth, dataDirectory: dataDirectory))
          }
        }
      }
    }
  }
}

/// Finds a library exercise's id by slug.
func exerciseID(_ catalog: Catalog, _ slug: String, as user: CatalogFixture.User) async throws -> String {
  try await catalog.getExercise(.with { $0.id = slug }, metadata: user.metadata).exercise.id
}

/// A small valid program over library exercises.
func program(
  _ name: String, exercises: [String], difficulty: Gym_Catalog_V1_Difficulty = .beginner,
  goal: Gym_Catalog_V1_Goal = .strengthGoal
) -> Gym_Catalog_V1_Program {
  .with {
    $0.name = name
    $0.description_p = "A test program."
    $0.goal = goal
    $0.difficulty = difficulty
    $0.durationWeeks = 8
    $0.sessionMinutes = 60
    $0.tags = ["full body"]
    $0.days = [
      .with {
        $0.name = "Day 1"
        $0.exercises = exercises.map { id in
          .with {
            $0.exerciseID = id; $0.sets = 3; $0.repsMin = 8; $0.repsMax = 12; $0.restSeconds = 90
          }
        }
      }
    ]
  }
}

/// A store on a new file with the shipped library loaded.
func seededStore(rules: ModerationRules = ModerationRules()) async throws -> CatalogStore {
  let store = try CatalogStore(path: try temporaryDirectory() + "/catalog.sqlite", rules: rules)
  try await ExerciseLibrary.seed(store, logger: Logger(label: "seed"))
  return store
}
