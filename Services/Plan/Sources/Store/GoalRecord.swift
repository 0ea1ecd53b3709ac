import Foundation
import GRDB
import GymStore

/// A row of `goals`. Progress is computed when read, from logged data.
public struct GoalRecord: Sendable, Equatable {
  public enum Kind: Int, Sendable {
    case bodyWeight = 1
    case lift = 2
    case sessionsPerWeek = 3
  }

  public var id: String
  public var ownerID: String
  public var kind: Kind
  public var targetWeightKg: Double
  public var exerciseID: String
  public var targetReps: Int
  public var sessionsPerWeek: Int
  public var due: LocalDate
  /// The value when the goal was set (body weight, best lift), to measure progress from.
  public var startValue: Double
  public var createdAt: Date

  public init(
    id: String, ownerID: String, kind: Kind, targetWeightKg: Double = 0, exerciseID: String = "", targetReps: Int = 0,
    sessionsPerWeek: Int = 0, due: LocalDate, startValue: Double, createdAt: Date
  ) {
    self.id = id
    self.ownerID = ownerID
    self.kind = kind
    self.targetWeightKg = targetWeightKg
    self.exerciseID = exerciseID
    self.targetReps = targetReps
    self.sessionsPerWeek = sessionsPerWeek
    self.due = due
    self.startValue = startValue
    self.createdAt = createdAt
  }
}

extension PlanStore {
  /// The goal as stored; under a `key` used before, the goal it made.
  @discardableResult
  public func insertGoal(_ goal: GoalRecord, key: IdempotencyKeys.Key? = nil) async throws -> GoalRecord {
    try await writer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let row = try Row.fetchOne(db, sql: "SELECT * FROM goals WHERE id = ? AND owner_id = ?", arguments: [id, goal.ownerID]),
            let made = Self.goal(row)
          else { throw IdempotencyKeys.gone("goal", id) }
          return made
        },
        create: {
          try Self.requireRoom(
            db, limit: limits.goals, rows: "SELECT 1 FROM goals WHERE owner_id = ?", [goal.ownerID],
            "you have \(limits.goals) goals, the most one account may keep; delete one (DeleteGoal) first")
          try db.execute(
            sql: """
              INSERT INTO goals (id, owner_id, kind, target_weight_kg, exercise_id, target_reps, sessions_per_week, due_date, start_value, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              goal.id, goal.ownerID, goal.kind.rawValue, goal.targetWeightKg, goal.exerciseID, goal.targetReps,
              goal.sessionsPerWeek, goal.due.description, goal.startValue, goal.createdAt,
            ])
          return goal
        }, id: \.id)
    }
  }

  /// By due date.
  public func goals(ownerID: String) async throws -> [GoalRecord] {
    try await writer.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM goals WHERE owner_id = ? ORDER BY due_date, rid", arguments: [ownerID]).compactMap(Self.goal)
    }
  }

  /// A row of `goals`; nil for a kind or date this version cannot read.
  static func goal(_ row: Row) -> GoalRecord? {
    guard let kind = GoalRecord.Kind(rawValue: row["kind"]), let due = LocalDate(row["due_date"] as String) else { return nil }
    return GoalRecord(
      id: row["id"], ownerID: row["owner_id"], kind: kind, targetWeightKg: row["target_weight_kg"], exerciseID: row["exercise_id"],
      targetReps: row["target_reps"], sessionsPerWeek: row["sessions_per_week"], due: due, startValue: row["start_value"],
      createdAt: row["created_at"])
  }

  public func deleteGoal(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM goals WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw GymError.notFound("no goal with id \(id)") }
    }
  }
}
