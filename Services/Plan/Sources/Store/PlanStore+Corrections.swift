import Foundation
import GRDB
import GymStore

/// Fixing what was logged: a set corrected or deleted, a past workout moved, renamed or
/// deleted. In a finished session the session's totals, every statistic (they read the
/// counted sets) and the personal records follow in the same transaction: records are
/// rebuilt from the counted sets of the exercises touched, and so is each session's
/// list of the records it set.
extension PlanStore {
  /// Replaces a logged set's values and type (its time stays); the item after.
  public func updateLoggedSet(
    sessionID: String, setID: Int64, ownerID: String, set: SessionRecord.LoggedSet, check: SessionFootprint.Check = .none
  ) async throws -> LoggedItem {
    try await committer.write { db in
      let session = try Self.requireSession(db, id: sessionID, ownerID: ownerID)
      let target = try Self.requireSet(db, id: setID, sessionRID: session.rid)
      let counted = session.state == .finished && set.type != .warmUp
      try db.execute(
        sql: """
          UPDATE logged_sets SET reps = ?, weight_kg = ?, rpe = ?, duration_seconds = ?, notes = ?, set_type = ?, e1rm = ?, counted = ?
          WHERE rid = ?
          """,
        arguments: [
          set.reps, set.weightKg, set.rpe, set.durationSeconds, set.notes, set.type.rawValue,
          Self.estimatedOneRepMax(reps: set.reps, weightKg: set.weightKg), counted, setID,
        ])
      try check.check(try Self.loadSession(db, rid: session.rid))
      if session.state == .finished { try Self.restate(db, ownerID: ownerID, sessionRIDs: [session.rid], exerciseIDs: [target.exerciseID]) }
      let item = try Self.item(db, rid: target.itemRID)
      return try Self.loggedItem(db, item, sets: try Self.loggedSets(db, itemRID: item.rid))
    }
  }

  /// Deletes a logged set; the item after. In a live session an item that its planned
  /// count had made done is pending again once it has fewer sets.
  public func deleteLoggedSet(sessionID: String, setID: Int64, ownerID: String) async throws -> LoggedItem {
    try await committer.write { db in
      let session = try Self.requireSession(db, id: sessionID, ownerID: ownerID)
      let target = try Self.requireSet(db, id: setID, sessionRID: session.rid)
      try db.execute(sql: "DELETE FROM logged_sets WHERE rid = ?", arguments: [setID])
      var item = try Self.item(db, rid: target.itemRID)
      let sets = try Self.loggedSets(db, itemRID: item.rid)
      if session.state == .active && item.state == .done && item.planned > 0 && sets.count < item.planned {
        item.state = .pending
        try db.execute(sql: "UPDATE session_items SET state = ? WHERE rid = ?", arguments: [item.state.rawValue, item.rid])
      }
      if session.state == .finished { try Self.restate(db, ownerID: ownerID, sessionRIDs: [session.rid], exerciseIDs: [target.exerciseID]) }
      return try Self.loggedItem(db, item, sets: sets)
    }
  }

  /// What of a finished workout changes; nil: stays.
  public struct WorkoutChange: Sendable, Equatable {
    public var date: LocalDate?
    public var notes: String?
    public var name: String?

    public init(date: LocalDate? = nil, notes: String? = nil, name: String? = nil) {
      self.date = date
      self.notes = notes
      self.name = name
    }
  }

  /// Changes a finished workout's day (its times of day kept, in `zone`), notes or name.
  public func updateWorkout(
    sessionID: String, ownerID: String, change: WorkoutChange, zone: TimeZone, check: SessionFootprint.Check = .none
  ) async throws -> SessionRecord {
    try await committer.write { [limits] db in
      let session = try Self.requireSession(db, id: sessionID, ownerID: ownerID)
      guard session.state == .finished else {
        throw GymError.failedPrecondition(
          "session \(sessionID) is \(session.state == .active ? "live: finish it first (FinishSession)" : "abandoned; only finished workouts are edited")")
      }
      if let notes = change.notes { try db.execute(sql: "UPDATE sessions SET notes = ? WHERE rid = ?", arguments: [notes, session.rid]) }
      if let name = change.name { try db.execute(sql: "UPDATE sessions SET name = ? WHERE rid = ?", arguments: [name, session.rid]) }
      if let date = change.date, date != session.localDate {
        let onThatDay =
          try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM sessions WHERE owner_id = ? AND local_date = ? AND rid <> ?",
            arguments: [ownerID, date.description, session.rid]) ?? 0
        guard onThatDay < limits.sessionsPerDay else {
          throw PlanError.quotaExceeded("you have \(limits.sessionsPerDay) sessions on \(date), the most one day may hold")
        }
        // Whole days in the owner's zone, so the workout keeps its times of day (and a
        // clock change between the two days does not move it by an hour).
        let days = date.daysSinceEpoch - session.localDate.daysSinceEpoch
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func moved(_ instant: Date) -> Date { calendar.date(byAdding: .day, value: days, to: instant) ?? instant }
        let row = try Row.fetchOne(db, sql: "SELECT started_at, ended_at FROM sessions WHERE rid = ?", arguments: [session.rid])!
        try db.execute(
          sql: "UPDATE sessions SET local_date = ?, started_at = ?, ended_at = ? WHERE rid = ?",
          arguments: [date.description, moved(row["started_at"]), (row["ended_at"] as Date?).map(moved), session.rid])
        for set in try Row.fetchAll(db, sql: "SELECT rid, logged_at FROM logged_sets WHERE session_rid = ?", arguments: [session.rid]) {
          try db.execute(
            sql: "UPDATE logged_sets SET local_date = ?, logged_at = ? WHERE rid = ?",
            arguments: [date.description, moved(set["logged_at"]), set["rid"] as Int64])
        }
        // Which session came first decides which one set a record.
        let exercises = try String.fetchSet(
          db, sql: "SELECT DISTINCT exercise_id FROM logged_sets WHERE session_rid = ? AND counted = 1", arguments: [session.rid])
        try Self.restate(db, ownerID: ownerID, sessionRIDs: [session.rid], exerciseIDs: exercises)
      }
      let updated = try Self.loadSession(db, rid: session.rid)
      try check.check(updated)
      return updated
    }
  }

  /// Deletes a finished or abandoned workout with its sets; statistics and records follow.
  public func deleteWorkout(sessionID: String, ownerID: String) async throws {
    try await committer.write { db in
      let session = try Self.requireSession(db, id: sessionID, ownerID: ownerID)
      guard session.state != .active else {
        throw GymError.failedPrecondition("session \(sessionID) is live; abandon it (AbandonSession) instead")
      }
      let exercises = try String.fetchSet(
        db, sql: "SELECT DISTINCT exercise_id FROM logged_sets WHERE session_rid = ? AND counted = 1", arguments: [session.rid])
      try db.execute(sql: "DELETE FROM sessions WHERE rid = ?", arguments: [session.rid])
      try Self.restate(db, ownerID: ownerID, sessionRIDs: [], exerciseIDs: exercises)
    }
  }

  // MARK: Helpers

  static func requireSet(_ db: Database, id: Int64, sessionRID: Int64) throws -> (itemRID: Int64, exerciseID: String) {
    guard let row = try Row.fetchOne(db, sql: "SELECT item_rid, exercise_id FROM logged_sets WHERE rid = ? AND session_rid = ?", arguments: [id, sessionRID])
    else { throw GymError.notFound("the session has no set with id \(id)") }
    return (row["item_rid"], row["exercise_id"])
  }

  /// After counted sets changed: the totals of `sessionRIDs` (finished ones), then the
  /// records of `exerciseIDs` rebuilt from every counted set, oldest session first (a
  /// session sets a record when it beats every session before it), with each session's
  /// list of new records redone for those exercises.
  static func restate(_ db: Database, ownerID: String, sessionRIDs: [Int64], exerciseIDs: Set<String>) throws {
    for rid in sessionRIDs {
      let totals = try sessionTotals(db, sessionRID: rid)
      try db.execute(
        sql: "UPDATE sessions SET sets = ?, reps = ?, volume_kg = ? WHERE rid = ? AND state = 2",
        arguments: [totals.sets, totals.reps, totals.volume, rid])
    }
    guard !exerciseIDs.isEmpty else { return }
    var newRecords: [Int64: [PersonalRecord]] = [:]
    var touched = Set(sessionRIDs)
    for exerciseID in exerciseIDs.sorted() {
      let bests = try Row.fetchAll(
        db,
        sql: """
          SELECT s.rid, s.id, COALESCE(s.ended_at, s.started_at) AS ended_at,
            MAX(l.e1rm) AS e1rm, MAX(l.weight_kg) AS weight, MAX(l.reps) AS reps, SUM(l.reps * l.weight_kg) AS volume
          FROM logged_sets l JOIN sessions s ON s.rid = l.session_rid
          WHERE l.owner_id = ? AND l.exercise_id = ? AND l.counted = 1
          GROUP BY s.rid ORDER BY s.started_at, s.rid
          """, arguments: [ownerID, exerciseID])
      var running: [PersonalRecord.Kind: (value: Double, at: Date, sessionID: String)] = [:]
      for best in bests {
        let rid: Int64 = best["rid"]
        touched.insert(rid)
        for (kind, value) in kindValues(best) where value > 0 {
          let previous = running[kind]?.value ?? 0
          // A hundredth of a kilogram is noise from the arithmetic, not a record (as at finish).
          guard value > previous + 0.005 else { continue }
          running[kind] = (value, best["ended_at"], best["id"])
          newRecords[rid, default: []].append(
            PersonalRecord(exerciseID: exerciseID, kind: kind, value: value, previous: previous, achievedAt: best["ended_at"]))
        }
      }
      try db.execute(sql: "DELETE FROM records WHERE owner_id = ? AND exercise_id = ?", arguments: [ownerID, exerciseID])
      for (kind, record) in running {
        try db.execute(
          sql: "INSERT INTO records (owner_id, exercise_id, kind, value, achieved_at, session_id) VALUES (?, ?, ?, ?, ?, ?)",
          arguments: [ownerID, exerciseID, kind.rawValue, record.value, record.at, record.sessionID])
      }
    }
    // Each touched session keeps its records of other exercises and gets these anew.
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    for rid in touched.sorted() {
      guard let stored = try Row.fetchOne(db, sql: "SELECT new_records FROM sessions WHERE rid = ? AND state = 2", arguments: [rid]) else {
        continue
      }
      let kept = try (stored["new_records"] as Data?).map { try decoder.decode([PersonalRecord].self, from: $0) } ?? []
      let records = kept.filter { !exerciseIDs.contains($0.exerciseID) } + (newRecords[rid] ?? [])
      // Most sessions of a long history keep their list: only the changed are written.
      guard records != kept else { continue }
      try db.execute(sql: "UPDATE sessions SET new_records = ? WHERE rid = ?", arguments: [try encoder.encode(records), rid])
    }
  }
}
