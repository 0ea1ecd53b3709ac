import Foundation
import GRDB
import GymStore

/// Private profiles: their posts and follow lists are for the owner, friends and
/// approved followers; following one is a request its owner answers.
extension MessagingStore {
  /// Applies auth's change unless a newer one was applied. Going public approves every
  /// pending follow, as the owner no longer asks to be asked.
  public func setVisibility(userID: String, isPrivate: Bool, sequence: Int64, now: Date) async throws -> Bool {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO user_visibility (user_id, private, sequence) VALUES (?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET private = excluded.private, sequence = excluded.sequence
          WHERE excluded.sequence > user_visibility.sequence
          """, arguments: [userID, isPrivate, sequence])
      guard db.changesCount == 1 else { return false }
      if !isPrivate {
        try db.execute(
          sql: """
            INSERT INTO follows (follower_id, followee_id, created_at)
            SELECT follower_id, followee_id, ? FROM follow_requests WHERE followee_id = ? ON CONFLICT DO NOTHING
            """, arguments: [now, userID])
        try db.execute(sql: "DELETE FROM follow_requests WHERE followee_id = ?", arguments: [userID])
      }
      return true
    }
  }

  static func isPrivate(_ db: Database, _ userID: String) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT private FROM user_visibility WHERE user_id = ?", arguments: [userID]) ?? false
  }

  /// `column` names a user whose posts and graph `viewer` may see: public, the viewer,
  /// a friend, or followed by the viewer (an approved follow).
  static func profileVisible(_ column: String, viewer: String) -> SQL {
    """
    (NOT EXISTS (SELECT 1 FROM user_visibility v WHERE v.user_id = \(sql: column) AND v.private = 1)
     OR \(sql: column) = \(viewer)
     OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = \(viewer) AND f.followee_id = \(sql: column))
     OR EXISTS (SELECT 1 FROM friendships fr WHERE (fr.user_a = \(viewer) AND fr.user_b = \(sql: column))
       OR (fr.user_a = \(sql: column) AND fr.user_b = \(viewer))))
    """
  }

  /// The same rule as `profileVisible`, for one owner.
  static func requireProfileVisible(_ db: Database, owner: String, viewer: String, showing what: String) throws {
    guard owner != viewer, try isPrivate(db, owner), try !friends(db, owner, viewer) else { return }
    let following =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?)", arguments: [viewer, owner]) ?? false
    if !following {
      throw GymError.permissionDenied("this profile is private: only friends and approved followers see its \(what)")
    }
  }

  /// Who asks to follow `ownerID`, newest first.
  public func followerRequests(of ownerID: String, limit: Int, offset: Int) async throws -> [(userID: String, requestedAt: Date)] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT follower_id, created_at FROM follow_requests WHERE followee_id = ?
          ORDER BY created_at DESC, follower_id LIMIT ? OFFSET ?
          """, arguments: [ownerID, limit, offset]
      ).map { ($0["follower_id"], $0["created_at"]) }
    }
  }

  /// The owner answers one request; accepting makes the follow.
  public func respondFollowerRequest(ownerID: String, followerID: String, accept: Bool, now: Date) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM follow_requests WHERE follower_id = ? AND followee_id = ?", arguments: [followerID, ownerID])
      guard db.changesCount == 1 else { throw GymError.notFound("this user has not asked to follow you") }
      if accept {
        try db.execute(
          sql: "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
          arguments: [followerID, ownerID, now])
      }
    }
  }
}
