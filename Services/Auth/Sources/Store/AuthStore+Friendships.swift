import Foundation
import GRDB

extension AuthStore {
  /// Applies messaging's change to a pair unless a newer one (higher version) already
  /// was; returns whether it was. A change naming an account that no longer exists is
  /// dropped: there is no profile left to open.
  public func setFriendship(_ userID: String, _ otherUserID: String, friends: Bool, version: Int64) async throws -> Bool {
    let (a, b) = Self.pair(userID, otherUserID)
    return try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO friendships (user_a, user_b, friends, version)
          SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?) AND EXISTS (SELECT 1 FROM users WHERE id = ?)
          ON CONFLICT (user_a, user_b) DO UPDATE SET friends = excluded.friends, version = excluded.version
          WHERE excluded.version > friendships.version
          """,
        arguments: [a, b, friends, version, a, b])
      return db.changesCount > 0
    }
  }

  static func areFriends(_ db: Database, _ userID: String, _ otherUserID: String) throws -> Bool {
    let (a, b) = pair(userID, otherUserID)
    return try Bool.fetchOne(db, sql: "SELECT friends FROM friendships WHERE user_a = ? AND user_b = ?", arguments: [a, b]) ?? false
  }

  /// A pair is stored once, the smaller id first.
  private static func pair(_ x: String, _ y: String) -> (String, String) {
    x < y ? (x, y) : (y, x)
  }
}
