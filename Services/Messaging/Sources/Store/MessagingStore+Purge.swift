import Foundation
import GRDB
import GymStore

extension MessagingStore {
  /// Whom an event's payload names: read by the service from payloads stored before
  /// events said whom they are about.
  public struct EventSubjects: Sendable, Equatable {
    public var userIDs: [String]
    public var conversationID: String?

    public init(userIDs: [String], conversationID: String? = nil) {
      self.userIDs = userIDs
      self.conversationID = conversationID
    }
  }

  public struct Purge: Sendable, Equatable {
    public var removed: Int
    /// Content hashes of the user's uploads: their stored files go once no other
    /// upload uses them (`removeUnusedFiles`).
    public var files: [String]
  }

  /// Removes everything messaging holds about a deleted user, in one transaction: their
  /// messages and conversations (both sides: a conversation with a deleted account is
  /// gone for the other too), memberships, posts and reactions (counts follow), graph,
  /// notifications to them and about them, their event log and every event in others'
  /// logs that carries their message, request or name, their standing and their
  /// uploads. Rooms they owned pass to the longest-standing member; a room with none
  /// left goes. Idempotent.
  /// - Parameter subjects: whom an old event's payload names (events stored before
  ///   `about_id` existed are classified first, once).
  public func purgeUser(_ userID: String, subjects: @escaping @Sendable (_ kind: Int, _ payload: Data) -> EventSubjects) async throws
    -> Purge
  {
    try await GymDatabase.erase(writer) { db in
      try Self.classifyEvents(db, subjects: subjects)
      var removed = 0
      // Their reactions leave others' counts first.
      try db.execute(
        sql: """
          UPDATE posts SET
            likes = likes - (SELECT COUNT(*) FROM post_reactions r WHERE r.post_rid = posts.rid AND r.user_id = ? AND r.reaction = 1),
            dislikes = dislikes - (SELECT COUNT(*) FROM post_reactions r WHERE r.post_rid = posts.rid AND r.user_id = ? AND r.reaction = 2)
          WHERE rid IN (SELECT post_rid FROM post_reactions WHERE user_id = ?)
          """, arguments: [userID, userID, userID])
      let files = try String.fetchAll(db, sql: "SELECT DISTINCT sha256 FROM attachments WHERE owner_id = ?", arguments: [userID])
      // Their reviews leave, and the places' figures are counted without them.
      let reviewed = try Self.placesReviewed(by: userID, db)
      try db.execute(sql: "DELETE FROM place_reviews WHERE author_id = ?", arguments: [userID])
      removed += db.changesCount
      try PlaceReviewStats.enqueue(db, placeIDs: reviewed, now: Date())
      removed += try Self.handOverRooms(db, ownerID: userID)
      // The rooms they were in count one member fewer (the memberships go below).
      try db.execute(
        sql: "UPDATE rooms SET member_count = member_count - 1 WHERE rid IN (SELECT room_rid FROM room_members WHERE user_id = ?)",
        arguments: [userID])
      // Messages, posts and uploads take their attachment uses with them (cascade).
      let statements: [(String, StatementArguments)] = [
        // Their messages and friend requests leave the others' event logs too (also by
        // subject, for copies stored before events said whom they are about).
        ("DELETE FROM events WHERE subject_id IN (SELECT id FROM messages WHERE sender_id = ?)", [userID]),
        ("DELETE FROM events WHERE subject_id IN (SELECT id FROM friend_requests WHERE from_id = ? OR to_id = ?)", [userID, userID]),
        // Reports about them (with the snapshots of their words) and those they filed; a
        // case nobody reports any more goes with its last report.
        ("DELETE FROM report_cases WHERE target_user_id = ?", [userID]),
        (
          """
          DELETE FROM report_cases WHERE rid IN (SELECT case_rid FROM reports WHERE reporter_id = ?)
            AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.case_rid = report_cases.rid AND r.reporter_id <> ?)
          """, [userID, userID]
        ),
        ("DELETE FROM reports WHERE reporter_id = ?", [userID]),
        ("DELETE FROM post_reactions WHERE user_id = ?", [userID]),
        ("DELETE FROM posts WHERE author_id = ?", [userID]),
        // Pushes still waiting that carry their words or name to others.
        ("DELETE FROM push_jobs WHERE about_id = ? OR subject_id IN (SELECT id FROM messages WHERE sender_id = ?)", [userID, userID]),
        ("DELETE FROM messages WHERE sender_id = ?", [userID]),
        ("DELETE FROM conversations WHERE user_a = ? OR user_b = ?", [userID, userID]),
        ("DELETE FROM room_members WHERE user_id = ?", [userID]),
        ("DELETE FROM events WHERE user_id = ? OR about_id = ?", [userID, userID]),
        ("DELETE FROM event_floors WHERE user_id = ?", [userID]),
        ("DELETE FROM blocks WHERE blocker_id = ? OR blocked_id = ?", [userID, userID]),
        ("DELETE FROM follows WHERE follower_id = ? OR followee_id = ?", [userID, userID]),
        ("DELETE FROM follow_requests WHERE follower_id = ? OR followee_id = ?", [userID, userID]),
        ("DELETE FROM user_visibility WHERE user_id = ?", [userID]),
        ("DELETE FROM friend_requests WHERE from_id = ? OR to_id = ?", [userID, userID]),
        ("DELETE FROM friendships WHERE user_a = ? OR user_b = ?", [userID, userID]),
        ("DELETE FROM notifications WHERE user_id = ? OR about_id = ?", [userID, userID]),
        // Others' notifications that name them (their asking to follow).
        ("DELETE FROM notifications WHERE kind = 'follow_request' AND reference = ?", [userID]),
        ("DELETE FROM user_standing WHERE user_id = ?", [userID]),
        ("DELETE FROM progress_photos WHERE user_id = ?", [userID]),
        ("DELETE FROM idempotency_keys WHERE owner_id = ?", [userID]),
        ("DELETE FROM coaching WHERE trainer_id = ? OR client_id = ?", [userID, userID]),
        ("DELETE FROM attachments WHERE owner_id = ?", [userID]),
        ("DELETE FROM user_projection WHERE user_id = ?", [userID]),
        // Their devices (what was on its way to them goes with them) and push settings.
        ("DELETE FROM push_devices WHERE user_id = ?", [userID]),
        ("DELETE FROM push_preferences WHERE user_id = ?", [userID]),
        ("DELETE FROM push_quiet_hours WHERE user_id = ?", [userID]),
        ("DELETE FROM digest_preferences WHERE user_id = ?", [userID]),
        ("DELETE FROM email_digests WHERE user_id = ?", [userID]),
        // A digest on its way to auth for them (auth has no address for them any more), or
        // naming or quoting them to someone else.
        (
          """
          DELETE FROM outbox WHERE kind = 'user-mail' AND (json_extract(CAST(payload AS TEXT), '$.userID') = ?1
            OR EXISTS (SELECT 1 FROM json_each(CAST(payload AS TEXT), '$.about') WHERE value = ?1))
          """, [userID]
        ),
      ]
      for (sql, arguments) in statements {
        try db.execute(sql: sql, arguments: arguments)
        removed += db.changesCount
      }
      return Purge(removed: removed, files: files)
    }
  }

  /// Calls `remove` for each hash no upload uses any more. Inside a write: an upload
  /// of the same bytes keeps its file and records its row in a write too, so it comes
  /// wholly before (the file stays) or wholly after (it stores the file again).
  public func removeUnusedFiles(_ hashes: [String], remove: @escaping @Sendable (String) -> Void) async throws {
    guard !hashes.isEmpty else { return }
    try await writer.write { db in
      for hash in hashes {
        let used = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM attachments WHERE sha256 = ?)", arguments: [hash]) ?? true
        if !used { remove(hash) }
      }
    }
  }

  /// Rooms `ownerID` owned go to their longest-standing other member; a room left with
  /// no one is deleted with what was said in it. Returns the rooms deleted.
  static func handOverRooms(_ db: Database, ownerID: String) throws -> Int {
    var deleted = 0
    for rid in try Int64.fetchAll(db, sql: "SELECT rid FROM rooms WHERE owner_id = ?", arguments: [ownerID]) {
      if let heir = try String.fetchOne(
        db, sql: "SELECT user_id FROM room_members WHERE room_rid = ? AND user_id <> ? ORDER BY joined_at, user_id LIMIT 1",
        arguments: [rid, ownerID])
      {
        try db.execute(sql: "UPDATE rooms SET owner_id = ? WHERE rid = ?", arguments: [heir, rid])
      } else {
        try db.execute(sql: "DELETE FROM rooms WHERE rid = ?", arguments: [rid])
        deleted += 1
      }
    }
    return deleted
  }

  /// Events stored before `about_id` existed get it from their payloads, a batch at a
  /// time: the user their message, request or name is about, or the peer of the
  /// conversation for one's own copy of a direct message ("" when none).
  static func classifyEvents(_ db: Database, subjects: @Sendable (Int, Data) -> EventSubjects) throws {
    while true {
      let rows = try Row.fetchAll(db, sql: "SELECT id, user_id, kind, payload FROM events WHERE about_id IS NULL ORDER BY id LIMIT 500")
      if rows.isEmpty { return }
      for row in rows {
        let owner: String = row["user_id"]
        let named = subjects(row["kind"], row["payload"])
        var about = named.userIDs.first { $0 != owner && !$0.isEmpty }
        if about == nil, let conversation = named.conversationID {
          about = try String.fetchOne(
            db, sql: "SELECT CASE WHEN user_a = ? THEN user_b ELSE user_a END FROM conversations WHERE id = ? AND (user_a = ? OR user_b = ?)",
            arguments: [owner, conversation, owner, owner])
        }
        try db.execute(sql: "UPDATE events SET about_id = ? WHERE id = ?", arguments: [about ?? "", row["id"]])
      }
    }
  }
}
