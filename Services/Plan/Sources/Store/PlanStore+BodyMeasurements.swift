import Foundation
import GRDB
import GymStore

extension PlanStore {
  /// One day's circumferences (cm) and body fat (%); nil where not measured.
  public struct BodyMeasurementsEntry: Sendable, Equatable {
    public var id: String
    public var date: LocalDate
    public var chestCm: Double?
    public var waistCm: Double?
    public var hipsCm: Double?
    public var armCm: Double?
    public var thighCm: Double?
    public var bodyFatPercent: Double?
    public var sharedWithTrainer: Bool
    public var loggedAt: Date

    public init(
      id: String, date: LocalDate, chestCm: Double?, waistCm: Double?, hipsCm: Double?, armCm: Double?, thighCm: Double?,
      bodyFatPercent: Double?, sharedWithTrainer: Bool, loggedAt: Date
    ) {
      self.id = id
      self.date = date
      self.chestCm = chestCm
      self.waistCm = waistCm
      self.hipsCm = hipsCm
      self.armCm = armCm
      self.thighCm = thighCm
      self.bodyFatPercent = bodyFatPercent
      self.sharedWithTrainer = sharedWithTrainer
      self.loggedAt = loggedAt
    }

    init(_ row: Row) {
      self.init(
        id: row["id"], date: LocalDate(row["local_date"] as String) ?? LocalDate(daysSinceEpoch: 0), chestCm: row["chest_cm"],
        waistCm: row["waist_cm"], hipsCm: row["hips_cm"], armCm: row["arm_cm"], thighCm: row["thigh_cm"],
        bodyFatPercent: row["body_fat_percent"], sharedWithTrainer: row["shared_with_trainer"], loggedAt: row["logged_at"])
    }
  }

  /// One entry per day: logging the same day again replaces it whole (keeping the id).
  /// Measurement days share the weigh-ins' cap.
  public func logBodyMeasurements(_ entry: BodyMeasurementsEntry, ownerID: String) async throws -> BodyMeasurementsEntry {
    try await committer.write { [limits] db in
      let measured = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM body_measurements WHERE owner_id = ? AND local_date = ?)",
        arguments: [ownerID, entry.date.description])
      if measured != true {
        try Self.requireRoom(
          db, limit: limits.bodyWeights, rows: "SELECT 1 FROM body_measurements WHERE owner_id = ?", [ownerID],
          "you have measurements on \(limits.bodyWeights) days, the most one account may keep; delete old ones (DeleteBodyMeasurements) first")
      }
      try db.execute(
        sql: """
          INSERT INTO body_measurements (id, owner_id, local_date, chest_cm, waist_cm, hips_cm, arm_cm, thigh_cm, body_fat_percent,
            shared_with_trainer, logged_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (owner_id, local_date) DO UPDATE SET chest_cm = excluded.chest_cm, waist_cm = excluded.waist_cm,
            hips_cm = excluded.hips_cm, arm_cm = excluded.arm_cm, thigh_cm = excluded.thigh_cm,
            body_fat_percent = excluded.body_fat_percent, shared_with_trainer = excluded.shared_with_trainer,
            logged_at = excluded.logged_at
          """,
        arguments: [
          entry.id, ownerID, entry.date.description, entry.chestCm, entry.waistCm, entry.hipsCm, entry.armCm, entry.thighCm,
          entry.bodyFatPercent, entry.sharedWithTrainer, entry.loggedAt,
        ])
      return try Row.fetchOne(
        db, sql: "SELECT * FROM body_measurements WHERE owner_id = ? AND local_date = ?", arguments: [ownerID, entry.date.description]
      ).map(BodyMeasurementsEntry.init)!
    }
  }

  /// Newest first; `sharedOnly` for what a trainer may see.
  public func bodyMeasurements(
    ownerID: String, from: LocalDate?, to: LocalDate?, sharedOnly: Bool = false, limit: Int, offset: Int
  ) async throws -> [BodyMeasurementsEntry] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM body_measurements WHERE owner_id = ? AND local_date >= ? AND local_date <= ?
            AND (? = 0 OR shared_with_trainer = 1)
          ORDER BY local_date DESC LIMIT ? OFFSET ?
          """,
        arguments: [ownerID, from?.description ?? "0000-00-00", to?.description ?? "9999-99-99", sharedOnly, limit, offset]
      ).map(BodyMeasurementsEntry.init)
    }
  }

  public func deleteBodyMeasurements(id: String, ownerID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM body_measurements WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
      guard db.changesCount == 1 else { throw GymError.notFound("no body-measurements entry with id \(id)") }
    }
  }
}
