import Foundation
import GRDB
import GymService
import GymStore
import Logging
import Synchronization
import Testing

@testable import GymPlan

/// Reminders as messaging would receive them.
final class CollectedReminders: Notifier {
  let sent = Mutex<[(userID: String, title: String, key: String)]>([])
  /// Sends to these users fail, as when messaging refuses one notification.
  let failing: Set<String>

  init(failing: Set<String> = []) { self.failing = failing }

  struct Refused: Error {}

  func notify(userID: String, kind: String, title: String, body: String, reference: String, key: String, aboutUserID: String) async throws {
    if failing.contains(userID) { throw Refused() }
    sent.withLock { $0.append((userID, title, key)) }
  }
}

/// The reminder worker on a real database, its clock given to each pass: which
/// reminders a pass sends, drops or skips.
@Suite struct ReminderTests {
  let utc = TimeZone(identifier: "UTC")!
  let now = Date()
  var tomorrow: LocalDate { LocalDate(now, in: utc).adding(days: 1) }
  /// Tomorrow 06:30 UTC: a 07:00 workout's reminder 30 minutes before.
  var due: Date { tomorrow.instant(atMinute: 6 * 60 + 30, in: utc) }

  func worker(_ store: PlanStore, _ reminders: CollectedReminders, maxLate: TimeInterval = 3600) -> ReminderWorker {
    ReminderWorker(
      store: store, notifier: reminders, zone: { [utc] _ in utc }, every: .seconds(1), maxLate: maxLate, logger: Logger(label: "test"))
  }

  /// A routine "Squat day" of `owner` and an entry at 07:00 UTC (once on `day`, or
  /// weekly on `weekdays`), reminded 30 minutes before.
  func schedule(_ store: PlanStore, owner: String, on day: LocalDate? = nil, weekdays: Set<Int> = []) async throws {
    if try await store.routine(id: "r-\(owner)", ownerID: owner) == nil {
      _ = try await store.insertRoutine(
        RoutineRecord(
          id: "r-\(owner)", ownerID: owner, name: "Squat day", description: "",
          days: [.init(name: "Legs", exercises: [.init(exerciseID: "ex-squat", sets: [.init(targetReps: 5, targetWeightKg: 100)])])],
          now: now))
    }
    _ = try await store.insertScheduleEntry(
      ScheduleEntryRecord(
        id: "e-\(owner)", ownerID: owner, routineID: "r-\(owner)", dayIndex: 0,
        rule: ScheduleRule(repeats: day.map { .once($0) } ?? .weekly(weekdays), minuteOfDay: 7 * 60, reminderMinutesBefore: 30),
        createdAt: now))
  }

  @Test func aPassSendsTheRemindersDueAndEachOnce() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    try await schedule(store, owner: "u1", on: tomorrow)
    let reminders = CollectedReminders()
    let worker = worker(store, reminders)

    // The first pass works the new entry's reminder out; it is not due yet.
    #expect(await worker.pass(now: now) == .init(rescheduled: 1))
    #expect(await worker.pass(now: due.addingTimeInterval(-60)) == .init())
    #expect(await worker.pass(now: due.addingTimeInterval(20)) == .init(sent: 1))
    let sent = reminders.sent.withLock { $0 }
    #expect(sent.count == 1)
    #expect(sent.first?.title == "Squat day: Legs at 07:00")
    #expect(sent.first?.key == "e-u1/\(tomorrow)")
    // A single date has no next reminder: nothing is due any more.
    #expect(await worker.pass(now: due.addingTimeInterval(80)) == .init())
    #expect(try await store.dueReminders(at: due.addingTimeInterval(86_400 * 30), after: nil, limit: 10).isEmpty)
    #expect(reminders.sent.withLock { $0 }.count == 1)
  }

  @Test func aNewEntryMadeAtAnyMillisecondIsWorkedOutOnce() async throws {
    // A new entry is due at its creation instant, stored to the millisecond; the pass
    // that works out its reminder must find that row again whatever the fraction.
    let store = try PlanStore(writer: DatabaseQueue())
    for owner in 0..<5 {
      _ = try await store.insertRoutine(
        RoutineRecord(
          id: "r\(owner)", ownerID: "u\(owner)", name: "Squat day", description: "",
          days: [.init(name: "Legs", exercises: [.init(exerciseID: "ex-squat", sets: [.init(targetReps: 5, targetWeightKg: 100)])])],
          now: now))
    }
    let base = (now.timeIntervalSince1970 - 600).rounded(.down)
    // 40 each: under the reminders cap of one account.
    for index in 0..<200 {
      _ = try await store.insertScheduleEntry(
        ScheduleEntryRecord(
          id: "e\(index)", ownerID: "u\(index % 5)", routineID: "r\(index % 5)", dayIndex: 0,
          rule: ScheduleRule(repeats: .once(tomorrow), minuteOfDay: 7 * 60, reminderMinutesBefore: 30),
          createdAt: Date(timeIntervalSince1970: base + Double(index) * 0.001 + 0.0003)))
    }
    let worker = worker(store, CollectedReminders())
    #expect(await worker.pass(now: now) == .init(rescheduled: 200))
    #expect(await worker.pass(now: now) == .init())
  }

  @Test func aWeeklyReminderMovesToTheNextWeek() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    try await schedule(store, owner: "u1", weekdays: [tomorrow.isoWeekday])
    let reminders = CollectedReminders()
    let worker = worker(store, reminders)
    _ = await worker.pass(now: now)
    #expect(await worker.pass(now: due.addingTimeInterval(5)) == .init(sent: 1))
    #expect(await worker.pass(now: due.addingTimeInterval(7 * 86_400 - 5)) == .init())
    #expect(await worker.pass(now: due.addingTimeInterval(7 * 86_400 + 5)) == .init(sent: 1))
    #expect(reminders.sent.withLock { $0.map(\.key) } == ["e-u1/\(tomorrow)", "e-u1/\(tomorrow.adding(days: 7))"])
  }

  @Test func oneFailingReminderDoesNotStopTheOthers() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    for owner in ["u1", "u2", "u3", "u4"] { try await schedule(store, owner: owner, on: tomorrow) }
    let reminders = CollectedReminders(failing: ["u2"])
    let worker = worker(store, reminders)
    _ = await worker.pass(now: now)
    // u2's send fails; u3's routine row is unreadable.
    try await store.writer.write { try $0.execute(sql: "UPDATE routines SET days = 'not json' WHERE id = 'r-u3'") }
    let pass = await worker.pass(now: due.addingTimeInterval(20))
    #expect(pass.sent == 2 && pass.failed == 2)
    #expect(reminders.sent.withLock { $0.map(\.userID) }.sorted() == ["u1", "u4"])
    // The refused one is tried again on the next pass, the sent ones are not.
    #expect(await worker.pass(now: due.addingTimeInterval(40)).failed == 1)
    #expect(reminders.sent.withLock { $0.count } == 2)
  }

  @Test func aReminderFarPastDueIsDroppedNotSentLate() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    try await schedule(store, owner: "u1", weekdays: [tomorrow.isoWeekday])
    let reminders = CollectedReminders()
    let worker = worker(store, reminders, maxLate: 3600)
    _ = await worker.pass(now: now)
    // The worker was down from before the reminder until two hours after it.
    #expect(await worker.pass(now: due.addingTimeInterval(2 * 3600)) == .init(dropped: 1))
    #expect(reminders.sent.withLock { $0 }.isEmpty)
    // Within the window it is still sent: next week's, 50 minutes late.
    #expect(await worker.pass(now: due.addingTimeInterval(7 * 86_400 + 50 * 60)) == .init(sent: 1))
    #expect(reminders.sent.withLock { $0.map(\.key) } == ["e-u1/\(tomorrow.adding(days: 7))"])
  }

  @Test func thePassReadsOnlyDueEntriesThroughTheIndex() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    // Both the first page and a later one (after a cursor).
    for cursor in [nil, PlanStore.ReminderCursor(due: now, rid: 7)] {
      let query = PlanStore.dueReminderQuery(now: now, after: cursor, limit: 500)
      let plan = try await store.writer.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments).map { $0["detail"] as String }
      }
      #expect(plan.contains { $0.contains("USING INDEX schedule_reminders_due") }, "\(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN s") }, "\(plan)")
    }
  }

  @Test func theMigrationMakesExistingRemindersDueForAFirstPass() async throws {
    let queue = try DatabaseQueue()
    try PlanMigrations.migrator.migrate(queue, upTo: "sessions-v2-sets-on-session-date")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO routines (rid, id, owner_id, name, description, days, version, created_at, updated_at)
            VALUES (1, 'r1', 'u1', 'Squat day', '', '[{"name":"Legs","exercises":[]}]', 1, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
          INSERT INTO schedule_entries (id, owner_id, routine_rid, day_index, weekdays, minute_of_day, reminder_minutes, created_at)
            VALUES ('e1', 'u1', 1, 0, 127, 420, 30, '2026-01-01 00:00:00.000'),
                   ('e2', 'u1', 1, 0, 127, 420, 0, '2026-01-01 00:00:00.000');
          """)
    }
    let store = try PlanStore(writer: queue)
    #expect(try await store.dueReminders(at: Date(), after: nil, limit: 10).map(\.entryID) == ["e1"])
    // Every day at 07:00 UTC, reminded at 06:30: the pass moves it to the next 06:30.
    let worker = worker(store, CollectedReminders())
    let pass = await worker.pass(now: Date())
    #expect(pass.rescheduled + pass.sent == 1)
    #expect(try await store.dueReminders(at: Date(), after: nil, limit: 10).isEmpty)
  }
}
