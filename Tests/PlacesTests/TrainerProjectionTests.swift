import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlaces

/// FindTrainers reads trainers' names, roles and bans from places' projection of users,
/// which auth's `UpdateUser` events keep: no call to auth per search. The directory
/// standing in for auth counts what it is asked and still holds the old account.
@Suite struct TrainerProjectionTests {
  static let here = Gym_Common_V1_LatLng.with {
    $0.latitude = 51.51; $0.longitude = -0.12
  }

  static func find(_ env: PlacesFixture.Env, query: String = "") async throws -> [Gym_Places_V1_TrainerResult] {
    try await env.places.findTrainers(
      .with {
        $0.location = here; $0.query = query
      }, metadata: env.member
    ).results
  }

  @Test func aTrainerRenamedInAuthIsFoundByTheNewNameWithoutAskingAuth() async throws {
    try await PlacesFixture.run(accounts: FakeAccounts()) { env in
      let accounts = try #require(env.accounts)
      _ = try await env.places.upsertTrainerListing(PlacesFixture.londonListing, metadata: env.trainer)
      accounts.asked.withLock { $0 = 0 }
      #expect(try await Self.find(env).map(\.displayName) == ["Tóm Trainer"])

      _ = try await env.auth.updateProfile(
        .with {
          $0.profile.displayName = "Tomasz Renamed"; $0.profile.avatarURL = "https://example.com/tomasz.png"
          $0.updateMask = .with { $0.paths = ["display_name", "avatar_url"] }
        }, metadata: env.trainer)
      let renamed = try await eventually(within: .seconds(30)) { try await Self.find(env, query: "tomasz").count == 1 }
      #expect(renamed, "auth's update reaches places")
      let found = try #require(try await Self.find(env, query: "tomasz").first)
      #expect(found.listing.trainerID == env.trainerID)
      #expect(found.displayName == "Tomasz Renamed" && found.username == "tom_trainer")
      #expect(found.avatarURL == "https://example.com/tomasz.png")
      #expect(accounts.asked.withLock { $0 } == 0, "places asked auth about a trainer its projection holds")
    }
  }

  @Test func aTrainerBannedOrDemotedByAnEventDropsOut() async throws {
    try await PlacesFixture.run(accounts: FakeAccounts()) { env in
      let accounts = try #require(env.accounts)
      // A trainer only auth's events describe: the directory does not know them.
      let id = "coach-1"
      let store = try PlacesStore(path: env.dataDirectory + "/places.sqlite")
      _ = try await store.upsertTrainer(
        TrainerRecord(
          trainerID: id, lat: 51.5, lng: -0.12, serviceRadiusM: 5_000, specialties: ["strength"], specialtyKey: "strength",
          pricePerSession: 40, currency: "GBP", bio: "", gymID: "", updatedAt: Date()))
      @Sendable func update(role: String = "trainer", banned: Bool = false, until: Date? = nil, version: Int64) async throws -> Bool {
        let user = UserProjection.User(
          userID: id, username: "coach", displayName: "Coach Carter", avatarURL: "", timeZone: "", role: role, banned: banned,
          bannedUntil: until, isPrivate: false, version: version, updatedAt: Date())
        return try await env.placesLifecycle.updateUser(Gym_Common_V1_UpdateUserRequest(user)).applied
      }
      @Sendable func found() async throws -> Bool {
        try await Self.find(env).contains { $0.listing.trainerID == id }
      }
      @Sendable func page() async throws -> RPCError.Code? {
        await rpcError { _ = try await env.places.getTrainerListing(.with { $0.trainerID = id }, metadata: env.member) }?.code
      }
      accounts.asked.withLock { $0 = 0 }

      #expect(try await update(version: 1))
      #expect(try await found())
      #expect(try await Self.find(env, query: "carter").map(\.username) == ["coach"])
      #expect(try await page() == nil)

      #expect(try await update(banned: true, version: 2))
      #expect(try await !found(), "a banned trainer is still found")
      #expect(try await page() == .notFound)

      #expect(try await update(version: 3))
      #expect(try await found())

      #expect(try await update(role: "member", version: 4))
      #expect(try await !found(), "a demoted trainer is still found")
      // A late, older event does not bring them back.
      #expect(try await !update(version: 3))
      #expect(try await !found())

      // A timed ban that has ended hides nothing.
      #expect(try await update(banned: true, until: Date().addingTimeInterval(-60), version: 5))
      #expect(try await found())
      #expect(accounts.asked.withLock { $0 } == 0, "places asked auth about a trainer its projection holds")
    }
  }
}
