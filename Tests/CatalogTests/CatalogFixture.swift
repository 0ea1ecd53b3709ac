import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymAuth
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
  struct User: Sendable {
    let id: String
    let metadata: Metadata
  }

  struct Env: Sendable {
    let catalog: Catalog
    let catalogInternal: Gym_Catalog_V1_CatalogInternal.Client<Posix>
    /// What a user reaching for the internal service would hold: no credential.
    let catalogInternalWithoutCredential: Gym_Catalog_V1_CatalogInternal.Client<Posix>
    let auth: Gym_Auth_V1_AuthService.Client<Posix>
    let admin: User
    let trainer: User
    let otherTrainer: User
    let members: [User]
    var member: User { members[0] }
  }

  static let password = "violet staircase under a quiet harbour"

  /// - Parameter rules: low thresholds by default, so a handful of voters can hide a program.
  static func run<T: Sendable>(
    rules: ModerationRules = ModerationRules(hideBelowScore: 0.2, minimumVotes: 3, hideAfterReports: 2),
    _ body: @Sendable (Env) async throws -> T
  ) async throws -> T {
    let catalogPort = try freePort()
    var authSettings = AuthApp.Settings(common: testSettings(), dataDirectory: try temporaryDirectory())
    authSettings.hashParameters = .init(logN: 10)
    authSettings.outboxPollInterval = .milliseconds(50)
    authSettings.outboxReceivers = ["catalog": HostPort(host: "127.0.0.1", port: catalogPort)]
    let credential = authSettings.credential
    let auth = try await AuthApp.build(authSettings, logger: Logger(label: "auth"))
    return try await withRunningProcess(auth) { authAddress in
      var settings = CatalogApp.Settings(
        common: CommonSettings(
          listen: HostPort(host: "127.0.0.1", port: catalogPort), metricsListen: HostPort(host: "127.0.0.1", port: 0)),
        dataDirectory: try temporaryDirectory(), auth: authAddress, credential: credential)
      settings.rules = rules
      let catalog = try await CatalogApp.build(settings, logger: Logger(label: "catalog"))
      return try await withRunningProcess(catalog) { catalogAddress in
        try await withCredentialClient(to: authAddress, credential) { authInternalClient in
          try await withCredentialClient(to: catalogAddress, credential) { catalogInternalClient in
            try await withClient(to: authAddress) { authClient in
              try await withClient(to: catalogAddress) { catalogClient in
                let auth = Gym_Auth_V1_AuthService.Client(wrapping: authClient)
                _ = try await Gym_Auth_V1_AuthInternal.Client(wrapping: authInternalClient).createAdmin(.with {
                  $0.email = "admin@example.com"; $0.username = "admin"; $0.password = password
                })
                let admin = try await auth.login(.with { $0.identifier = "admin"; $0.password = password })
                func register(_ name: String, _ role: Gym_Common_V1_Role) async throws -> User {
                  let response = try await auth.register(account(name, role: role))
                  return User(id: response.user.id, metadata: bearer(response.tokens.accessToken))
                }
                var members: [User] = []
                for name in ["mia_member", "max_member", "zoe_member", "ann_member"] { members.append(try await register(name, .member)) }
                return try await body(Env(
                  catalog: Catalog(wrapping: catalogClient),
                  catalogInternal: Gym_Catalog_V1_CatalogInternal.Client(wrapping: catalogInternalClient),
                  catalogInternalWithoutCredential: Gym_Catalog_V1_CatalogInternal.Client(wrapping: catalogClient),
                  auth: auth,
                  admin: User(id: admin.user.id, metadata: bearer(admin.tokens.accessToken)),
                  trainer: try await register("tom_trainer", .trainer),
                  otherTrainer: try await register("tia_trainer", .trainer),
                  members: members))
              }
            }
          }
        }
      }
    }
  }

  static func account(_ name: String, role: Gym_Common_V1_Role) -> Gym_Auth_V1_RegisterRequest {
    .with {
      $0.email = "\(name)@example.com"; $0.username = name; $0.password = password
      $0.acceptTerms = true; $0.termsVersion = "1"; $0.role = role; $0.displayName = name.capitalized
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
    $0.days = [.with {
      $0.name = "Day 1"
      $0.exercises = exercises.map { id in
        .with { $0.exerciseID = id; $0.sets = 3; $0.repsMin = 8; $0.repsMax = 12; $0.restSeconds = 90 }
      }
    }]
  }
}

/// Polls until `condition` holds or the time runs out; returns whether it held.
func eventually(within: Duration = .seconds(5), _ condition: () async throws -> Bool) async throws -> Bool {
  let deadline = ContinuousClock.now + within
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(50))
  }
  return try await condition()
}

/// A store on a new file with the shipped library loaded.
func seededStore(rules: ModerationRules = ModerationRules()) async throws -> CatalogStore {
  let store = try CatalogStore(path: try temporaryDirectory() + "/catalog.sqlite", rules: rules)
  try await ExerciseLibrary.seed(store, logger: Logger(label: "seed"))
  return store
}
