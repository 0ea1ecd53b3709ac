import Foundation
import GRDB
import GymStore

/// Workout histories moved in from other apps.
extension PlanStore {
  /// A workout to import: a finished session and the key that says it is already here.
  public struct ImportedWorkout: Sendable {
    public var session: SessionRecord
    /// Its start on the wall clock, to the minute, and its name.
    public var key: String
    /// The file's line of its first row, to report it by.
    public var line: Int
    var sets: Int { session.items.reduce(0) { $0 + $1.loggedSets.count } }

    public init(session: SessionRecord, key: String, line: Int) {
      self.session = session
      self.key = key
      self.line = line
    }
  }

  public enum ImportOutcome: Sendable, Equatable {
    case imported
    /// Imported before, or logged in the app at the same minute under the same name.
    case alreadyHere
    /// Past a cap (sessions per day or in all); the reason.
    case refused(String)
  }

  /// The file's wall-clock time, not the instant: the same file read after the user
  /// changed time zone names the same workouts.
  public static func importKey(wallClock start: Date, in zone: TimeZone, name: String) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let p = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
    return "\(p.year ?? 0)-\(p.month ?? 0)-\(p.day ?? 0) \(p.hour ?? 0):\(p.minute ?? 0)|\(name)"
  }

  /// Sets written per transaction: each holds plan's one writer for a few hundred
  /// milliseconds at most, so other users' sets are not kept waiting for seconds behind
  /// someone's years of history.
  public static let importSetsPerTransaction = 2000

  /// Adds the workouts with the `exercises` they use, in transactions of about
  /// `importSetsPerTransaction` sets, oldest first. Each transaction also restates the
  /// statistics and records of the exercises it touched, oldest session first (an
  /// imported year comes before this week's workouts), so every commit leaves them whole;
  /// a failure part way is mended by importing again (what is here is counted, not
  /// added). No trainer alerts: moving in is not training.
  public func importWorkouts(_ workouts: [ImportedWorkout], exercises: [ExerciseInfo], now: Date) async throws -> [ImportOutcome] {
    try await rememberExercises(exercises, now: now)
    var outcomes: [ImportOutcome] = []
    var start = 0
    while start < workouts.count {
      var end = start, sets = 0
      while end < workouts.count, end == start || sets + workouts[end].sets <= Self.importSetsPerTransaction {
        sets += workouts[end].sets
        end += 1
      }
      let batch = Array(workouts[start..<end])
      outcomes += try await writer.write { [limits] db in try Self.importBatch(db, batch, limits: limits) }
      start = end
    }
    return outcomes
  }

  private static func importBatch(_ db: Database, _ workouts: [ImportedWorkout], limits: PlanLimits) throws -> [ImportOutcome] {
    var inserted: [Int64] = []
    var touched = Set<String>()
    var outcomes: [ImportOutcome] = []
    for workout in workouts {
      let session = workout.session
      if try alreadyHere(db, workout) {
        outcomes.append(.alreadyHere)
        continue
      }
      do {
        try requireSessionRoom(db, ownerID: session.ownerID, on: session.localDate, limits: limits)
      } catch PlanError.quotaExceeded(let message) {
        outcomes.append(.refused(message))
        continue
      }
      let rid = try insertSession(db, session)
      let ended = session.endedAt ?? session.startedAt
      try db.execute(
        sql: """
          UPDATE sessions SET import_key = ?, ended_at = ?, duration_seconds = ?, exercises_done = ?, exercises_total = ?
          WHERE rid = ?
          """,
        arguments: [
          workout.key, ended, max(0, Int(ended.timeIntervalSince(session.startedAt))), session.items.count, session.items.count, rid,
        ])
      try db.execute(
        sql: "UPDATE logged_sets SET counted = 1 WHERE session_rid = ? AND set_type <> ?",
        arguments: [rid, SessionRecord.SetType.warmUp.rawValue])
      inserted.append(rid)
      touched.formUnion(session.items.map(\.exerciseID))
      outcomes.append(.imported)
    }
    if let owner = workouts.first?.session.ownerID, !inserted.isEmpty {
      try restate(db, ownerID: owner, sessionRIDs: inserted, exerciseIDs: touched)
    }
    return outcomes
  }

  /// The owner's finished workouts with their sets, oldest first (an export).
  public func finishedSessions(ownerID: String, from: LocalDate?, to: LocalDate?) async throws -> [SessionRecord] {
    try await writer.read { db in
      let rids = try Int64.fetchAll(
        db,
        sql: """
          SELECT rid FROM sessions
          WHERE owner_id = ? AND state = 2 AND (? IS NULL OR local_date >= ?) AND (? IS NULL OR local_date <= ?)
          ORDER BY started_at, rid
          """, arguments: [ownerID, from?.description, from?.description, to?.description, to?.description])
      return try rids.map { try Self.loadSession(db, rid: $0) }
    }
  }

  /// Imported before under its key, or a finished workout of the same name started in
  /// the same minute (one logged in the app, or exported from here and brought back).
  private static func alreadyHere(_ db: Database, _ workout: ImportedWorkout) throws -> Bool {
    let session = workout.session
    if try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM sessions WHERE owner_id = ? AND import_key = ?)", arguments: [session.ownerID, workout.key])
      == true
    {
      return true
    }
    let minute = (session.startedAt.timeIntervalSince1970 / 60).rounded(.down) * 60
    let sameDay = try Row.fetchAll(
      db, sql: "SELECT started_at, name FROM sessions WHERE owner_id = ? AND local_date = ? AND state = 2",
      arguments: [session.ownerID, session.localDate.description])
    return sameDay.contains { row in
      let started: Date = row["started_at"]
      return (started.timeIntervalSince1970 / 60).rounded(.down) * 60 == minute && row["name"] == session.name
    }
  }
}
