import Foundation
import GRDB

extension PlanStore {
  /// A schedule entry whose reminder is due, as the reminder worker reads it.
  public struct DueReminder: Sendable {
    public var entryID: String
    public var ownerID: String
    /// The instant stored in `next_due_at`.
    public var due: Date
    /// Where the next page of due reminders starts.
    public var cursor: ReminderCursor
    /// The entry, or why its row could not be read (the worker skips it and goes on).
    public var entry: Result<ScheduleEntryRecord, ReminderRowError>
  }

  public struct ReminderCursor: Sendable, Equatable {
    var due: Date
    var rid: Int64
  }

  public struct ReminderRowError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Up to `limit` entries due at `now` (`next_due_at <= now`), in due order, after
  /// `cursor`; read through the partial index `schedule_reminders_due`, so a pass costs
  /// what is due, not every entry with a reminder.
  public func dueReminders(at now: Date, after cursor: ReminderCursor?, limit: Int) async throws -> [DueReminder] {
    try await writer.read { db in
      let query = Self.dueReminderQuery(now: now, after: cursor, limit: limit)
      let rows = try Row.fetchAll(db, sql: query.sql, arguments: query.arguments)
      let decoder = JSONDecoder()
      return rows.map { row in
        let due: Date = row["next_due_at"]
        let entry: Result<ScheduleEntryRecord, ReminderRowError>
        do {
          entry = .success(try Self.scheduleEntry(row, decoder: decoder))
        } catch {
          entry = .failure(ReminderRowError(description: "\(error)"))
        }
        return DueReminder(
          entryID: row["id"], ownerID: row["owner_id"], due: due, cursor: ReminderCursor(due: due, rid: row["rid"]), entry: entry)
      }
    }
  }

  static func dueReminderQuery(now: Date, after cursor: ReminderCursor?, limit: Int) -> (sql: String, arguments: StatementArguments) {
    var arguments: StatementArguments = [now]
    var after = ""
    if let cursor {
      after = "AND (s.next_due_at, s.rid) > (?, ?)"
      arguments += [cursor.due, cursor.rid]
    }
    arguments += [limit]
    return (
      """
      SELECT s.*, r.id AS routine_id, r.name AS routine_name, r.days AS days FROM schedule_entries s
      JOIN routines r ON r.rid = s.routine_rid
      WHERE s.next_due_at IS NOT NULL AND s.next_due_at <= ? \(after)
      ORDER BY s.next_due_at, s.rid LIMIT ?
      """, arguments
    )
  }

  /// Moves the entry's next reminder to `next` (nil: none left, as for a single date
  /// that has passed). Only when it is still due at `due`: a pass never undoes a newer change.
  public func setReminderDue(entryID: String, from due: Date, to next: Date?) async throws {
    try await writer.write { db in
      try db.execute(
        sql: "UPDATE schedule_entries SET next_due_at = ? WHERE id = ? AND next_due_at = ?", arguments: [next, entryID, due])
    }
  }
}
