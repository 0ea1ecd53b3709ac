import Foundation
import GRDB

extension PlanStore {
  public struct SavedExercise: Sendable, Equatable {
    public var exerciseID: String
    public var name: String
    public var savedAt: Date
  }

  /// Idempotent: saving again keeps the first date.
  public func saveExercise(_ exercise: ExerciseInfo, ownerID: String, now: Date) async throws {
    try await writer.write { db in
      let saved = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM saved_exercises WHERE owner_id = ? AND exercise_id = ?)", arguments: [ownerID, exercise.id])
      if saved == true { return }
      try Self.requireRoom(
        db, limit: limits.savedExercises, rows: "SELECT 1 FROM saved_exercises WHERE owner_id = ?", [ownerID],
        "you have \(limits.savedExercises) saved exercises, the most one account may keep; unsave one (UnsaveExercise) first")
      try Self.remember(db, [exercise], now: now)
      try db.execute(
        sql: "INSERT INTO saved_exercises (owner_id, exercise_id, saved_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [ownerID, exercise.id, now])
    }
  }

  public func unsaveExercise(_ exerciseID: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM saved_exercises WHERE owner_id = ? AND exercise_id = ?", arguments: [ownerID, exerciseID])
    }
  }

  /// Most recently saved first.
  public func savedExercises(ownerID: String, limit: Int, offset: Int) async throws -> [SavedExercise] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT s.exercise_id, COALESCE(e.name, '') AS name, s.saved_at FROM saved_exercises s
          LEFT JOIN exercises e ON e.id = s.exercise_id
          WHERE s.owner_id = ? ORDER BY s.saved_at DESC, s.exercise_id LIMIT ? OFFSET ?
          """, arguments: [ownerID, limit, offset]
      ).map { SavedExercise(exerciseID: $0["exercise_id"], name: $0["name"], savedAt: $0["saved_at"]) }
    }
  }
}
