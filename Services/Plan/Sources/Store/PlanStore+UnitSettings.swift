import Foundation
import GRDB
import GymStore

extension PlanStore {
  /// The smallest change of load a user's plates allow, in each unit system.
  public struct PlateSteps: Sendable, Equatable {
    public var kg: Double
    public var lb: Double

    public init(kg: Double, lb: Double) {
      self.kg = kg
      self.lb = lb
    }
  }

  /// The user's plate steps; nil until they set some.
  public func plateSteps(ownerID: String) async throws -> PlateSteps? {
    try await writer.read { db in
      try Row.fetchOne(db, sql: "SELECT plate_step_kg, plate_step_lb FROM unit_settings WHERE owner_id = ?", arguments: [ownerID])
        .map { PlateSteps(kg: $0["plate_step_kg"], lb: $0["plate_step_lb"]) }
    }
  }

  public func setPlateSteps(ownerID: String, _ steps: PlateSteps, now: Date) async throws {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO unit_settings (owner_id, plate_step_kg, plate_step_lb, updated_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (owner_id) DO UPDATE SET plate_step_kg = excluded.plate_step_kg, plate_step_lb = excluded.plate_step_lb,
            updated_at = excluded.updated_at
          """, arguments: [ownerID, steps.kg, steps.lb, now])
    }
  }
}
