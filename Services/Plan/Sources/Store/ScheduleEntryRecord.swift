import Foundation
import GRDB
import GymStore

/// A row of `schedule_entries`, with its routine's id, name and day names when read.
public struct ScheduleEntryRecord: Sendable, Equatable {
  public var id: String
  public var ownerID: String
  public var routineID: String
  public var dayIndex: Int
  public var rule: ScheduleRule
  public var createdAt: Date
  /// Read only.
  public var routineName = ""
  public var dayName = ""

  public init(id: String, ownerID: String, routineID: String, dayIndex: Int, rule: ScheduleRule, createdAt: Date) {
    self.id = id
    self.ownerID = ownerID
    self.routineID = routineID
    self.dayIndex = dayIndex
    self.rule = rule
    self.createdAt = createdAt
  }
}

extension PlanStore {
  /// Checks the routine and its day, then adds the entry; under a `key` used before,
  /// the entry it made.
  public func insertScheduleEntry(_ entry: ScheduleEntryRecord, key: IdempotencyKeys.Key? = nil) async throws -> ScheduleEntryRecord {
    try await writer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let made = try Self.scheduleEntries(db, where: "s.id = \(id) AND s.owner_id = \(entry.ownerID)").first else {
            throw IdempotencyKeys.gone("schedule entry", id)
          }
          return made
        }, create: { try Self.insertScheduleEntry(db, entry, limits: limits) }, id: \.id)
    }
  }

  /// `insertScheduleEntry` inside the caller's transaction.
  static func insertScheduleEntry(_ db: Database, _ entry: ScheduleEntryRecord, limits: PlanLimits) throws -> ScheduleEntryRecord {
    let routine = try Self.requireRoutine(db, id: entry.routineID, ownerID: entry.ownerID)
    try Self.requireRoom(
      db, limit: limits.scheduleEntries, rows: "SELECT 1 FROM schedule_entries WHERE owner_id = ?", [entry.ownerID],
      "you have \(limits.scheduleEntries) schedule entries, the most one account may keep; delete one (DeleteScheduleEntry) first")
    if entry.rule.reminderMinutesBefore > 0 {
      try Self.requireRoom(
        db, limit: limits.reminders,
        rows: "SELECT 1 FROM schedule_entries WHERE owner_id = ? AND reminder_minutes > 0", [entry.ownerID],
        "you have \(limits.reminders) reminders, the most one account may keep; delete an entry with a reminder "
          + "(DeleteScheduleEntry) or schedule this one without (reminder_minutes_before 0)")
    }
    guard routine.days.indices.contains(entry.dayIndex) else {
      throw PlanError.noSuchRoutineDay(days: routine.days.count)
    }
    let (weekdays, date): (Int, String?) =
      switch entry.rule.repeats {
      case .weekly(let days): (ScheduleRule.bits(days), nil)
      case .once(let date): (0, date.description)
      }
    // A reminder is due for working out at once: the worker computes its first instant
    // in the owner's zone (the only place zones are read) and stores it.
    let nextDue: Date? = entry.rule.reminderMinutesBefore > 0 ? entry.createdAt : nil
    try db.execute(
      sql: """
        INSERT INTO schedule_entries (id, owner_id, routine_rid, day_index, weekdays, on_date, minute_of_day, reminder_minutes, created_at,
          next_due_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        entry.id, entry.ownerID, routine.rid, entry.dayIndex, weekdays, date, entry.rule.minuteOfDay,
        entry.rule.reminderMinutesBefore, entry.createdAt, nextDue,
      ])
    var stored = entry
    stored.routineName = routine.name
    stored.dayName = routine.days[entry.dayIndex].name
    return stored
  }

  /// Every entry of the owner, with routine names.
  public func scheduleEntries(ownerID: String) async throws -> [ScheduleEntryRecord] {
    try await scheduleEntries(where: "s.owner_id = \(ownerID)")
  }

  private func scheduleEntries(where condition: SQL) async throws -> [ScheduleEntryRecord] {
    try await writer.read { db in try Self.scheduleEntries(db, where: condition) }
  }

  static func scheduleEntries(_ db: Database, where condition: SQL) throws -> [ScheduleEntryRecord] {
    let rows = try SQLRequest<Row>(
      literal: """
        SELECT s.*, r.id AS routine_id, r.name AS routine_name, r.days AS days FROM schedule_entries s
        JOIN routines r ON r.rid = s.routine_rid WHERE \(condition) ORDER BY s.minute_of_day, s.rid
        """
    ).fetchAll(db)
    let decoder = JSONDecoder()
    return try rows.map { try Self.scheduleEntry($0, decoder: decoder) }
  }

  /// A row of `schedule_entries` joined with its routine's id, name and days.
  static func scheduleEntry(_ row: Row, decoder: JSONDecoder) throws -> ScheduleEntryRecord {
    let date: String? = row["on_date"]
    let repeats: ScheduleRule.Repeat =
      if let date, let local = LocalDate(date) { .once(local) } else { .weekly(ScheduleRule.weekdays(bits: row["weekdays"])) }
    var entry = ScheduleEntryRecord(
      id: row["id"], ownerID: row["owner_id"], routineID: row["routine_id"], dayIndex: row["day_index"],
      rule: ScheduleRule(repeats: repeats, minuteOfDay: row["minute_of_day"], reminderMinutesBefore: row["reminder_minutes"]),
      createdAt: row["created_at"])
    entry.routineName = row["routine_name"]
    let days = try decoder.decode([RoutineRecord.Day].self, from: Data((row["days"] as String).utf8))
    entry.dayName = days.indices.contains(entry.dayIndex) ? days[entry.dayIndex].name : ""
    return entry
  }

  public func deleteScheduleEntry(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM schedule_entries WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw GymError.notFound("no schedule entry with id \(id)") }
    }
  }
}
