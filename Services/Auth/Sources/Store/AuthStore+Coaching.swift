import Foundation
import GRDB

/// Auth's copy of plan's coaching relations, for the trainers a public profile shows.
extension AuthStore {
  /// Records a relation unless a newer change for the pair was applied, or either account
  /// is gone; true when applied.
  public func setCoaching(trainerID: String, clientID: String, active: Bool, version: Int64) async throws -> Bool {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO coaching (trainer_id, client_id, active, version)
          SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?) AND EXISTS (SELECT 1 FROM users WHERE id = ?)
          ON CONFLICT (client_id, trainer_id) DO UPDATE SET active = excluded.active, version = excluded.version
          WHERE excluded.version > coaching.version
          """,
        arguments: [trainerID, clientID, active, version, trainerID, clientID])
      return db.changesCount > 0
    }
  }

  /// The trainers coaching `clientID` now, by display name; banned ones left out.
  public func trainers(of clientID: String, now: Date) async throws -> [UserRecord] {
    try await writer.read { db in
      try UserRecord.fetchAll(
        db,
        sql: """
          SELECT u.* FROM coaching c JOIN users u ON u.id = c.trainer_id
          WHERE c.client_id = ? AND c.active ORDER BY u.display_name, u.id
          """, arguments: [clientID]
      ).filter { !$0.isBanned(at: now) }
    }
  }
}
