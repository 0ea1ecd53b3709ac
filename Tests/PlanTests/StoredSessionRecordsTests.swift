import Foundation
import GRDB
import GymService
import GymStore
import Testing

@testable import GymPlan

/// A finished session's personal records are read as stored: none when none were
/// written, and a damaged value fails the read instead of passing for "no records".
@Suite struct StoredSessionRecordsTests {
  static func finishedSession(_ store: PlanStore) async throws {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    _ = try await store.startSession(
      SessionRecord(
        id: "s1", ownerID: "u1", state: .active, routineID: nil, dayIndex: 0, name: "Legs",
        items: [.init(id: "i1", exerciseID: "ex-squat", plannedSets: [])], startedAt: start, endedAt: nil,
        localDate: LocalDate(start, in: TimeZone(identifier: "UTC")!), notes: "", summary: nil))
    _ = try await store.logSet(
      sessionID: "s1", itemID: "i1", ownerID: "u1", set: .init(reps: 5, weightKg: 100, loggedAt: start.addingTimeInterval(60)))
    _ = try await store.finishSession(id: "s1", ownerID: "u1", notes: "", changes: .discard, now: start.addingTimeInterval(3600))
  }

  @Test func noStoredRecordsReadAsNone() async throws {
    let queue = try DatabaseQueue()
    let store = try PlanStore(writer: queue)
    try await Self.finishedSession(store)
    try await queue.write { db in try db.execute(sql: "UPDATE sessions SET new_records = NULL WHERE id = 's1'") }
    let session = try #require(try await store.session(id: "s1", ownerID: "u1"))
    #expect(session.summary?.newRecords.isEmpty == true)
  }

  @Test func damagedStoredRecordsFailTheRead() async throws {
    let queue = try DatabaseQueue()
    let store = try PlanStore(writer: queue)
    try await Self.finishedSession(store)
    #expect(try await store.session(id: "s1", ownerID: "u1")?.summary?.newRecords.isEmpty == false)
    try await queue.write { db in
      try db.execute(sql: "UPDATE sessions SET new_records = ? WHERE id = 's1'", arguments: [Data("not json".utf8)])
    }
    await #expect(throws: DecodingError.self) { _ = try await store.session(id: "s1", ownerID: "u1") }
  }
}
