import Foundation
import GRDB
import GymService
import GymStore
import Testing

@testable import GymPlan

/// A workout that crosses midnight belongs to the day it started: its sets count on the
/// session's local date in statistics, however late they were logged.
@Suite struct SessionDateTests {
  let london = TimeZone(identifier: "Europe/London")!

  @Test func setsLoggedAfterMidnightCountOnTheSessionsDate() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    let monday = LocalDate("2026-03-02")!
    // Started Monday 23:30 in London; two sets logged Tuesday 00:10 and 00:20.
    let start = monday.instant(atMinute: 23 * 60 + 30, in: london)
    let session = try await store.startSession(
      SessionRecord(
        id: "s1", ownerID: "u1", state: .active, routineID: nil, dayIndex: 0, name: "Late one",
        items: [.init(id: "i1", exerciseID: "ex-squat", plannedSets: [])], startedAt: start, endedAt: nil, localDate: monday,
        notes: "", summary: nil))
    for minutes in [40.0, 50] {
      let loggedAt = start.addingTimeInterval(minutes * 60)
      _ = try await store.logSet(
        sessionID: session.id, itemID: "i1", ownerID: "u1", set: .init(reps: 5, weightKg: 100, loggedAt: loggedAt))
    }
    _ = try await store.finishSession(id: "s1", ownerID: "u1", notes: "", changes: .discard, now: start.addingTimeInterval(3600))

    let daily = try await store.exerciseSeries(
      ownerID: "u1", exerciseID: "ex-squat", from: monday, to: monday.adding(days: 1), bucket: .day)
    #expect(daily.map(\.start) == [monday])
    #expect(daily.first?.sets == 2)
    #expect(daily.first?.volumeKg == 1000)
    // Goals read the best weight since a date: Tuesday on has nothing, Monday has it.
    #expect(try await store.bestWeight(ownerID: "u1", exerciseID: "ex-squat", reps: 5, since: monday.adding(days: 1)) == 0)
    #expect(try await store.bestWeight(ownerID: "u1", exerciseID: "ex-squat", reps: 5, since: monday) == 100)
    #expect(try await store.sessions(ownerID: "u1", from: monday, to: monday, limit: 10, offset: 0).map(\.id) == ["s1"])
  }

  @Test func theMigrationMovesSetsAlreadyStoredOnTheWrongDay() async throws {
    let queue = try DatabaseQueue()
    try PlanMigrations.migrator.migrate(queue, upTo: "coaching-v2-consent")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO sessions (rid, id, owner_id, state, day_index, name, started_at, local_date) VALUES
            (1, 's1', 'u1', 2, 0, 'Late one', '2026-03-02 23:30:00.000', '2026-03-02');
          INSERT INTO session_items (rid, id, session_rid, position, exercise_id, planned_sets, state) VALUES
            (1, 'i1', 1, 0, 'ex-squat', '[]', 2);
          INSERT INTO logged_sets (item_rid, session_rid, owner_id, exercise_id, reps, weight_kg, rpe, duration_seconds, logged_at,
            local_date, e1rm, counted) VALUES
            (1, 1, 'u1', 'ex-squat', 5, 100, 0, 0, '2026-03-02 23:50:00.000', '2026-03-02', 116.7, 1),
            (1, 1, 'u1', 'ex-squat', 5, 100, 0, 0, '2026-03-03 00:10:00.000', '2026-03-03', 116.7, 1);
          """)
    }
    let store = try PlanStore(writer: queue)
    let series = try await store.exerciseSeries(
      ownerID: "u1", exerciseID: "ex-squat", from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-04")!, bucket: .day)
    #expect(series.map(\.start.description) == ["2026-03-02"])
    #expect(series.first?.sets == 2)
  }
}
