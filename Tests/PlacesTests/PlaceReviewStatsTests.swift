import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymPlaces

/// A place shows its members' review count and average, kept by messaging's outbox
/// (`SetPlaceReviewStats`); the average only from three reviews. Messaging asks for a
/// place's snapshot before it makes the place's room or takes a review.
@Suite struct PlaceReviewStatsTests {
  static let here = Gym_Common_V1_LatLng.with {
    $0.latitude = 51.5; $0.longitude = -0.12
  }

  @Test func aPlaceShowsItsReviewsOnGetAndSearchOnceThreeReviewedAndLateFiguresAreIgnored() async throws {
    try await PlacesFixture.run { env in
      let place = try await env.places.createPlace(.with { $0.place = gym("Iron Works", 51.5, -0.12) }, metadata: env.admin).place
      @Sendable func set(reviews: Int32, stars: Int64, version: Int64, id: String? = nil) async throws -> Bool {
        try await env.placesInternal.setPlaceReviewStats(
          .with {
            $0.placeID = id ?? place.id; $0.reviewCount = reviews; $0.starSum = stars; $0.version = version
          }
        ).applied
      }
      @Sendable func shown() async throws -> (got: Gym_Places_V1_Place, found: Gym_Places_V1_Place) {
        let got = try await env.places.getPlace(.with { $0.id = place.id }, metadata: env.member).place
        let found = try #require(
          try await env.places.searchNearby(.with { $0.location = Self.here }, metadata: env.member).results.first?.place)
        return (got, found)
      }
      // Never reviewed: zeros, and the search's place is GetPlace's.
      var (got, found) = try await shown()
      #expect(got.reviewCount == 0 && got.ratingAverage == 0 && found == got)

      // Two reviews (5 and 4): counted, no average that would give one member away.
      #expect(try await set(reviews: 2, stars: 9, version: 10))
      (got, found) = try await shown()
      #expect(got.reviewCount == 2 && got.ratingAverage == 0 && found == got)

      // A third (4 stars): 13 / 3 shows as 4.3, in searches too, beside the place's own fields.
      #expect(try await set(reviews: 3, stars: 13, version: 11))
      (got, found) = try await shown()
      #expect(got.reviewCount == 3 && got.ratingAverage == 4.3 && got.name == "Iron Works")
      #expect(found == got)

      // Figures redelivered late do not replace newer ones.
      #expect(try await !set(reviews: 2, stars: 9, version: 10))
      #expect(try await shown().got.reviewCount == 3)

      // An update of the place leaves its figures.
      var edited = got
      edited.name = "Iron Works Gym"
      edited.reviewCount = 0
      edited.ratingAverage = 0
      _ = try await env.places.updatePlace(
        .with {
          $0.place = edited; $0.etag = got.etag
        }, metadata: env.admin)
      (got, found) = try await shown()
      #expect(got.name == "Iron Works Gym" && got.reviewCount == 3 && found == got)

      // A place that is gone takes its figures; figures for it are not kept.
      _ = try await env.places.deletePlace(.with { $0.id = place.id }, metadata: env.admin)
      #expect(try await !set(reviews: 4, stars: 20, version: 12))
      #expect(try await !set(reviews: 1, stars: 5, version: 1, id: "no-such-place"))
      let left = try await PlacesStore(path: "\(env.dataDirectory)/places.sqlite").writer.read { db in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM place_review_stats")
      }
      #expect(left == 0)
    }
  }

  /// "Gyms rated 4 and up": the average as shown decides, and a place with too few
  /// reviews to show one is left out.
  @Test func aSearchKeepsPlacesAtLeastAsWellRatedAsAsked() async throws {
    try await PlacesFixture.run { env in
      var ids: [String: String] = [:]
      // Shown averages: 13/3 → 4.3, 12/3 → 4.0, 87/20 → 4.35 → 4.4; two reviews show none.
      for (index, (name, reviews, stars)) in [("Iron", 3, 13), ("Steel", 3, 12), ("Chalk", 20, 87), ("Small", 2, 10), ("New", 0, 0)]
        .enumerated()
      {
        let place = try await env.places.createPlace(
          .with { $0.place = gym(name, 51.5 + Double(index) * 0.001, -0.12) }, metadata: env.admin
        ).place
        ids[name] = place.id
        if reviews > 0 {
          _ = try await env.placesInternal.setPlaceReviewStats(
            .with {
              $0.placeID = place.id; $0.reviewCount = Int32(reviews); $0.starSum = Int64(stars); $0.version = 1
            })
        }
      }
      @Sendable func found(atLeast rating: Double) async throws -> [String] {
        try await env.places.searchNearby(
          .with {
            $0.location = Self.here; $0.minRating = rating
          }, metadata: env.member
        ).results.map(\.place.name)
      }
      #expect(try await found(atLeast: 0) == ["Iron", "Steel", "Chalk", "Small", "New"])
      #expect(try await found(atLeast: 4) == ["Iron", "Steel", "Chalk"])
      #expect(try await found(atLeast: 4.3) == ["Iron", "Chalk"])
      #expect(try await found(atLeast: 4.4) == ["Chalk"])
      let chalk = try await env.places.getPlace(.with { $0.id = ids["Chalk"]! }, metadata: env.member).place
      #expect(chalk.ratingAverage == 4.4, "the filter and the average shown agree")
      #expect(try await found(atLeast: 4.5).isEmpty)
      #expect(try await found(atLeast: 1) == ["Iron", "Steel", "Chalk"])
      for bad in [0.5, 5.5, -1, .nan] {
        let refused = await rpcError { _ = try await found(atLeast: bad) }
        #expect(refused?.code == .invalidArgument && refused?.message.contains("min_rating") == true, "\(bad)")
      }
    }
  }

  @Test func theSnapshotAndTheFiguresAreForTheServiceCredentialAndCheckedField() async throws {
    try await PlacesFixture.run { env in
      let place = try await env.places.createPlace(
        .with {
          $0.place = gym("Iron Works", 51.5, -0.12)
          $0.place.address.city = "London"
        }, metadata: env.admin
      ).place
      let snapshot = try await env.placesInternal.getPlaceSnapshot(.with { $0.placeID = place.id })
      #expect(snapshot.placeID == place.id && snapshot.name == "Iron Works" && snapshot.city == "London" && snapshot.kind == .gym)
      let missing = await rpcError { _ = try await env.placesInternal.getPlaceSnapshot(.with { $0.placeID = "nope" }) }
      #expect(missing?.code == .notFound && missing?.message.contains("no place with id nope") == true)
      let empty = await rpcError { _ = try await env.placesInternal.getPlaceSnapshot(.init()) }
      #expect(empty?.fieldViolations.map(\.field) == ["place_id"])
      let noCredential = await rpcError {
        _ = try await env.placesInternalWithoutCredential.getPlaceSnapshot(.with { $0.placeID = place.id })
      }
      #expect(noCredential?.code == .unauthenticated)
      let figuresWithoutCredential = await rpcError {
        _ = try await env.placesInternalWithoutCredential.setPlaceReviewStats(
          .with {
            $0.placeID = place.id; $0.reviewCount = 1; $0.starSum = 5; $0.version = 1
          })
      }
      #expect(figuresWithoutCredential?.code == .unauthenticated)
      // Every problem at once, each named.
      let invalid = await rpcError {
        _ = try await env.placesInternal.setPlaceReviewStats(
          .with {
            $0.reviewCount = 2; $0.starSum = 11; $0.version = 0
          })
      }
      #expect(invalid?.code == .invalidArgument)
      #expect(Set(invalid?.fieldViolations.map(\.field) ?? []) == ["place_id", "star_sum", "version"])
      let negative = await rpcError {
        _ = try await env.placesInternal.setPlaceReviewStats(
          .with {
            $0.placeID = place.id; $0.reviewCount = -1; $0.starSum = 0; $0.version = 1
          })
      }
      #expect(negative?.fieldViolations.map(\.field) == ["review_count"])
    }
  }
}
