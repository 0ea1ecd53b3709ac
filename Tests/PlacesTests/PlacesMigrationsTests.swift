import Foundation
import GRDB
import Testing

@testable import GymPlaces

@Suite struct PlacesMigrationsTests {
  /// Places stored before the rules changed are read again on upgrade, so searches
  /// do not keep answering with the old misreading.
  @Test func storedHoursAreReadAgainWithTodaysRules() async throws {
    let queue = try DatabaseQueue()
    try PlacesMigrations.migrator.migrate(queue, upTo: "v1-places-trainers-rtree")
    try await queue.write { db in
      // What the earlier reader stored for this value: Monday closed all day.
      try db.execute(
        sql: """
          INSERT INTO places (id, name, kind, lat, lng, opening_hours, hours_intervals, time_zone, created_at, updated_at, etag)
          VALUES ('p1', 'Tea break', 1, 51.5, -0.12, '24/7; Mo 15:00-16:00 off', '[{"start":1440,"end":10080}]',
            'Europe/London', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 'e1')
          """)
    }
    let store = try PlacesStore(writer: queue)
    let place = try #require(try await store.place(id: "p1"))
    #expect(place.hoursIntervals == [.init(start: 0, end: 900), .init(start: 960, end: 10080)])
    #expect(place.hoursNormalized == "24/7; Mo 15:00-16:00 off")
  }
}
