import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

/// What a purged user leaves in places: every table of places.sqlite (the R*Tree
/// included) is searched for the user's id and words, and nothing may remain. Places
/// themselves belong to the platform and stay.
@Suite struct PlacesErasureTests {
  @Test func aPurgedTrainerLeavesNothingBehind() async throws {
    try await PlacesFixture.run { env in
      let words = "zq-words-of-gone-trainer"
      let place = try await env.places.createPlace(.with { $0.place = gym("Iron Temple", 51.5, -0.1) }, metadata: env.admin).place
      _ = try await env.places.upsertTrainerListing(
        .with {
          $0.listing = .with {
            $0.location = .with {
              $0.latitude = 51.5; $0.longitude = -0.1
            }
            $0.serviceRadiusM = 5000
            $0.specialties = ["powerlifting"]
            $0.pricePerSession = 30
            $0.currency = "GBP"
            $0.bio = words
            $0.gymID = place.id
          }
        }, metadata: env.trainer)

      // The figures plan counted for them.
      _ = try await env.placesInternal.setTrainerStats(
        .with {
          $0.trainerID = env.trainerID; $0.clientCount = 3; $0.ratingCount = 3; $0.starSum = 12; $0.version = 1
        })

      // The listing, its figures and the trainer's projected account.
      #expect(try await env.placesLifecycle.purgeUser(.with { $0.userID = env.trainerID }).removed == 3)

      let left = try LeftBehind.rows(mentioning: [env.trainerID, words], inDatabaseAt: env.dataDirectory + "/places.sqlite")
      #expect(left.isEmpty, "\(left.map(\.description).joined(separator: "\n"))")
      #expect(try await env.places.getPlace(.with { $0.id = place.id }, metadata: env.member).place.name == "Iron Temple")
    }
  }
}
