import Foundation
import GRDB
import GymStore

/// The change log behind `ListChanges`: the `changes` table, which triggers keep (one
/// row per object a user has or had, at the seq of its last write), read here in seq
/// order, and its tombstones pruned after a while.
extension PlanStore {
  public enum ChangeKind: String, Sendable, CaseIterable {
    case routine
    case scheduleEntry = "schedule_entry"
    case session
    case bodyWeight = "body_weight"
    case bodyMeasurements = "body_measurements"
    case goal
    case nutritionPlan = "nutrition_plan"
    case foodEntry = "food_entry"
    case savedExercise = "saved_exercise"
  }

  public struct Change: Sendable, Equatable {
    public var seq: Int64
    public var kind: ChangeKind
    public var objectID: String
    public var deleted: Bool
  }

  /// The owner's changes after `seq`, oldest first, at most `limit`. Throws
  /// FAILED_PRECONDITION when tombstones after `seq` were pruned: the client must start again.
  public func changes(ownerID: String, after seq: Int64, limit: Int) async throws -> [Change] {
    try await writer.read { db in
      if seq > 0,
        let horizon = try Int64.fetchOne(db, sql: "SELECT pruned_through FROM change_horizons WHERE owner_id = ?", arguments: [ownerID]),
        seq < horizon
      {
        throw GymError.failedPrecondition(
          "this cursor is older than the deletions kept (\(Self.changeRetentionDays) days); sync again from an empty cursor")
      }
      return try Row.fetchAll(
        db, sql: "SELECT seq, kind, object_id, deleted FROM changes WHERE owner_id = ? AND seq > ? ORDER BY seq LIMIT ?",
        arguments: [ownerID, seq, limit]
      ).compactMap { row in
        // A kind this version does not know cannot be shown; none is written today.
        ChangeKind(rawValue: row["kind"]).map { Change(seq: row["seq"], kind: $0, objectID: row["object_id"], deleted: row["deleted"]) }
      }
    }
  }

  /// How long a deletion is kept for clients to hear of it.
  public static let changeRetentionDays = 90

  /// Removes tombstones written before `before`, remembering per owner the last seq
  /// removed; the number removed.
  public func pruneChanges(before: Date) async throws -> Int {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO change_horizons (owner_id, pruned_through)
            SELECT owner_id, MAX(seq) FROM changes WHERE deleted = 1 AND changed_at < ? GROUP BY owner_id
          ON CONFLICT (owner_id) DO UPDATE SET pruned_through = MAX(pruned_through, excluded.pruned_through)
          """, arguments: [before])
      try db.execute(sql: "DELETE FROM changes WHERE deleted = 1 AND changed_at < ?", arguments: [before])
      return db.changesCount
    }
  }

  /// Forgets the clients' create keys recorded before `before`; the number removed.
  public func pruneIdempotencyKeys(before: Date) async throws -> Int {
    try await writer.write { db in try IdempotencyKeys.prune(db, before: before) }
  }

  // MARK: - The objects a page of changes names, by id, the owner's only

  public func bodyWeights(ids: [String], ownerID: String) async throws -> [BodyWeightEntry] {
    try await writer.read { db in
      try SQLRequest<Row>(literal: "SELECT * FROM body_weights WHERE owner_id = \(ownerID) AND id IN \(ids)").fetchAll(db)
        .map(Self.bodyWeight)
    }
  }

  public func bodyMeasurements(ids: [String], ownerID: String) async throws -> [BodyMeasurementsEntry] {
    try await writer.read { db in
      try SQLRequest<Row>(literal: "SELECT * FROM body_measurements WHERE owner_id = \(ownerID) AND id IN \(ids)").fetchAll(db)
        .map(BodyMeasurementsEntry.init)
    }
  }

  public func foodEntries(ids: [String], ownerID: String) async throws -> [FoodEntryRecord] {
    try await writer.read { db in
      try SQLRequest<Row>(literal: "SELECT * FROM food_log WHERE owner_id = \(ownerID) AND id IN \(ids)").fetchAll(db)
        .map(Self.foodEntry)
    }
  }

  public func savedExercises(exerciseIDs: [String], ownerID: String) async throws -> [SavedExercise] {
    try await writer.read { db in
      try SQLRequest<Row>(
        literal: """
          SELECT s.exercise_id, COALESCE(e.name, '') AS name, s.saved_at FROM saved_exercises s
          LEFT JOIN exercises e ON e.id = s.exercise_id
          WHERE s.owner_id = \(ownerID) AND s.exercise_id IN \(exerciseIDs)
          """
      ).fetchAll(db).map { SavedExercise(exerciseID: $0["exercise_id"], name: $0["name"], savedAt: $0["saved_at"]) }
    }
  }

  // The owner's objects among `ids`, each kind in one read: a page of ListChanges names
  // up to 500 (someone else's ids are not found, as they are not the caller's).

  public func routines(ids: [String], ownerID: String) async throws -> [RoutineRecord] {
    try await writer.read { db in try RoutineRecord.filter(ids.contains(Column("id")) && Column("owner_id") == ownerID).fetchAll(db) }
  }

  /// With their items and sets.
  public func sessions(ids: [String], ownerID: String) async throws -> [SessionRecord] {
    try await writer.read { db in
      try ids.compactMap { try Self.sessionRID(db, id: $0, ownerID: ownerID) }.map { try Self.loadSession(db, rid: $0) }
    }
  }

  /// The owner's own plans only: a trainer's access to a client's plan is not their copy.
  public func nutritionPlans(ids: [String], ownerID: String) async throws -> [NutritionPlanRecord] {
    try await writer.read { db in
      try NutritionPlanRecord.filter(ids.contains(Column("id")) && Column("owner_id") == ownerID).fetchAll(db)
    }
  }
}
