import Foundation
import GRDB
import GymStore

/// Saves reported by plan when a user copies a program.
extension CatalogStore {
  /// Counts a user's save once; returns the program's distinct savers.
  public func recordSave(programID: String, userID: String, now: Date) async throws -> Int {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM programs WHERE id = ?", arguments: [programID]) else {
        throw GymError.notFound("no program with this id")
      }
      try db.execute(
        sql: "INSERT OR IGNORE INTO saves (program_rid, user_id, created_at) VALUES (?, ?, ?)", arguments: [rid, userID, now])
      if db.changesCount > 0 {
        try db.execute(sql: "UPDATE programs SET saves = saves + 1 WHERE rid = ?", arguments: [rid])
      }
      return try Int.fetchOne(db, sql: "SELECT saves FROM programs WHERE rid = ?", arguments: [rid]) ?? 0
    }
  }
}
