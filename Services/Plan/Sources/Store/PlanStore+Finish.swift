import Foundation
import GRDB
import GymStore

extension PlanStore {
  public enum RoutineChanges: Sendable, Equatable {
    case discard
    /// The session's items (skipped ones left out) become the routine's day.
    case overwrite
    /// A new routine with the session's items as its only day.
    case saveAsNew(RoutineRecord)
  }

  /// Ends an active session: its sets start counting in statistics, records are updated,
  /// the summary is kept, and the routine changes applied — all in one transaction.
  public func finishSession(
    id: String, ownerID: String, notes: String, changes: RoutineChanges, now: Date
  ) async throws -> SessionRecord {
    try await writer.write { db in
      let rid = try Self.requireActive(db, id: id, ownerID: ownerID)
      var session = try Self.loadSession(db, rid: rid)
      switch changes {
      case .discard:
        break
      case .overwrite:
        guard let routineID = session.routineID else {
          throw PlanError.routineChangesRefused("this session did not start from a routine; use SAVE_AS_NEW or DISCARD")
        }
        var routine = try Self.requireRoutine(db, id: routineID, ownerID: ownerID)
        guard routine.days.indices.contains(session.dayIndex) else {
          throw PlanError.routineChangesRefused("the routine no longer has day \(session.dayIndex + 1)")
        }
        let day = try Self.routineDay(from: session, name: routine.days[session.dayIndex].name, keeping: routine.days[session.dayIndex])
        routine.days[session.dayIndex] = day
        routine.version += 1
        routine.updatedAt = now
        try routine.update(db)
      case .saveAsNew(var routine):
        try Self.requireRoutineRoom(db, ownerID: ownerID, limits: limits)
        routine.days = [try Self.routineDay(from: session, name: session.name, keeping: nil)]
        try routine.insert(db)
      }
      // Items with sets that were never marked count as done.
      try db.execute(
        sql: """
          UPDATE session_items SET state = 2 WHERE session_rid = ? AND state = 1
            AND EXISTS (SELECT 1 FROM logged_sets s WHERE s.item_rid = session_items.rid)
          """, arguments: [rid])
      session = try Self.close(db, rid: rid, session: session, notes: notes, endedAt: now)
      return session
    }
  }

  /// A finished session logged after the fact, with its records; under a `key` used
  /// before, the session it logged.
  public func logWorkout(_ session: SessionRecord, key: IdempotencyKeys.Key? = nil) async throws -> SessionRecord {
    try await writer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key, existing: { try Self.madeSession(db, id: $0, ownerID: session.ownerID) },
        create: {
          try Self.requireSessionRoom(db, ownerID: session.ownerID, on: session.localDate, limits: limits)
          // Inserted as finished, so a quick log never collides with a live session.
          var finished = session
          finished.state = .finished
          let rid = try Self.insertSession(db, finished)
          return try Self.close(db, rid: rid, session: session, notes: session.notes, endedAt: session.endedAt ?? session.startedAt)
        }, id: \.id)
    }
  }

  /// Marks the sets counted, computes the summary and records, stores both.
  private static func close(
    _ db: Database, rid: Int64, session: SessionRecord, notes: String, endedAt: Date
  ) throws -> SessionRecord {
    try db.execute(
      sql: "UPDATE logged_sets SET counted = 1 WHERE session_rid = ? AND set_type <> ?",
      arguments: [rid, SessionRecord.SetType.warmUp.rawValue])
    let totals = try sessionTotals(db, sessionRID: rid)
    let items = try Row.fetchAll(
      db, sql: "SELECT state, exercise_id FROM session_items WHERE session_rid = ?", arguments: [rid])
    let records = try updateRecords(db, sessionRID: rid, sessionID: session.id, ownerID: session.ownerID, at: endedAt)
    let duration = max(0, Int(endedAt.timeIntervalSince(session.startedAt)))
    try db.execute(
      sql: """
        UPDATE sessions SET state = 2, ended_at = ?, notes = ?, duration_seconds = ?, exercises_done = ?, exercises_total = ?,
          sets = ?, reps = ?, volume_kg = ?, new_records = ?
        WHERE rid = ?
        """,
      arguments: [
        endedAt, notes, duration, items.filter { $0["state"] == SessionRecord.ItemState.done.rawValue }.count,
        items.count, totals.sets, totals.reps, totals.volume, try JSONEncoder().encode(records), rid,
      ])
    let closed = try loadSession(db, rid: rid)
    // Now, not at the workout's end: a logged workout may end later today.
    try alertTrainers(db, session: closed, now: Date())
    return closed
  }

  /// One session's bests of an exercise by kind, from a row with the columns `e1rm`,
  /// `weight`, `reps` and `volume` (what finishing and rebuilding both select).
  static func kindValues(_ row: Row) -> [(PersonalRecord.Kind, Double)] {
    [(.estimatedOneRepMax, row["e1rm"]), (.maxWeight, row["weight"]), (.maxReps, row["reps"]), (.maxVolume, row["volume"])]
  }

  /// A session's counted sets (warm-ups left out): how many, their reps and volume.
  static func sessionTotals(_ db: Database, sessionRID: Int64) throws -> (sets: Int, reps: Int, volume: Double) {
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT COUNT(*) AS sets, COALESCE(SUM(reps), 0) AS reps, COALESCE(SUM(reps * weight_kg), 0) AS volume
        FROM logged_sets WHERE session_rid = ? AND counted = 1
        """, arguments: [sessionRID])!
    return (row["sets"], row["reps"], row["volume"])
  }

  /// Compares this session's bests per exercise with the stored records; the ones it
  /// beat (or set for the first time) are updated and returned.
  private static func updateRecords(
    _ db: Database, sessionRID: Int64, sessionID: String, ownerID: String, at: Date
  ) throws -> [PersonalRecord] {
    let bests = try Row.fetchAll(
      db,
      sql: """
        SELECT exercise_id, MAX(e1rm) AS e1rm, MAX(weight_kg) AS weight, MAX(reps) AS reps, SUM(reps * weight_kg) AS volume
        FROM logged_sets WHERE session_rid = ? AND counted = 1 GROUP BY exercise_id ORDER BY MIN(rid)
        """, arguments: [sessionRID])
    var beaten: [PersonalRecord] = []
    for best in bests {
      let exerciseID: String = best["exercise_id"]
      for (kind, value) in kindValues(best) where value > 0 {
        let previous =
          try Double.fetchOne(
            db, sql: "SELECT value FROM records WHERE owner_id = ? AND exercise_id = ? AND kind = ?",
            arguments: [ownerID, exerciseID, kind.rawValue]) ?? 0
        // A hundredth of a kilogram is noise from the arithmetic, not a record.
        guard value > previous + 0.005 else { continue }
        try db.execute(
          sql: """
            INSERT INTO records (owner_id, exercise_id, kind, value, achieved_at, session_id) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET value = excluded.value, achieved_at = excluded.achieved_at, session_id = excluded.session_id
            """, arguments: [ownerID, exerciseID, kind.rawValue, value, at, sessionID])
        beaten.append(PersonalRecord(exerciseID: exerciseID, kind: kind, value: value, previous: previous, achievedAt: at))
      }
    }
    return beaten
  }

  /// The session's items as a routine day: planned sets where it had them, else what was
  /// logged; skipped items left out; notes and increments kept from the routine's day.
  private static func routineDay(
    from session: SessionRecord, name: String, keeping old: RoutineRecord.Day?
  ) throws -> RoutineRecord.Day {
    var exercises = session.items.filter { $0.state != .skipped }.compactMap { item -> RoutineRecord.Exercise? in
      let sets =
        item.plannedSets.isEmpty
        ? item.loggedSets.filter { $0.type != .warmUp }.map {
          RoutineRecord.PlannedSet(targetReps: $0.reps, targetWeightKg: $0.weightKg, targetDurationSeconds: $0.durationSeconds)
        }
        : item.plannedSets
      guard !sets.isEmpty else { return nil }
      let previous = old?.exercises.first { $0.exerciseID == item.exerciseID }
      return RoutineRecord.Exercise(
        exerciseID: item.exerciseID, sets: Array(sets.prefix(20)), notes: previous?.notes ?? item.notes,
        incrementKg: previous?.incrementKg ?? 0, superset: item.superset)
    }
    exercises = Array(exercises.prefix(30))
    for (i, group) in Superset.normalized(exercises.map(\.superset)).enumerated() { exercises[i].superset = group }
    guard !exercises.isEmpty else {
      throw PlanError.routineChangesRefused("the session has no exercise with sets to keep in a routine")
    }
    return RoutineRecord.Day(name: name, exercises: exercises)
  }
}
