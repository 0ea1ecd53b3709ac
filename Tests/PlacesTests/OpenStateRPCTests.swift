import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

@testable import GymPlaces

/// SearchNearby results carry each place's real state at the query's instant.
@Suite struct OpenStateRPCTests {
  static func stamp(_ iso: String) -> Google_Protobuf_Timestamp {
    Google_Protobuf_Timestamp(date: ISO8601DateFormatter().date(from: iso)!)
  }

  @Test func resultsSayOpenAndWhenThatChangesWithAndWithoutTheOpenOnlyFilter() async throws {
    try await PlacesFixture.run { env in
      for (name, lat, hours) in [
        ("Tea break", 51.5, "24/7; Mo 15:00-16:00 off"), ("Weekdays", 51.501, "Mo-Fr 06:00-22:00"),
        ("Unknown hours", 51.502, ""), ("Always", 51.503, "24/7"),
      ] {
        _ = try await env.places.createPlace(.with { $0.place = gym(name, lat, -0.12, hours: hours) }, metadata: env.admin)
      }
      func search(_ configure: (inout Gym_Places_V1_SearchNearbyRequest) -> Void) async throws -> [String: Gym_Places_V1_PlaceResult] {
        var request = Gym_Places_V1_SearchNearbyRequest.with {
          $0.location = .with {
            $0.latitude = 51.5; $0.longitude = -0.12
          }
        }
        configure(&request)
        let results = try await env.places.searchNearby(request, metadata: env.member).results
        return Dictionary(uniqueKeysWithValues: results.map { ($0.place.name, $0) })
      }

      // Monday 13 July 2026, 15:30 BST: the tea break is on.
      let teaTime = Self.stamp("2026-07-13T14:30:00Z")
      let all = try await search { $0.at = teaTime }
      #expect(all.count == 4)
      #expect(all["Tea break"]?.open == false)
      #expect(all["Tea break"]?.opensAt == Self.stamp("2026-07-13T15:00:00Z"))
      #expect(all["Tea break"]?.hasClosesAt == false)
      #expect(all["Weekdays"]?.open == true)
      #expect(all["Weekdays"]?.closesAt == Self.stamp("2026-07-13T21:00:00Z"))
      #expect(all["Unknown hours"]?.open == false)
      #expect(all["Unknown hours"]?.hasOpensAt == false)
      #expect(all["Always"]?.open == true)
      #expect(all["Always"]?.hasClosesAt == false)

      let openOnly = try await search { $0.openAt = teaTime }
      #expect(Set(openOnly.keys) == ["Weekdays", "Always"])
      #expect(openOnly["Weekdays"]?.closesAt == Self.stamp("2026-07-13T21:00:00Z"))
      #expect(openOnly.values.allSatisfy { $0.open })

      // 14:30 BST the same Monday: open until the break.
      let beforeTea = try await search { $0.openAt = Self.stamp("2026-07-13T13:30:00Z") }
      #expect(Set(beforeTea.keys) == ["Tea break", "Weekdays", "Always"])
      #expect(beforeTea["Tea break"]?.closesAt == Self.stamp("2026-07-13T14:00:00Z"))

      // No instant given: now. Always open, never closing.
      let now = try await search { _ in }
      #expect(now["Always"]?.open == true)
      #expect(now["Unknown hours"]?.open == false)

      let mismatch = await rpcError {
        _ = try await search {
          $0.openAt = teaTime
          $0.at = Self.stamp("2026-07-13T13:30:00Z")
        }
      }
      #expect(mismatch?.code == .invalidArgument)
      #expect(mismatch?.fieldViolations.map(\.field) == ["at"])
    }
  }

  @Test func importKeepsGymsWhoseHoursCannotBeReadAndNormalisesVariants() async throws {
    try await PlacesFixture.run { env in
      let features = [
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.12,51.5]},"properties":{"@id":"node/10","name":"Dash Gym","leisure":"fitness_centre","opening_hours":"Mo–Fr 7-18; Sa 10am-2pm"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.12,51.501]},"properties":{"@id":"node/11","name":"Ask First","leisure":"fitness_centre","opening_hours":"by appointment"}}"#,
        // Details longer than the service keeps: the gym comes in without them.
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.12,51.502]},"properties":{"@id":"node/12","name":"Wordy Gym","leisure":"fitness_centre","addr:postcode":"SW1A 1AA, SW1A 2AA, SW1A 3AA","addr:city":"London","opening_hours":"\#(String(repeating: "Mo 10:00-12:00; ", count: 40))"}}"#,
      ]
      let response = try await env.places.importPlaces(metadata: env.admin) { writer in
        try await writer.write(.with { $0.options = .with { $0.defaultTimeZone = "Europe/London" } })
        for feature in features { try await writer.write(.with { $0.geojsonFeature = feature }) }
      }
      #expect(response.created == 3)
      #expect(response.rejected.isEmpty)
      let found = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = 51.5; $0.longitude = -0.12
          }
          $0.at = Self.stamp("2026-07-11T12:00:00Z")  // Saturday 13:00 BST
        }, metadata: env.member
      ).results
      let dash = try #require(found.first { $0.place.name == "Dash Gym" })
      #expect(dash.place.openingHours.normalized == "Mo-Fr 07:00-18:00; Sa 10:00-14:00")
      #expect(dash.place.openingHours.osm == "Mo–Fr 7-18; Sa 10am-2pm")
      #expect(dash.open)
      #expect(dash.closesAt == Self.stamp("2026-07-11T13:00:00Z"))
      let ask = try #require(found.first { $0.place.name == "Ask First" })
      #expect(ask.place.openingHours.intervals.isEmpty)
      #expect(ask.place.openingHours.unsupported.count == 1)
      #expect(ask.place.openingHours.unsupported.first?.contains("by appointment") == true)
      #expect(!ask.open)
      let wordy = try #require(found.first { $0.place.name == "Wordy Gym" })
      #expect(wordy.place.address.postcode.isEmpty)
      #expect(wordy.place.address.city == "London")
      #expect(wordy.place.openingHours.osm.isEmpty)
      #expect(wordy.place.openingHours.unsupported.first?.contains("longer than the 500 characters kept") == true)

      // An administrator's own edit still gets a clear refusal.
      let refused = await rpcError {
        _ = try await env.places.createPlace(.with { $0.place = gym("Typo", 51.6, -0.12, hours: "by appointment") }, metadata: env.admin)
      }
      #expect(refused?.code == .invalidArgument)
      #expect(refused?.fieldViolations.map(\.field) == ["place.opening_hours.osm"])
    }
  }
}
