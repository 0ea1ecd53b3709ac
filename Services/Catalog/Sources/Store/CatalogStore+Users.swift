import Foundation
import GRDB
import GymStore

extension CatalogStore {
  /// Removes everything catalog holds about a deleted user, in one transaction: their
  /// programs (with the votes, reports and saves on them), their votes, reports and
  /// saves on others' programs (counts and scores follow), and their projected account.
  /// Their private exercises go; exercises they wrote for the library stay in it
  /// without an author: other programs use them. Idempotent; returns the rows removed.
  public func purgeUser(_ userID: String) async throws -> Int {
    try await GymDatabase.erase(writer) { db in
      var removed = 0
      let programs = try Int64.fetchAll(db, sql: "SELECT rid FROM programs WHERE author_id = ?", arguments: [userID])
      for rid in programs { try Self.deleteProgramRows(db, rid: rid) }
      removed += programs.count

      let votes = try Row.fetchAll(db, sql: "SELECT program_rid, vote FROM votes WHERE user_id = ?", arguments: [userID])
      for vote in votes {
        let rid: Int64 = vote["program_rid"]
        let value: Int = vote["vote"]
        guard let row = try Row.fetchOne(db, sql: "SELECT up_votes, down_votes FROM programs WHERE rid = ?", arguments: [rid]) else { continue }
        let (up, down): (Int, Int) = (row["up_votes"], row["down_votes"])
        let (newUp, newDown) = value == 1 ? (up - 1, down) : (up, down - 1)
        try db.execute(
          sql: "UPDATE programs SET up_votes = ?, down_votes = ?, score = ? WHERE rid = ?",
          arguments: [newUp, newDown, WilsonScore.lowerBound(up: newUp, down: newDown), rid])
      }
      try db.execute(sql: "DELETE FROM votes WHERE user_id = ?", arguments: [userID])
      removed += db.changesCount

      let saved = try Int64.fetchAll(db, sql: "SELECT program_rid FROM saves WHERE user_id = ?", arguments: [userID])
      for rid in saved { try db.execute(sql: "UPDATE programs SET saves = MAX(0, saves - 1) WHERE rid = ?", arguments: [rid]) }
      try db.execute(sql: "DELETE FROM saves WHERE user_id = ?", arguments: [userID])
      removed += db.changesCount

      try db.execute(sql: "DELETE FROM reports WHERE reporter_id = ?", arguments: [userID])
      removed += db.changesCount
      // A visible program whose only open reports were this user's leaves the queue.
      try db.execute(
        sql: """
          UPDATE programs SET queued_at = NULL WHERE state = 1 AND queued_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.program_rid = programs.rid AND r.resolved = 0)
          """)

      let own = try Int64.fetchAll(db, sql: "SELECT rid FROM exercises WHERE owner_id = ?", arguments: [userID])
      for rid in own {
        try db.execute(sql: "DELETE FROM exercises_fts WHERE rowid = ?", arguments: [rid])
        try db.execute(sql: "DELETE FROM exercises WHERE rid = ?", arguments: [rid])
      }
      removed += own.count
      let written = try Int64.fetchAll(db, sql: "SELECT rid FROM exercises WHERE author_id = ?", arguments: [userID])
      try db.execute(sql: "UPDATE exercises SET author_id = '' WHERE author_id = ?", arguments: [userID])
      try Self.reencodeExercises(db, rids: written, encoder: encoder)
      removed += try IdempotencyKeys.erase(db, ownerID: userID)
      removed += try UserProjection.remove(db, userID: userID)
      return removed
    }
  }
}
