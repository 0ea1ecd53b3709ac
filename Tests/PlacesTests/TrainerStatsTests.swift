import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymPlaces

/// A trainer's listing shows their client count and their clients' average rating, kept
/// by plan's outbox (`SetTrainerStats`); the average only once three clients rated.
@Suite struct TrainerStatsTests {
  @Test func aListingShowsItsClientsAndTheirAverageOnceThreeRatedAndSearchesFilterByIt() async throws {
    try await PlacesFixture.run { env in
      _ = try await env.places.upsertTrainerListing(PlacesFixture.londonListing, metadata: env.trainer)
      @Sendable func set(clients: Int32, ratings: Int32, stars: Int64, version: Int64) async throws -> Bool {
        try await env.placesInternal.setTrainerStats(
          .with {
            $0.trainerID = env.trainerID; $0.clientCount = clients; $0.ratingCount = ratings; $0.starSum = stars
            $0.version = version
          }
        ).applied
      }
      @Sendable func listing() async throws -> Gym_Places_V1_TrainerListing {
        try await env.places.getTrainerListing(.with { $0.trainerID = env.trainerID }, metadata: env.member).listing
      }
      @Sendable func found(minRating: Double) async throws -> [Gym_Places_V1_TrainerResult] {
        try await env.places.findTrainers(
          .with {
            $0.location = TrainerProjectionTests.here; $0.minRating = minRating
          }, metadata: env.member
        ).results
      }
      // Not counted yet: zeros, and found only without a minimum.
      #expect(try await listing().clientCount == 0)
      #expect(try await found(minRating: 0).count == 1)
      #expect(try await found(minRating: 1).isEmpty)

      // Two ratings (5 and 4): counted, but no average that would give one client away.
      #expect(try await set(clients: 6, ratings: 2, stars: 9, version: 10))
      var shown = try await listing()
      #expect(shown.clientCount == 6 && shown.ratingCount == 2 && shown.ratingAverage == 0)

      // A third (4 stars): 13 / 3 = 4.33 shows as 4.3, on searches too.
      #expect(try await set(clients: 7, ratings: 3, stars: 13, version: 11))
      shown = try await listing()
      #expect(shown.clientCount == 7 && shown.ratingCount == 3 && shown.ratingAverage == 4.3)
      let result = try #require(try await found(minRating: 4).first)
      #expect(result.listing.ratingAverage == 4.3 && result.listing.clientCount == 7)
      #expect(try await found(minRating: 4.5).isEmpty)

      // Figures redelivered late do not replace newer ones.
      #expect(try await !set(clients: 6, ratings: 2, stars: 9, version: 10))
      #expect(try await listing().clientCount == 7)
      // The trainer's own upsert leaves them alone, and shows them back.
      let upserted = try await env.places.upsertTrainerListing(PlacesFixture.londonListing, metadata: env.trainer).listing
      #expect(upserted.clientCount == 7 && upserted.ratingAverage == 4.3)
    }
  }

  @Test func setTrainerStatsNeedsTheCredentialAndFiguresThatAddUp() async throws {
    try await PlacesFixture.run { env in
      let noCredential = await rpcError {
        _ = try await env.placesInternalWithoutCredential.setTrainerStats(
          .with {
            $0.trainerID = env.trainerID; $0.version = 1
          })
      }
      #expect(noCredential?.code == .unauthenticated)
      let invalid = await rpcError {
        _ = try await env.placesInternal.setTrainerStats(
          .with {
            $0.clientCount = -1; $0.ratingCount = 2; $0.starSum = 11
          })
      }
      #expect(invalid?.code == .invalidArgument)
      #expect(Set(invalid?.fieldViolations.map(\.field) ?? []) == ["trainer_id", "client_count", "star_sum", "version"])
      let badFilter = await rpcError {
        _ = try await env.places.findTrainers(
          .with {
            $0.location = TrainerProjectionTests.here; $0.minRating = 0.5
          }, metadata: env.member)
      }
      #expect(badFilter?.fieldViolations.map(\.field) == ["min_rating"])
    }
  }
}
