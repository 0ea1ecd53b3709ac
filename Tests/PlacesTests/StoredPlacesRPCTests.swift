import Foundation
import GRPCCore
import GymAPI
import GymPlaces
import GymTesting
import Testing

/// Search pages assembled from stored place messages: each result's place must be what
/// GetPlace (built per request) gives, and every edit must show on the next search.
@Suite struct StoredPlacesRPCTests {
  @Test func searchResultsEqualGetPlaceAndFollowEveryEdit() async throws {
    try await PlacesFixture.run { env in
      let here = Gym_Common_V1_LatLng.with {
        $0.latitude = 51.5074; $0.longitude = -0.1278
      }
      var created: [Gym_Places_V1_Place] = []
      for (name, lat, hours) in [("Iron Works", 51.5080, "Mo-Fr 06:00-22:00"), ("Ninety Nine", 51.5100, "24/7"), ("Far Away", 51.5400, "")] {
        var place = gym(name, lat, -0.1278, hours: hours, monthly: 40)
        place.address = .with {
          $0.street = "High St"; $0.city = "London"; $0.country = "GB"
        }
        place.amenities = ["sauna", "showers"]
        created.append(try await env.places.createPlace(.with { $0.place = place }, metadata: env.admin).place)
      }
      func search() async throws -> [Gym_Places_V1_PlaceResult] {
        let results = try await env.places.searchNearby(.with { $0.location = here }, metadata: env.member).results
        for result in results {
          let got = try await env.places.getPlace(.with { $0.id = result.place.id }, metadata: env.member).place
          #expect(result.place == got, "\(got.name) found as GetPlace gives it")
        }
        return results
      }
      var results = try await search()
      #expect(results.map(\.place.name) == ["Iron Works", "Ninety Nine", "Far Away"])
      #expect(results[1].open && !results[1].hasClosesAt, "24/7 never closes")

      // Name, hours, price and amenities change: the next search says so.
      var edit = created[0]
      edit.name = "Iron Works Renamed"
      edit.openingHours = .with { $0.osm = "Sa 10:00-12:00" }
      edit.price.monthly = 55
      edit.amenities = ["pool"]
      let updated = try await env.places.updatePlace(
        .with {
          $0.place = edit; $0.etag = created[0].etag
        }, metadata: env.admin
      ).place
      results = try await search()
      let first = try #require(results.first)
      #expect(first.place.name == "Iron Works Renamed" && first.place.etag == updated.etag)
      #expect(first.place.openingHours.normalized == "Sa 10:00-12:00" && first.place.price.monthly == 55 && first.place.amenities == ["pool"])

      _ = try await env.places.deletePlace(.with { $0.id = created[1].id }, metadata: env.admin)
      results = try await search()
      #expect(results.map(\.place.name) == ["Iron Works Renamed", "Far Away"])

      // Pages assembled from bytes keep their tokens.
      let page = try await env.places.searchNearby(
        .with {
          $0.location = here; $0.pageSize = 1
        }, metadata: env.member)
      let next = try await env.places.searchNearby(
        .with {
          $0.location = here; $0.pageSize = 1; $0.pageToken = page.nextPageToken
        }, metadata: env.member)
      #expect(page.results.map(\.place.name) == ["Iron Works Renamed"] && next.results.map(\.place.name) == ["Far Away"])
      #expect(next.nextPageToken.isEmpty)
    }
  }
}
