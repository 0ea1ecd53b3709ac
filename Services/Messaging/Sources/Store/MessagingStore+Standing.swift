import Foundation
import GRDB

extension MessagingStore {
  /// Applies a ban or unban unless a newer change (by auth's sequence) was applied.
  public func setStanding(userID: String, banned: Bool, until: Date?, sequence: Int64) async throws -> Bool {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO user_standing (user_id, banned, banned_until, sequence) VALUES (?, ?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET banned = excluded.banned, banned_until = excluded.banned_until,
            sequence = excluded.sequence
          WHERE excluded.sequence > user_standing.sequence
          """, arguments: [userID, banned, until, sequence])
      guard db.changesCount == 1 else { return false }
      // A banned author's reviews leave their places' figures, and come back with them.
      try PlaceReviewStats.enqueue(db, placeIDs: Self.placesReviewed(by: userID, db), now: Date())
      return true
    }
  }

  /// `column` names an author not under a ban that is still running.
  static func visibleAuthor(_ column: String, now: Date) -> SQL {
    """
    NOT EXISTS (SELECT 1 FROM user_standing s WHERE s.user_id = \(sql: column) AND s.banned = 1
      AND (s.banned_until IS NULL OR s.banned_until > \(now)))
    """
  }
}
