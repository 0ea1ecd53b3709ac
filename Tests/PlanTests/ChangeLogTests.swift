import Foundation
import GRDB
import GymStore
import GymTesting
import Testing

@testable import GymPlan

/// The change log on real SQLite: objects from before it are in it, every write moves
/// an object to the end, and a pruned deletion makes an older cursor start again.
@Suite struct ChangeLogTests {
  @Test func objectsFromBeforeTheLogAreInItAndWritesMoveThemToTheEnd() async throws {
    let queue = try DatabaseQueue()
    try PlanMigrations.migrator.migrate(queue, upTo: "unit-settings-v1")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO body_weights (id, owner_id, local_date, weight_kg, logged_at) VALUES
            ('w1', 'u1', '2026-01-01', 80, '2026-01-01 08:00:00.000'), ('w2', 'u1', '2026-01-02', 79.5, '2026-01-02 08:00:00.000'),
            ('w3', 'u2', '2026-01-01', 60, '2026-01-01 08:00:00.000');
          INSERT INTO saved_exercises (owner_id, exercise_id, saved_at) VALUES ('u1', 'squat', '2026-01-01 08:00:00.000');
          """)
    }
    let store = try PlanStore(writer: queue)
    let before = try await store.changes(ownerID: "u1", after: 0, limit: 10)
    #expect(Set(before.map(\.objectID)) == ["w1", "w2", "squat"])
    #expect(before.allSatisfy { !$0.deleted })

    // Correcting a day's weight moves its entry past the others; deleting leaves a tombstone.
    let last = before.map(\.seq).max()!
    _ = try await store.logBodyWeight(id: "ignored", ownerID: "u1", date: LocalDate("2026-01-01")!, weightKg: 81, now: Date())
    try await store.deleteBodyWeight(id: "w2", ownerID: "u1")
    let after = try await store.changes(ownerID: "u1", after: last, limit: 10)
    #expect(after.map(\.objectID) == ["w1", "w2"])
    #expect(after.map(\.deleted) == [false, true])
    #expect(try await store.changes(ownerID: "u1", after: 0, limit: 10).count == 3, "one row per object, ever")
  }

  @Test func aCursorOlderThanPrunedDeletionsMustStartAgain() async throws {
    let store = try PlanStore(path: try temporaryDirectory("plan-changes") + "/plan.sqlite")
    let day = LocalDate("2026-02-01")!
    _ = try await store.logBodyWeight(id: "w1", ownerID: "u1", date: day, weightKg: 80, now: Date())
    _ = try await store.logBodyWeight(id: "w2", ownerID: "u1", date: day.adding(days: 1), weightKg: 80, now: Date())
    let early = try await store.changes(ownerID: "u1", after: 0, limit: 10).map(\.seq).max()!
    try await store.deleteBodyWeight(id: "w1", ownerID: "u1")
    let late = try await store.changes(ownerID: "u1", after: 0, limit: 10).map(\.seq).max()!
    // Another user's deletion: pruned too, on that user's own horizon.
    _ = try await store.logBodyWeight(id: "w3", ownerID: "u2", date: day, weightKg: 60, now: Date())
    try await store.deleteBodyWeight(id: "w3", ownerID: "u2")

    #expect(try await store.pruneChanges(before: Date().addingTimeInterval(-60)) == 0, "nothing is that old yet")
    #expect(try await store.pruneChanges(before: Date().addingTimeInterval(60)) == 2)

    await #expect(throws: GymError.self) { _ = try await store.changes(ownerID: "u1", after: early, limit: 10) }
    #expect(try await store.changes(ownerID: "u1", after: late, limit: 10).isEmpty, "a cursor past the pruned deletions goes on")
    #expect(try await store.changes(ownerID: "u1", after: 0, limit: 10).map(\.objectID) == ["w2"], "from scratch: what is there")
    #expect(try await store.changes(ownerID: "u2", after: 0, limit: 10).isEmpty)
  }
}
