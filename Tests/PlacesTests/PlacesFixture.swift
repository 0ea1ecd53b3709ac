import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymAuth
import GymPlaces
import GymService
import GymTesting
import Logging
import Synchronization

typealias Posix = HTTP2ClientTransport.Posix

/// Auth and places in-process, each from its composition root, with an admin, a
/// member and a trainer signed in.
enum PlacesFixture {
  struct Env: Sendable {
    let places: Gym_Places_V1_PlacesService.Client<Posix>
    let placesInternal: Gym_Places_V1_PlacesInternal.Client<Posix>
    /// What a user reaching for the internal service would hold: no credential.
    let placesInternalWithoutCredential: Gym_Places_V1_PlacesInternal.Client<Posix>
    let auth: Gym_Auth_V1_AuthService.Client<Posix>
    let admin: Metadata
    let member: Metadata
    let trainer: Metadata
    let trainerID: String
    let accounts: FakeAccounts
  }

  static let password = "violet staircase under a quiet harbour"

  static func run<T: Sendable>(_ body: @Sendable (Env) async throws -> T) async throws -> T {
    var authSettings = AuthApp.Settings(common: testSettings(), dataDirectory: try temporaryDirectory())
    authSettings.hashParameters = .init(logN: 10)
    let credential = authSettings.credential
    let auth = try await AuthApp.build(authSettings, logger: Logger(label: "auth"))
    return try await withRunningProcess(auth) { authAddress in
      let accounts = FakeAccounts()
      let places = try await PlacesApp.build(
        PlacesApp.Settings(common: testSettings(), dataDirectory: try temporaryDirectory(), auth: authAddress, credential: credential),
        accounts: accounts, logger: Logger(label: "places"))
      return try await withRunningProcess(places) { placesAddress in
        try await withCredentialClient(to: authAddress, credential) { authInternalClient in
          try await withCredentialClient(to: placesAddress, credential) { placesInternalClient in
            try await withClient(to: authAddress) { authClient in
              try await withClient(to: placesAddress) { placesClient in
                let auth = Gym_Auth_V1_AuthService.Client(wrapping: authClient)
                _ = try await Gym_Auth_V1_AuthInternal.Client(wrapping: authInternalClient).createAdmin(.with {
                  $0.email = "admin@example.com"; $0.username = "admin"; $0.password = password
                })
                let admin = try await auth.login(.with { $0.identifier = "admin"; $0.password = password }).tokens
                let member = try await auth.register(account("mia_member", role: .member)).tokens
                let trainer = try await auth.register(account("tom_trainer", role: .trainer))
                accounts.activate(trainer.user.id)
                return try await body(Env(
                  places: Gym_Places_V1_PlacesService.Client(wrapping: placesClient),
                  placesInternal: Gym_Places_V1_PlacesInternal.Client(wrapping: placesInternalClient),
                  placesInternalWithoutCredential: Gym_Places_V1_PlacesInternal.Client(wrapping: placesClient),
                  auth: auth,
                  admin: bearer(admin.accessToken), member: bearer(member.accessToken),
                  trainer: bearer(trainer.tokens.accessToken), trainerID: trainer.user.id, accounts: accounts))
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
      $0.acceptTerms = true; $0.termsVersion = "1"; $0.role = role
    }
  }
}

/// Account status as auth would report it, controllable by the test.
final class FakeAccounts: AccountDirectory, Sendable {
  private let active = Mutex<Set<String>>([])
  func activate(_ id: String) { active.withLock { _ = $0.insert(id) } }
  func deactivate(_ id: String) { active.withLock { _ = $0.remove(id) } }
  func activeUserIDs(among ids: [String]) async throws -> Set<String> {
    active.withLock { $0 }.intersection(ids)
  }
}

/// A gym at a point, for tests.
func gym(
  _ name: String, _ lat: Double, _ lng: Double, kind: Gym_Places_V1_PlaceKind = .gym, hours: String = "24/7",
  zone: String = "Europe/London", monthly: Double = 0, source: String = ""
) -> Gym_Places_V1_Place {
  .with {
    $0.name = name
    $0.kind = kind
    $0.location = .with { $0.latitude = lat; $0.longitude = lng }
    $0.openingHours = .with { $0.osm = hours }
    $0.timeZone = zone
    if monthly > 0 { $0.price = .with { $0.monthly = monthly; $0.currency = "GBP" } }
    $0.source = source
  }
}
