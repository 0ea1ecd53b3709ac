import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

@testable import GymPlaces

@Suite struct PlacesRPCTests {
  @Test func nearbySearchIsSortedByDistanceWithinTheRadius() async throws {
    try await PlacesFixture.run { env in
      // Around Trafalgar Square, London.
      let here = (51.50809, -0.12804)
      for (name, lat, lng) in [
        ("Far (5 km)", 51.5530, -0.1280), ("Near (300 m)", 51.5108, -0.1280), ("Mid (2 km)", 51.5260, -0.1280),
        ("Paris", 48.8584, 2.2945),
      ] {
        _ = try await env.places.createPlace(.with { $0.place = gym(name, lat, lng) }, metadata: env.admin)
      }
      let results = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = here.0; $0.longitude = here.1
          }
        }, metadata: env.member
      ).results
      #expect(results.map(\.place.name) == ["Near (300 m)", "Mid (2 km)"])
      #expect(abs(results[0].distanceM - 300) < 10)
      #expect(results.map(\.distanceM) == results.map(\.distanceM).sorted())

      let wide = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = here.0; $0.longitude = here.1
          }
          $0.radiusM = 50_000
          $0.pageSize = 2
        }, metadata: env.member)
      #expect(wide.results.map(\.place.name) == ["Near (300 m)", "Mid (2 km)"])
      let next = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = here.0; $0.longitude = here.1
          }
          $0.radiusM = 50_000
          $0.pageToken = wide.nextPageToken
        }, metadata: env.member)
      #expect(next.results.map(\.place.name) == ["Far (5 km)"])
      #expect(next.nextPageToken.isEmpty)
    }
  }

  @Test func radiusEdgesAntimeridianAndPole() async throws {
    try await PlacesFixture.run { env in
      let origin = GeoPoint(latitude: 10, longitude: 20)
      let inside = destination(from: origin, metres: 3_990, bearing: 90)
      let outside = destination(from: origin, metres: 4_010, bearing: 90)
      _ = try await env.places.createPlace(.with { $0.place = gym("inside", inside.latitude, inside.longitude) }, metadata: env.admin)
      _ = try await env.places.createPlace(.with { $0.place = gym("outside", outside.latitude, outside.longitude) }, metadata: env.admin)
      let edge = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = 10; $0.longitude = 20
          }
        }, metadata: env.member)
      #expect(edge.results.map(\.place.name) == ["inside"])

      // Taveuni, Fiji, sits on the 180th meridian: places either side are found.
      _ = try await env.places.createPlace(.with { $0.place = gym("east of 180", -16.80, 179.99, zone: "Pacific/Fiji") }, metadata: env.admin)
      _ = try await env.places.createPlace(.with { $0.place = gym("west of 180", -16.80, -179.99, zone: "Pacific/Fiji") }, metadata: env.admin)
      let fiji = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = -16.80; $0.longitude = 180
          }
        }, metadata: env.member)
      #expect(Set(fiji.results.map(\.place.name)) == ["east of 180", "west of 180"])

      _ = try await env.places.createPlace(.with { $0.place = gym("north pole camp", 89.99, -120, zone: "UTC") }, metadata: env.admin)
      let pole = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = 89.995; $0.longitude = 60
          }
        }, metadata: env.member)
      #expect(pole.results.map(\.place.name) == ["north pole camp"])
    }
  }

  @Test func filtersByKindPriceAndOpeningTimeInThePlacesOwnZone() async throws {
    try await PlacesFixture.run { env in
      _ = try await env.places.createPlace(.with { $0.place = gym("Cheap gym", 51.5, -0.12, hours: "Mo-Fr 06:00-22:00", monthly: 25) }, metadata: env.admin)
      _ = try await env.places.createPlace(.with { $0.place = gym("Pricey gym", 51.501, -0.12, hours: "24/7", monthly: 120) }, metadata: env.admin)
      _ = try await env.places.createPlace(
        .with { $0.place = gym("Pool", 51.502, -0.12, kind: .swimmingPool, hours: "Sa,Su 08:00-18:00") }, metadata: env.admin)
      func search(_ configure: (inout Gym_Places_V1_SearchNearbyRequest) -> Void) async throws -> [String] {
        var request = Gym_Places_V1_SearchNearbyRequest.with {
          $0.location = .with {
            $0.latitude = 51.5; $0.longitude = -0.12
          }
        }
        configure(&request)
        return try await env.places.searchNearby(request, metadata: env.member).results.map(\.place.name)
      }
      #expect(try await search { $0.kinds = [.swimmingPool] } == ["Pool"])
      #expect(try await search { $0.maxMonthlyPrice = 50 } == ["Cheap gym"])
      // Saturday 11 July 2026 10:00 BST: only the 24/7 gym and the weekend pool.
      let saturday = Google_Protobuf_Timestamp(date: ISO8601DateFormatter().date(from: "2026-07-11T09:00:00Z")!)
      #expect(try await search { $0.openAt = saturday } == ["Pricey gym", "Pool"])
    }
  }

  @Test func invalidInputNamesTheField() async throws {
    try await PlacesFixture.run { env in
      let bad = await rpcError {
        _ = try await env.places.searchNearby(
          .with {
            $0.location = .with {
              $0.latitude = 91; $0.longitude = -181
            }
            $0.radiusM = 60_000
          }, metadata: env.member)
      }
      #expect(bad?.code == .invalidArgument)
      #expect(Set(bad?.fieldViolations.map(\.field) ?? []) == ["location.latitude", "location.longitude", "radius_m"])

      let missing = await rpcError { _ = try await env.places.searchNearby(.init(), metadata: env.member) }
      #expect(missing?.fieldViolations.map(\.field) == ["location"])

      let place = await rpcError {
        _ = try await env.places.createPlace(
          .with {
            $0.place = gym("", 0, 0, hours: "Mo-Fr 25:00-26:00", zone: "Atlantis/Capital")
            $0.place.kind = .unspecified
          }, metadata: env.admin)
      }
      #expect(Set(place?.fieldViolations.map(\.field) ?? []) == ["place.name", "place.kind", "place.time_zone", "place.opening_hours.osm"])
    }
  }

  @Test func onlyAdminsManagePlacesAndEditsNeedTheCurrentEtag() async throws {
    try await PlacesFixture.run { env in
      let denied = await rpcError { _ = try await env.places.createPlace(.with { $0.place = gym("Mine", 1, 1) }, metadata: env.member) }
      #expect(denied?.code == .permissionDenied)
      let unauthenticated = await rpcError { _ = try await env.places.searchNearby(.init()) }
      #expect(unauthenticated?.code == .unauthenticated)

      let created = try await env.places.createPlace(.with { $0.place = gym("Gym One", 1, 1) }, metadata: env.admin).place
      var changed = created
      changed.name = "Gym One (renovated)"
      let updated = try await env.places.updatePlace(
        .with {
          $0.place = changed; $0.etag = created.etag
        }, metadata: env.admin
      ).place
      #expect(updated.name == "Gym One (renovated)")
      #expect(updated.etag != created.etag)
      let stale = await rpcError {
        _ = try await env.places.updatePlace(
          .with {
            $0.place = changed; $0.etag = created.etag
          }, metadata: env.admin)
      }
      #expect(stale?.code == .aborted)
      let memberEdit = await rpcError { _ = try await env.places.deletePlace(.with { $0.id = created.id }, metadata: env.member) }
      #expect(memberEdit?.code == .permissionDenied)
      _ = try await env.places.deletePlace(.with { $0.id = created.id }, metadata: env.admin)
      #expect(await rpcError { _ = try await env.places.getPlace(.with { $0.id = created.id }, metadata: env.member) }?.code == .notFound)
    }
  }

  @Test func importingTheSameGeoJSONTwiceUpdatesAndCreatesNothing() async throws {
    try await PlacesFixture.run { env in
      let features = [
        #"{"type":"Feature","id":"node/1","geometry":{"type":"Point","coordinates":[-0.1276,51.5072]},"properties":{"@id":"node/1","name":"Iron Temple","leisure":"fitness_centre","opening_hours":"Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00","addr:street":"Strand","addr:city":"London","contact:website":"https://irontemple.example"}}"#,
        #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[-0.13,51.51],[-0.12,51.51],[-0.12,51.52],[-0.13,51.52],[-0.13,51.51]]]},"properties":{"@id":"way/2","name":"Crag Hall","leisure":"sports_centre","sport":"climbing","opening_hours":"Mo-Su 10:00-22:00; PH off"}}"#,
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.11,51.50]},"properties":{"@id":"node/3","leisure":"fitness_centre"}}"#,
        #"not json"#,
      ]
      func runImport() async throws -> Gym_Places_V1_ImportPlacesResponse {
        try await env.places.importPlaces(metadata: env.admin) { writer in
          try await writer.write(.with { $0.options = .with { $0.defaultTimeZone = "Europe/London" } })
          for feature in features { try await writer.write(.with { $0.geojsonFeature = feature }) }
        }
      }
      let first = try await runImport()
      #expect(first.created == 2)
      #expect(first.updated == 0)
      #expect(first.rejected.map(\.index) == [2, 3])
      #expect(first.rejected[0].reason.contains("place.name"))
      let second = try await runImport()
      #expect(second.created == 0)
      #expect(second.updated == 2)

      let found = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = 51.5072; $0.longitude = -0.1276
          }
        }, metadata: env.member
      ).results
      let crag = try #require(found.first { $0.place.name == "Crag Hall" }?.place)
      #expect(crag.kind == .climbingGym)
      #expect(crag.source == "osm:way/2")
      #expect(crag.openingHours.unsupported == ["public holidays (PH)"])
      let temple = try #require(found.first { $0.place.name == "Iron Temple" }?.place)
      #expect(temple.address.street == "Strand")
      #expect(temple.openingHours.intervals.count == 7)

      let member = await rpcError { _ = try await env.places.importPlaces(metadata: env.member) { _ in } }
      #expect(member?.code == .permissionDenied)
    }
  }

  @Test func aFirstPageOfTrainersReadsOnlyAsFarOutAsItNeeds() async throws {
    // Accounts from a directory that counts what places asks (auth cannot say).
    try await PlacesFixture.run(accounts: FakeAccounts()) { env in
      let accounts = try #require(env.accounts)
      // 150 trainers north of a point, one every 600 m out to 90 km.
      let store = try PlacesStore(path: env.dataDirectory + "/places.sqlite")
      var ids: [String] = []
      for index in 1...150 {
        let id = "trainer-\(index)"
        ids.append(id)
        _ = try await store.upsertTrainer(
          TrainerRecord(
            trainerID: id, lat: 51.0 + Double(index) * 0.6 / 111.2, lng: 0, serviceRadiusM: 10_000, specialties: ["strength"],
            specialtyKey: "strength", pricePerSession: 40, currency: "GBP", bio: "", gymID: "", updatedAt: Date()))
        accounts.activate(id, username: "t\(index)", roles: [.trainer])
      }
      func page(_ token: String = "") async throws -> Gym_Places_V1_FindTrainersResponse {
        try await env.places.findTrainers(
          .with {
            $0.location = .with {
              $0.latitude = 51.0; $0.longitude = 0
            }
            $0.radiusM = 100_000
            $0.pageSize = 5
            $0.pageToken = token
          }, metadata: env.member)
      }
      accounts.asked.withLock { $0 = 0 }
      let first = try await page()
      #expect(first.results.map(\.listing.trainerID) == Array(ids.prefix(5)))
      let asked = accounts.asked.withLock { $0 }
      #expect(asked < 30, "asked auth about \(asked) trainers for a page of 5")
      let second = try await page(first.nextPageToken)
      #expect(second.results.map(\.listing.trainerID) == Array(ids[5..<10]))
      #expect(second.results.map(\.distanceM) == second.results.map(\.distanceM).sorted())
    }
  }

  @Test func trainersListThemselvesAndOnlyActiveOnesAreFound() async throws {
    try await PlacesFixture.run { env in
      let listing = Gym_Places_V1_TrainerListing.with {
        $0.location = .with {
          $0.latitude = 51.5; $0.longitude = -0.12
        }
        $0.serviceRadiusM = 5_000
        $0.specialties = ["Strength", "Weight loss"]
        $0.pricePerSession = 40
        $0.currency = "gbp"
        $0.bio = "Ten years of coaching"
      }
      let denied = await rpcError { _ = try await env.places.upsertTrainerListing(.with { $0.listing = listing }, metadata: env.member) }
      #expect(denied?.code == .permissionDenied)
      let stored = try await env.places.upsertTrainerListing(.with { $0.listing = listing }, metadata: env.trainer).listing
      #expect(stored.trainerID == env.trainerID)
      #expect(stored.currency == "GBP")

      func find(_ configure: (inout Gym_Places_V1_FindTrainersRequest) -> Void = { _ in }) async throws -> [String] {
        var request = Gym_Places_V1_FindTrainersRequest.with {
          $0.location = .with {
            $0.latitude = 51.51; $0.longitude = -0.12
          }
        }
        configure(&request)
        return try await env.places.findTrainers(request, metadata: env.member).results.map(\.listing.trainerID)
      }
      #expect(try await find() == [env.trainerID])
      #expect(try await find { $0.specialty = "strength" } == [env.trainerID])
      #expect(try await find { $0.specialty = "yoga" } == [])
      #expect(try await find { $0.maxPrice = 30 } == [])
      // By name, ignoring case and accents, with the name auth gave places.
      #expect(try await find { $0.query = "tom TRAIN" } == [env.trainerID])
      #expect(try await find { $0.query = "anna" } == [])
      let named = try await env.places.findTrainers(
        .with {
          $0.location = .with {
            $0.latitude = 51.51; $0.longitude = -0.12
          }
        }, metadata: env.member
      ).results
      #expect(named.first?.displayName == "Tóm Trainer" && named.first?.username == "tom_trainer")

      // Demoted by an administrator in auth: once auth's update arrives, the listing is
      // no longer found.
      _ = try await env.auth.setUserRole(
        .with {
          $0.userID = env.trainerID; $0.role = .member
        }, metadata: env.admin)
      #expect(try await eventually(within: .seconds(30)) { try await find() == [] })
      _ = try await env.auth.setUserRole(
        .with {
          $0.userID = env.trainerID; $0.role = .trainer
        }, metadata: env.admin)
      #expect(try await eventually(within: .seconds(30)) { try await find() == [env.trainerID] })
      // Deleting needs no trainer role (a demoted trainer's new token has none): someone
      // without a listing just hears so.
      let none = await rpcError { _ = try await env.places.deleteTrainerListing(.init(), metadata: env.member) }
      #expect(none?.code == .notFound)
      _ = try await env.auth.banUser(
        .with {
          $0.userID = env.trainerID; $0.reason = "fake reviews"
        }, metadata: env.admin)
      #expect(try await eventually(within: .seconds(30)) { try await find() == [] })
      #expect(await rpcError { _ = try await env.places.getTrainerListing(.with { $0.trainerID = env.trainerID }, metadata: env.member) }?.code == .notFound)

      // Purge (the listing and the projected account) is idempotent.
      #expect(try await env.placesLifecycle.purgeUser(.with { $0.userID = env.trainerID }).removed == 2)
      #expect(try await env.placesLifecycle.purgeUser(.with { $0.userID = env.trainerID }).removed == 0)
      let memberPurge = await rpcError {
        _ = try await env.placesLifecycleWithoutCredential.purgeUser(.with { $0.userID = "x" }, metadata: env.admin)
      }
      #expect(memberPurge?.code == .unauthenticated, "a user token never opens an internal RPC")
    }
  }

  /// A ban through auth's admin RPC (reaching places as auth's update) hides the listing
  /// from nearby search and its page; lifting it brings the listing back.
  @Test func aBanInAuthHidesTheTrainersListingUntilItIsLifted() async throws {
    try await PlacesFixture.run { env in
      _ = try await env.places.upsertTrainerListing(PlacesFixture.londonListing, metadata: env.trainer)
      func nearby() async throws -> [String] {
        try await env.places.findTrainers(
          .with {
            $0.location = .with {
              $0.latitude = 51.51; $0.longitude = -0.12
            }
          }, metadata: env.member
        ).results.map(\.listing.trainerID)
      }
      #expect(try await nearby() == [env.trainerID])
      _ = try await env.auth.banUser(
        .with {
          $0.userID = env.trainerID; $0.reason = "fake reviews"
        }, metadata: env.admin)
      #expect(try await eventually(within: .seconds(30)) { try await nearby() == [] }, "a banned trainer is still found")
      let page = await rpcError { _ = try await env.places.getTrainerListing(.with { $0.trainerID = env.trainerID }, metadata: env.member) }
      #expect(page?.code == .notFound)
      _ = try await env.auth.unbanUser(.with { $0.userID = env.trainerID }, metadata: env.admin)
      #expect(try await eventually(within: .seconds(30)) { try await nearby() == [env.trainerID] })
    }
  }

  /// An administrator's place sent again (a lost answer) is made once.
  @Test func aPlaceSentTwiceUnderOneKeyIsMadeOnce() async throws {
    try await PlacesFixture.run { env in
      let create = Gym_Places_V1_CreatePlaceRequest.with {
        $0.place = gym("Riverside Barbell", 51.5108, -0.1280)
        $0.idempotencyKey = "place-1"
      }
      let made = try await env.places.createPlace(create, metadata: env.admin).place
      #expect(try await env.places.createPlace(create, metadata: env.admin).place.id == made.id)
      let near = try await env.places.searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = 51.5108; $0.longitude = -0.1280
          }
        }, metadata: env.member
      ).results
      #expect(near.map(\.place.id) == [made.id])
      _ = try await env.places.deletePlace(.with { $0.id = made.id }, metadata: env.admin)
      let late = await rpcError { _ = try await env.places.createPlace(create, metadata: env.admin) }
      #expect(late?.code == .failedPrecondition)
    }
  }
}
