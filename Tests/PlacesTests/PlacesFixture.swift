import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymPlaces
import GymService
import GymTesting
import Logging
import Synchronization

typealias Posix = HTTP2ClientTransport.Posix

/// Auth and places in-process, each from its composition root, with auth's outbox
/// delivering to places (updates, purges) and an admin, a member and a trainer signed
/// in, their updates delivered before the test starts. Places asks the real auth about
/// accounts its projection lacks unless a test passes `FakeAccounts` to count what it asks.
enum PlacesFixture {
  struct Env: Sendable {
    let places: Gym_Places_V1_PlacesService.Client<Posix>
    let placesLifecycle: Gym_Common_V1_UserLifecycleInternal.Client<Posix>
    /// What a user reaching for the internal service would hold: no credential.
    let placesLifecycleWithoutCredential: Gym_Common_V1_UserLifecycleInternal.Client<Posix>
    let placesInternal: Gym_Places_V1_PlacesInternal.Client<Posix>
    let placesInternalWithoutCredential: Gym_Places_V1_PlacesInternal.Client<Posix>
    let auth: Gym_Auth_V1_AuthService.Client<Posix>
    let admin: Metadata
    let member: Metadata
    let trainer: Metadata
    let trainerID: String
    /// The directory places asks instead of auth, when the test gave one.
    let accounts: FakeAccounts?
    /// Where places keeps its database, for tests that fill it directly.
    let dataDirectory: String
  }

  static let password = RunningAuth.password

  /// A trainer's listing in central London, 5 km around, £40 a session.
  static let londonListing = Gym_Places_V1_UpsertTrainerListingRequest.with {
    $0.listing = .with {
      $0.location = .with {
        $0.latitude = 51.5; $0.longitude = -0.12
      }
      $0.serviceRadiusM = 5_000
      $0.pricePerSession = 40
      $0.currency = "GBP"
    }
  }

  static func run<T: Sendable>(accounts: FakeAccounts? = nil, _ body: @Sendable (Env) async throws -> T) async throws -> T {
    let placesPort = try freePort()
    return try await withRunningAuth(outboxReceivers: ["places": HostPort(host: "127.0.0.1", port: placesPort)]) { auth in
      let dataDirectory = try temporaryDirectory()
      var common = testSettings()
      common.listen = HostPort(host: "127.0.0.1", port: placesPort)
      let places = try await PlacesApp.build(
        PlacesApp.Settings(common: common, dataDirectory: dataDirectory, auth: auth.address, credential: auth.credential),
        users: accounts.map { $0 as any UserDirectory }, logger: Logger(label: "places"))
      return try await withRunningProcess(places) { placesAddress in
        try await withCredentialClient(to: placesAddress, auth.credential) { placesInternalClient in
          try await withClient(to: placesAddress) { placesClient in
            let admin = try await auth.makeAdmin()
            let member = try await auth.register("mia_member")
            let trainer = try await auth.register("tom_trainer", role: .trainer)
            _ = try await auth.auth.updateProfile(
              .with {
                $0.profile.displayName = "Tóm Trainer"; $0.updateMask = .with { $0.paths = ["display_name"] }
              }, metadata: trainer.metadata)
            accounts?.activate(trainer.id, username: "tom_trainer", displayName: "Tóm Trainer", roles: [.trainer])
            // Tests start from places' projection as auth last described these accounts.
            let delivered = try await eventually(within: .seconds(30)) {
              try await auth.ops.getInfo(.init()).outbox.first { $0.destination == "places" } == nil
            }
            guard delivered else { throw UndeliveredUpdates() }
            return try await body(
              Env(
                places: Gym_Places_V1_PlacesService.Client(wrapping: placesClient),
                placesLifecycle: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: placesInternalClient),
                placesLifecycleWithoutCredential: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: placesClient),
                placesInternal: Gym_Places_V1_PlacesInternal.Client(wrapping: placesInternalClient),
                placesInternalWithoutCredential: Gym_Places_V1_PlacesInternal.Client(wrapping: placesClient),
                auth: auth.auth,
                admin: admin.metadata, member: member.metadata,
                trainer: trainer.metadata, trainerID: trainer.id, accounts: accounts, dataDirectory: dataDirectory))
          }
        }
      }
    }
  }
}

/// Auth's outbox still held jobs for places when a test was to start.
struct UndeliveredUpdates: Error {}

/// Accounts as auth would report them, controllable by the test.
final class FakeAccounts: UserDirectory, Sendable {
  private let active = Mutex<[String: Gym_Auth_V1_User]>([:])
  /// Ids asked about so far: what a search costs auth.
  let asked = Mutex(0)

  func activate(_ id: String, username: String = "", displayName: String = "", roles: [Gym_Common_V1_Role] = [.member]) {
    active.withLock {
      $0[id] = .with { user in
        user.id = id
        user.username = username
        user.roles = roles
        user.profile.displayName = displayName
      }
    }
  }

  /// Banned or deleted.
  func deactivate(_ id: String) { active.withLock { _ = $0.removeValue(forKey: id) } }
  func setRoles(_ id: String, _ roles: [Gym_Common_V1_Role]) { active.withLock { $0[id]?.roles = roles } }

  func users(ids: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] {
    asked.withLock { $0 += ids.count }
    return active.withLock { accounts in accounts.filter { ids.contains($0.key) } }
  }
  /// Places never looks users up by name or email.
  func users(usernames: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] { [:] }
  func users(emails: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] { [:] }
}

/// A gym at a point, for tests.
func gym(
  _ name: String, _ lat: Double, _ lng: Double, kind: Gym_Places_V1_PlaceKind = .gym, hours: String = "24/7",
  zone: String = "Europe/London", monthly: Double = 0, source: String = ""
) -> Gym_Places_V1_Place {
  .with {
    $0.name = name
    $0.kind = kind
    $0.location = .with {
      $0.latitude = lat; $0.longitude = lng
    }
    $0.openingHours = .with { $0.osm = hours }
    $0.timeZone = zone
    if monthly > 0 {
      $0.price = .with {
        $0.monthly = monthly; $0.currency = "GBP"
      }
    }
    $0.source = source
  }
}
