import Foundation
import GymStore
import Logging
import ServiceLifecycle

/// Sends workout reminders. Each entry with a reminder stores when its next one is due
/// (`next_due_at`, indexed); a pass reads only the entries due, works out the occurrence
/// in the owner's zone, notifies through messaging (keyed by entry and date, so a repeat
/// never shows twice) and stores the next due instant. One entry that fails (an
/// unreadable row, a refused send) is logged and skipped; the rest of the pass goes on.
/// A reminder more than `maxLate` past due is dropped: "your workout starts in 30
/// minutes" is wrong hours later.
struct ReminderWorker: Service {
  let store: PlanStore
  let notifier: any Notifier
  let zone: @Sendable (String) async throws -> TimeZone
  let every: Duration
  /// How late a reminder may still be sent.
  let maxLate: TimeInterval
  let logger: Logger
  /// Entries read per query; a pass pages through every due one.
  var pageSize = 500
  /// Where the migration that added `next_due_at` starts existing reminders: reminders
  /// due while the process was being upgraded are still sent.
  static let lookBack: TimeInterval = 300

  /// What one pass did.
  struct Pass: Equatable {
    var sent = 0
    /// More than `maxLate` past due: not sent.
    var dropped = 0
    /// Not due yet once worked out (a new entry, a changed zone): only the due instant moved.
    var rescheduled = 0
    /// Logged and left for the next pass, or postponed when the row cannot be read.
    var failed = 0
  }

  func run() async throws {
    // A pass logs and skips what fails itself: it never throws.
    try await PeriodicService(every: every, failure: "reminder pass failed", logger: logger) {
      let done = await pass(now: Date())
      if done.sent + done.dropped + done.failed > 0 {
        logger.info(
          "reminder pass", metadata: ["sent": "\(done.sent)", "dropped": "\(done.dropped)", "failed": "\(done.failed)"])
      }
    }.run()
  }

  /// Handles every reminder due at `now`.
  func pass(now: Date) async -> Pass {
    var pass = Pass()
    var cursor: PlanStore.ReminderCursor?
    while !Task.isCancelled {
      let page: [PlanStore.DueReminder]
      do {
        page = try await store.dueReminders(at: now, after: cursor, limit: pageSize)
      } catch {
        // Nothing was advanced: the next pass reads the same reminders again.
        logger.warning("reminders not read; the next pass retries", metadata: ["error": "\(error)"])
        pass.failed += 1
        return pass
      }
      for due in page {
        do {
          try await handle(due, now: now, pass: &pass)
        } catch {
          pass.failed += 1
          logger.warning("reminder not sent; the next pass retries", metadata: ["entry": "\(due.entryID)", "error": "\(error)"])
        }
      }
      guard page.count == pageSize, let last = page.last else { break }
      cursor = last.cursor
    }
    return pass
  }

  private func handle(_ due: PlanStore.DueReminder, now: Date, pass: inout Pass) async throws {
    let entry: ScheduleEntryRecord
    switch due.entry {
    case .success(let read):
      entry = read
    case .failure(let problem):
      // It would fail the same way on every pass: look again after the late window.
      pass.failed += 1
      logger.error("reminder entry unreadable; skipped", metadata: ["entry": "\(due.entryID)", "error": "\(problem)"])
      try await store.setReminderDue(entryID: due.entryID, from: due.due, to: now.addingTimeInterval(maxLate))
      return
    }
    let zone = try await zone(entry.ownerID)
    guard let occurrence = entry.rule.firstReminder(from: due.due, in: zone), let remindAt = occurrence.remindAt else {
      try await store.setReminderDue(entryID: entry.id, from: due.due, to: nil)
      return
    }
    guard remindAt <= now else {
      pass.rescheduled += 1
      try await store.setReminderDue(entryID: entry.id, from: due.due, to: remindAt)
      return
    }
    if now.timeIntervalSince(remindAt) > maxLate {
      pass.dropped += 1
      logger.notice(
        "reminder dropped: too late", metadata: ["entry": "\(entry.id)", "date": "\(occurrence.date)", "due": "\(remindAt)"])
    } else {
      let time = String(format: "%02d:%02d", entry.rule.minuteOfDay / 60, entry.rule.minuteOfDay % 60)
      try await notifier.notify(
        userID: entry.ownerID, kind: "workout-reminder", title: "\(entry.routineName): \(entry.dayName) at \(time)",
        body: "Scheduled for \(occurrence.date) at \(time).", reference: entry.id, key: "\(entry.id)/\(occurrence.date)")
      pass.sent += 1
    }
    // The next one after this, skipping any already too late to send.
    let next = entry.rule.firstReminder(from: max(remindAt, now.addingTimeInterval(-maxLate)), strictly: true, in: zone)
    try await store.setReminderDue(entryID: entry.id, from: due.due, to: next?.remindAt)
  }
}
