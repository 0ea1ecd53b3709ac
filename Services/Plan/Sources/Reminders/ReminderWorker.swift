import Foundation
import Logging
import ServiceLifecycle

/// Sends workout reminders: every pass finds the reminders that fell due since the
/// last pass (in each owner's zone) and notifies through messaging, keyed by entry and
/// date so a repeat never shows twice. After a restart it looks back a little.
struct ReminderWorker: Service {
  let store: PlanStore
  let notifier: any Notifier
  let zone: @Sendable (String) async throws -> TimeZone
  let every: Duration
  let logger: Logger
  /// How far the first pass looks back: reminders due while the process was restarting.
  static let lookBack: TimeInterval = 300

  func run() async throws {
    var since = Date().addingTimeInterval(-Self.lookBack)
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
      let now = Date()
      do {
        try await remind(after: since, through: now)
        since = now
      } catch {
        // The window stays open: the next pass covers it again (keys prevent repeats).
        logger.warning("reminders not sent; will retry", metadata: ["error": "\(error)"])
      }
      _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: every) }
    }
  }

  func remind(after start: Date, through end: Date) async throws {
    for entry in try await store.scheduleEntriesWithReminders() {
      let zone = try await zone(entry.ownerID)
      // Reminders can precede their workout by up to a week: look that far ahead.
      let first = LocalDate(start, in: zone).adding(days: -1)
      let last = LocalDate(end, in: zone).adding(days: 8)
      for occurrence in entry.rule.occurrences(from: first, through: last, in: zone) {
        guard let due = occurrence.remindAt, due > start, due <= end else { continue }
        let time = String(format: "%02d:%02d", entry.rule.minuteOfDay / 60, entry.rule.minuteOfDay % 60)
        try await notifier.notify(
          userID: entry.ownerID, kind: "workout-reminder", title: "\(entry.routineName): \(entry.dayName) at \(time)",
          body: "Scheduled for \(occurrence.date) at \(time).", reference: entry.id, key: "\(entry.id)/\(occurrence.date)")
      }
    }
  }
}
