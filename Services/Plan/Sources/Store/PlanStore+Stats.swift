import Foundation
import GRDB
import GymStore

extension PlanStore {
  public struct LifetimeTotals: Sendable, Equatable {
    public var sessions: Int
    public var seconds: Int
    public var volumeKg: Double
    public var sets: Int
    public var reps: Int
    public var first: Date?
    public var last: Date?
    /// Local days with a finished session, oldest first (for streaks).
    public var days: [LocalDate]
  }

  /// Sums kept on each finished session row, so this reads one row per session.
  public func lifetimeTotals(ownerID: String) async throws -> LifetimeTotals {
    try await writer.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) AS sessions, COALESCE(SUM(duration_seconds), 0) AS seconds, COALESCE(SUM(volume_kg), 0) AS volume,
            COALESCE(SUM(sets), 0) AS sets, COALESCE(SUM(reps), 0) AS reps, MIN(started_at) AS first, MAX(started_at) AS last
          FROM sessions WHERE owner_id = ? AND state = 2
          """, arguments: [ownerID])!
      let days = try String.fetchAll(
        db, sql: "SELECT DISTINCT local_date FROM sessions WHERE owner_id = ? AND state = 2 ORDER BY local_date",
        arguments: [ownerID]
      ).compactMap(LocalDate.init)
      return LifetimeTotals(
        sessions: row["sessions"], seconds: row["seconds"], volumeKg: row["volume"], sets: row["sets"], reps: row["reps"],
        first: row["first"], last: row["last"], days: days)
    }
  }

  public enum Bucket: Sendable { case day, week, month }

  public struct StatsPoint: Sendable, Equatable {
    public var start: LocalDate
    public var bestEstimatedOneRepMaxKg: Double
    public var maxWeightKg: Double
    public var volumeKg: Double
    public var reps: Int
    public var sets: Int
  }

  /// One point per bucket with counted sets, grouped in SQL over the partial index.
  public func exerciseSeries(
    ownerID: String, exerciseID: String, from: LocalDate, to: LocalDate, bucket: Bucket
  ) async throws -> [StatsPoint] {
    // ISO weeks start on Monday: SQLite's 'weekday 1' moves forward to a Monday, so step
    // back six days first.
    let key: SQL =
      switch bucket {
      case .day: "local_date"
      case .week: "date(local_date, '-6 days', 'weekday 1')"
      case .month: "strftime('%Y-%m-01', local_date)"
      }
    return try await writer.read { db in
      try SQLRequest<Row>(
        literal: """
          SELECT \(key) AS bucket, MAX(e1rm) AS e1rm, MAX(weight_kg) AS weight, SUM(reps * weight_kg) AS volume,
            SUM(reps) AS reps, COUNT(*) AS sets
          FROM logged_sets
          WHERE owner_id = \(ownerID) AND exercise_id = \(exerciseID) AND counted = 1
            AND local_date >= \(from.description) AND local_date <= \(to.description)
          GROUP BY bucket ORDER BY bucket
          """, cached: true
      ).fetchAll(db).compactMap { row in
        guard let start = LocalDate(row["bucket"] as String) else { return nil }
        return StatsPoint(
          start: start, bestEstimatedOneRepMaxKg: row["e1rm"], maxWeightKg: row["weight"], volumeKg: row["volume"],
          reps: row["reps"], sets: row["sets"])
      }
    }
  }

  /// All-time records of one exercise, or of every exercise when `exerciseID` is nil.
  public func records(ownerID: String, exerciseID: String?) async throws -> [PersonalRecord] {
    try await writer.read { db in
      var sql: SQL = "SELECT * FROM records WHERE owner_id = \(ownerID)"
      if let exerciseID { sql += " AND exercise_id = \(exerciseID)" }
      return try SQLRequest<Row>(literal: sql + " ORDER BY exercise_id, kind").fetchAll(db).compactMap { row in
        guard let kind = PersonalRecord.Kind(rawValue: row["kind"]) else { return nil }
        return PersonalRecord(
          exerciseID: row["exercise_id"], kind: kind, value: row["value"], previous: 0, achievedAt: row["achieved_at"])
      }
    }
  }

  public struct ExerciseWorkout: Sendable, Equatable {
    public var date: Date
    /// (planned target, what was done) per logged set, in order.
    public var sets: [(planned: RoutineRecord.PlannedSet?, reps: Int, weightKg: Double)]

    public static func == (a: Self, b: Self) -> Bool {
      a.date == b.date && a.sets.count == b.sets.count
        && zip(a.sets, b.sets).allSatisfy { $0.planned == $1.planned && $0.reps == $1.reps && $0.weightKg == $1.weightKg }
    }
  }

  /// The exercise's sets in the owner's last `limit` finished sessions that had it,
  /// newest first, each logged set paired with the planned set at the same place.
  public func recentWorkouts(ownerID: String, exerciseID: String, limit: Int) async throws -> [ExerciseWorkout] {
    try await writer.read { db in
      let sessions = try Row.fetchAll(
        db,
        sql: """
          SELECT s.rid, s.started_at FROM sessions s
          WHERE s.owner_id = ? AND s.state = 2
            AND EXISTS (SELECT 1 FROM logged_sets l WHERE l.session_rid = s.rid AND l.exercise_id = ? AND l.counted = 1)
          ORDER BY s.started_at DESC LIMIT ?
          """, arguments: [ownerID, exerciseID, limit])
      let decoder = JSONDecoder()
      return try sessions.map { session in
        var sets: [(planned: RoutineRecord.PlannedSet?, reps: Int, weightKg: Double)] = []
        for item in try Row.fetchAll(
          db, sql: "SELECT rid, planned_sets FROM session_items WHERE session_rid = ? AND exercise_id = ? ORDER BY position",
          arguments: [session["rid"] as Int64, exerciseID])
        {
          let planned = try decoder.decode([RoutineRecord.PlannedSet].self, from: item["planned_sets"] as Data)
          let logged = try Row.fetchAll(
            // Warm-ups are not the work the targets describe (they are never counted).
            db, sql: "SELECT reps, weight_kg FROM logged_sets WHERE item_rid = ? AND counted = 1 ORDER BY rid",
            arguments: [item["rid"] as Int64])
          for (index, set) in logged.enumerated() {
            sets.append((planned.indices.contains(index) ? planned[index] : nil, set["reps"], set["weight_kg"]))
          }
        }
        return ExerciseWorkout(date: session["started_at"], sets: sets)
      }
    }
  }

  /// The routine settings of an exercise the owner has: its increment, if any routine sets one.
  public func incrementKg(ownerID: String, exerciseID: String) async throws -> Double? {
    try await writer.read { db in
      for routine in try RoutineRecord.filter(Column("owner_id") == ownerID).order(Column("updated_at").desc).fetchAll(db) {
        for exercise in routine.days.flatMap(\.exercises) where exercise.exerciseID == exerciseID && exercise.incrementKg > 0 {
          return exercise.incrementKg
        }
      }
      return nil
    }
  }

  /// Finished sessions per local day in a range (goals: sessions per week).
  public func sessionCount(ownerID: String, from: LocalDate, to: LocalDate) async throws -> Int {
    try await writer.read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) FROM sessions WHERE owner_id = ? AND state = 2 AND local_date >= ? AND local_date <= ?
          """, arguments: [ownerID, from.description, to.description]) ?? 0
    }
  }

  /// The best of a lift at at least `reps` reps, since `since` (goals).
  public func bestWeight(ownerID: String, exerciseID: String, reps: Int, since: LocalDate?) async throws -> Double {
    try await writer.read { db in
      try Double.fetchOne(
        db,
        sql: """
          SELECT COALESCE(MAX(weight_kg), 0) FROM logged_sets
          WHERE owner_id = ? AND exercise_id = ? AND counted = 1 AND reps >= ? AND local_date >= ?
          """, arguments: [ownerID, exerciseID, reps, since?.description ?? "0000-00-00"]) ?? 0
    }
  }
}
