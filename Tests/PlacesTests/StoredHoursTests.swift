import Foundation
import GRDB
import Testing

@testable import GymPlaces

/// "Open now" reads each place's stored intervals: a value that does not decode is a
/// damaged row, and the search says so instead of leaving the place out as closed.
@Suite struct StoredHoursTests {
  @Test func damagedStoredIntervalsFailTheOpenNowSearch() async throws {
    let queue = try DatabaseQueue()
    let store = try PlacesStore(writer: queue)
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let place = try await store.insert(
      PlaceRecord(
        id: "p1", name: "Always open", kind: 1, lat: 51.5, lng: -0.12, openingHours: "24/7",
        hoursIntervals: [.init(start: 0, end: 10080)], timeZone: "Europe/London", createdAt: now, updatedAt: now, etag: "e1"))
    let hit = PlacesStore.Hit(rid: try #require(place.rid), distance: 10)
    #expect(try await store.openHits([hit], at: now) == [hit])
    try await queue.write { db in try db.execute(sql: "UPDATE places SET hours_intervals = 'not json' WHERE id = 'p1'") }
    await #expect(throws: DecodingError.self) { _ = try await store.openHits([hit], at: now) }
  }
}
