import Foundation
import GRDB
import GymStore

/// Plan's database: routines, schedule, sessions and their sets, records, body weight,
/// goals, favourites, and the outbox to the catalog. Every read and write is scoped to
/// its owner: another user's row is as absent as a missing one. No gRPC here.
public struct PlanStore: Sendable {
  public let writer: any DatabaseWriter
  /// The frequent small writes of a workout (sets, item states, session edits, weigh-ins,
  /// food entries) go through it: those arriving together share one transaction and one
  /// fsync, each in its own savepoint.
  public let committer: GroupCommitter
  /// How much one user may keep here; checked in the transaction that adds a row.
  public let limits: PlanLimits

  public init(path: String, tuning: GymDatabase.Tuning = GymDatabase.Tuning(), limits: PlanLimits = PlanLimits()) throws {
    writer = try GymDatabase.openPool(at: path, migrator: PlanMigrations.migrator, tuning: tuning)
    committer = GroupCommitter(writer: writer)
    self.limits = limits
  }

  public init(writer: any DatabaseWriter, limits: PlanLimits = PlanLimits()) throws {
    try PlanMigrations.migrator.migrate(writer)
    self.writer = writer
    committer = GroupCommitter(writer: writer)
    self.limits = limits
  }

  /// What plan knows of a catalog exercise.
  public struct ExerciseInfo: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Catalog equipment words, e.g. ["barbell", "bench"].
    public var equipment: [String]
    /// The one user whose private exercise it is; empty for the public library.
    public var ownerID: String

    public init(id: String, name: String, equipment: [String], ownerID: String = "") {
      self.id = id
      self.name = name
      self.equipment = equipment
      self.ownerID = ownerID
    }
  }

  /// Remembers names and equipment the catalog just confirmed.
  public func rememberExercises(_ exercises: [ExerciseInfo], now: Date) async throws {
    guard !exercises.isEmpty else { return }
    try await writer.write { db in try Self.remember(db, exercises, now: now) }
  }

  static func remember(_ db: Database, _ exercises: [ExerciseInfo], now: Date) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO exercises (id, name, equipment, refreshed_at, owner_id) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, equipment = excluded.equipment, refreshed_at = excluded.refreshed_at,
          owner_id = excluded.owner_id
        """)
    for exercise in exercises {
      try statement.execute(arguments: [exercise.id, exercise.name, exercise.equipment.joined(separator: ","), now, exercise.ownerID])
    }
  }

  /// Known exercises among `ids`, by id.
  public func exercises(ids: [String]) async throws -> [String: ExerciseInfo] {
    guard !ids.isEmpty else { return [:] }
    return try await writer.read { db in try Self.exercises(db, ids: ids) }
  }

  static func exercises(_ db: Database, ids: [String]) throws -> [String: ExerciseInfo] {
    let unique = Array(Set(ids))
    var result: [String: ExerciseInfo] = [:]
    for row in try SQLRequest<Row>(literal: "SELECT id, name, equipment FROM exercises WHERE id IN \(unique)").fetchAll(db) {
      let equipment: String = row["equipment"]
      result[row["id"]] = ExerciseInfo(
        id: row["id"], name: row["name"], equipment: equipment.split(separator: ",").map(String.init))
    }
    return result
  }

  /// Removes everything `userID` had here, in one transaction; the number of rows
  /// removed (0 when already purged). Routines and meal plans a trainer assigned stay
  /// with their clients, as the clients' own; copies others made of the user's public
  /// programs are theirs and stay too.
  public func purgeUser(_ userID: String) async throws -> Int {
    try await GymDatabase.erase(writer) { db in
      var removed = 0
      // Children go by ON DELETE CASCADE (items and sets with their sessions, schedule
      // entries with their routines); these are the owner-keyed tables.
      for table in [
        "logged_sets", "sessions", "schedule_entries", "routines", "saved_exercises", "records", "body_weights", "body_measurements", "goals",
        "nutrition_plans", "nutrition_plan_history", "food_log", "unit_settings", "idempotency_keys",
        // Last: the deletions above leave tombstones, which go too.
        "changes", "change_horizons",
      ] {
        try db.execute(sql: "DELETE FROM \(table) WHERE owner_id = ?", arguments: [userID])
        removed += db.changesCount
      }
      // Trainers whose figures change: the user was their client, or rated them.
      let trainers = try String.fetchAll(
        db,
        sql: "SELECT trainer_id FROM trainer_clients WHERE client_id = ?1 UNION SELECT trainer_id FROM trainer_ratings WHERE client_id = ?1",
        arguments: [userID])
      // Relations and ratings from both sides.
      for sql in [
        "DELETE FROM trainer_ratings WHERE trainer_id = ? OR client_id = ?",
        "DELETE FROM trainer_clients WHERE trainer_id = ? OR client_id = ?",
        "DELETE FROM trainer_requests WHERE trainer_id = ? OR client_id = ?",
      ] {
        try db.execute(sql: sql, arguments: [userID, userID])
        removed += db.changesCount
      }
      // The names of their private exercises (the library's stay: others use them).
      try db.execute(sql: "DELETE FROM exercises WHERE owner_id = ?", arguments: [userID])
      removed += db.changesCount
      try db.execute(sql: "DELETE FROM people WHERE user_id = ?", arguments: [userID])
      removed += db.changesCount
      removed += try UserProjection.remove(db, userID: userID)
      for table in ["routines", "nutrition_plans"] {
        try db.execute(sql: "UPDATE \(table) SET assigned_by = NULL WHERE assigned_by = ?", arguments: [userID])
      }
      // Deliveries not yet made that name them (their saves, notifications to them or
      // about them) would carry them back into catalog or messaging after those purged.
      try db.execute(sql: "DELETE FROM outbox WHERE instr(CAST(payload AS TEXT), ?) > 0", arguments: [userID])
      removed += db.changesCount
      for trainerID in trainers { try Self.enqueueTrainerStats(db, trainerID: trainerID, now: Date()) }
      return removed
    }
  }
}
