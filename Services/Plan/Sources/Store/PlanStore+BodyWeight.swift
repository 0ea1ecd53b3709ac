import Foundation
import GRDB
import GymStore

extension PlanStore {
  public struct BodyWeightEntry: Sendable, Equatable {
    public var id: String
    public var date: LocalDate
    public var weightKg: Double
    public var loggedAt: Date
  }

  /// One entry per day: logging the same day again replaces the weight (keeping the id).
  public func logBodyWeight(id: String, ownerID: String, date: LocalDate, weightKg: Double, now: Date) async throws -> BodyWeightEntry {
    try await committer.write { [limits] db in
      // A new day needs room; correcting a day already weighed does not.
      let weighed = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM body_weights WHERE owner_id = ? AND local_date = ?)", arguments: [ownerID, date.description])
      if weighed != true {
        try Self.requireRoom(
          db, limit: limits.bodyWeights, rows: "SELECT 1 FROM body_weights WHERE owner_id = ?", [ownerID],
          "you have \(limits.bodyWeights) weigh-ins, the most one account may keep; delete old ones (DeleteBodyWeight) first")
      }
      try db.execute(
        sql: """
          INSERT INTO body_weights (id, owner_id, local_date, weight_kg, logged_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (owner_id, local_date) DO UPDATE SET weight_kg = excluded.weight_kg, logged_at = excluded.logged_at
          """, arguments: [id, ownerID, date.description, weightKg, now])
      let row = try Row.fetchOne(
        db, sql: "SELECT * FROM body_weights WHERE owner_id = ? AND local_date = ?", arguments: [ownerID, date.description])!
      return Self.bodyWeight(row)
    }
  }

  /// Newest first.
  public func bodyWeights(
    ownerID: String, from: LocalDate?, to: LocalDate?, limit: Int, offset: Int
  ) async throws -> [BodyWeightEntry] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM body_weights WHERE owner_id = ? AND local_date >= ? AND local_date <= ?
          ORDER BY local_date DESC LIMIT ? OFFSET ?
          """, arguments: [ownerID, from?.description ?? "0000-00-00", to?.description ?? "9999-99-99", limit, offset]
      ).map(Self.bodyWeight)
    }
  }

  public func deleteBodyWeight(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM body_weights WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw GymError.notFound("no body-weight entry with id \(id)") }
    }
  }

  static func bodyWeight(_ row: Row) -> BodyWeightEntry {
    BodyWeightEntry(
      id: row["id"], date: LocalDate(row["local_date"] as String) ?? LocalDate(daysSinceEpoch: 0), weightKg: row["weight_kg"],
      loggedAt: row["logged_at"])
  }
}
