import Foundation
import GRDB
import Logging
import Synchronization
import Testing

@testable import GymPlan

/// Reminders as messaging would receive them.
final class CollectedReminders: Notifier {
  let sent = Mutex<[(userID: String, title: String, key: String)]>([])

  func notify(userID: String, kind: String, title: String, body: String, reference: String, key: String, aboutUserID: String) async throws {
    sent.withLock { $0.append((userID, title, key)) }
  }
}

/// The reminder worker on a real database: which reminders fall in a pass's window.
@Suite struct ReminderTests {
  @Test func aPassSendsTheRemindersThatFellDueInItsWindowOnly() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    let now = Date()
    let routine = try await store.insertRoutine(RoutineRecord(
      id: "r1", ownerID: "u1", name: "Squat day", description: "",
      days: [.init(name: "Legs", exercises: [.init(exerciseID: "ex-squat", sets: [.init(targetReps: 5, targetWeightKg: 100)])])],
      now: now))
    // Tomorrow 07:00 UTC, reminded 30 minutes before.
    let tomorrow = LocalDate(now, in: TimeZone(identifier: "UTC")!).adding(days: 1)
    _ = try await store.insertScheduleEntry(ScheduleEntryRecord(
      id: "e1", ownerID: "u1", routineID: routine.id, dayIndex: 0,
      rule: ScheduleRule(repeats: .once(tomorrow), minuteOfDay: 7 * 60, reminderMinutesBefore: 30), createdAt: now))
    let reminders = CollectedReminders()
    let worker = ReminderWorker(
      store: store, notifier: reminders, zone: { _ in TimeZone(identifier: "UTC")! }, every: .seconds(1), logger: Logger(label: "test"))
    let due = tomorrow.instant(atMinute: 6 * 60 + 30, in: TimeZone(identifier: "UTC")!)

    try await worker.remind(after: due.addingTimeInterval(-120), through: due.addingTimeInterval(-60))
    #expect(reminders.sent.withLock { $0 }.isEmpty)
    try await worker.remind(after: due.addingTimeInterval(-60), through: due.addingTimeInterval(20))
    let sent = reminders.sent.withLock { $0 }
    #expect(sent.count == 1)
    #expect(sent.first?.title == "Squat day: Legs at 07:00")
    #expect(sent.first?.key == "e1/\(tomorrow)")
    try await worker.remind(after: due.addingTimeInterval(20), through: due.addingTimeInterval(80))
    #expect(reminders.sent.withLock { $0 }.count == 1)
  }
}
