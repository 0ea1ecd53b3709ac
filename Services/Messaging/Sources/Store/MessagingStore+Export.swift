import Foundation
import GRDB
import GymStore

extension MessagingStore {
  /// What messaging holds about a user, for their data export: their name as kept here,
  /// their conversations (both sides' messages: the conversation is theirs to read),
  /// rooms they own or joined and what they said in them, posts and reactions, the
  /// graph around them, blocks they made, notifications, their event log (payloads
  /// turned into JSON by `eventPayload`), their standing, and their uploads. Who blocked
  /// them is the blocker's to know and is left out.
  public static func exportTables(userID: String, eventPayload: @escaping ExportTable.Decoder) -> [ExportTable] {
    [
      ExportTable(
        "user", "SELECT user_id, username, display_name, avatar_url, time_zone, updated_at FROM user_projection WHERE user_id = ?", [userID]),
      ExportTable(
        "conversations",
        """
        SELECT id, CASE WHEN user_a = ? THEN user_b ELSE user_a END AS peer_id, created_at FROM conversations
        WHERE user_a = ? OR user_b = ? ORDER BY rid
        """, [userID, userID, userID]),
      ExportTable(
        "direct_messages",
        """
        SELECT m.id, c.id AS conversation_id, m.sender_id, m.text, m.sent_at, m.deleted_reason
        FROM messages m JOIN conversations c ON c.rid = m.conversation_rid WHERE c.user_a = ? OR c.user_b = ? ORDER BY m.rid
        """, [userID, userID]),
      ExportTable(
        "conversation_reads",
        """
        SELECT c.id AS conversation_id, m.id AS last_read_message_id FROM conversation_reads r
        JOIN conversations c ON c.rid = r.conversation_rid LEFT JOIN messages m ON m.rid = r.last_read_rid
        WHERE r.user_id = ? ORDER BY r.conversation_rid
        """, [userID]),
      ExportTable(
        "rooms_owned", "SELECT id, name, topic, program_id, created_at FROM rooms WHERE owner_id = ? ORDER BY rid", [userID]),
      ExportTable(
        "place_reviews",
        "SELECT id, place_id, stars, text, created_at, updated_at, removed_at, removed_reason FROM place_reviews WHERE author_id = ? ORDER BY rid",
        [userID]),
      ExportTable(
        "progress_photos",
        """
        SELECT p.id, a.id AS attachment_id, p.taken_on, p.note, p.shared_with_trainer, p.created_at
        FROM progress_photos p JOIN attachments a ON a.rid = p.attachment_rid WHERE p.user_id = ? ORDER BY p.taken_on, p.rid
        """, [userID]),
      ExportTable(
        "room_memberships",
        """
        SELECT r.id AS room_id, r.name AS room_name, m.joined_at FROM room_members m JOIN rooms r ON r.rid = m.room_rid
        WHERE m.user_id = ? ORDER BY m.room_rid
        """, [userID]),
      ExportTable(
        "room_messages",
        """
        SELECT m.id, r.id AS room_id, m.text, m.sent_at, m.deleted_reason FROM messages m JOIN rooms r ON r.rid = m.room_rid
        WHERE m.sender_id = ? ORDER BY m.rid
        """, [userID]),
      ExportTable(
        "posts", "SELECT id, text, created_at, likes, dislikes, deleted_reason FROM posts WHERE author_id = ? ORDER BY rid", [userID]),
      ExportTable(
        "post_reactions",
        """
        SELECT p.id AS post_id, r.reaction FROM post_reactions r JOIN posts p ON p.rid = r.post_rid WHERE r.user_id = ? ORDER BY r.post_rid
        """, [userID]),
      ExportTable(
        "following", "SELECT followee_id, created_at FROM follows WHERE follower_id = ? ORDER BY created_at, followee_id", [userID]),
      ExportTable(
        "followers", "SELECT follower_id, created_at FROM follows WHERE followee_id = ? ORDER BY created_at, follower_id", [userID]),
      ExportTable(
        "friend_requests",
        """
        SELECT id, from_id, to_id, state, created_at, responded_at FROM friend_requests WHERE from_id = ? OR to_id = ? ORDER BY rid
        """, [userID, userID]),
      ExportTable(
        "friendships",
        """
        SELECT CASE WHEN user_a = ? THEN user_b ELSE user_a END AS friend_id, since FROM friendships
        WHERE user_a = ? OR user_b = ? ORDER BY since, user_a, user_b
        """, [userID, userID, userID]),
      ExportTable("blocks", "SELECT blocked_id, created_at FROM blocks WHERE blocker_id = ? ORDER BY created_at, blocked_id", [userID]),
      ExportTable(
        "notifications", "SELECT id, kind, title, body, reference, read, created_at FROM notifications WHERE user_id = ? ORDER BY rid",
        [userID]),
      ExportTable(
        "events", "SELECT id, kind, payload, created_at FROM events WHERE user_id = ? ORDER BY id", [userID],
        decoders: ["payload": eventPayload]),
      ExportTable("standing", "SELECT banned, banned_until FROM user_standing WHERE user_id = ?", [userID]),
      ExportTable(
        "attachments", "SELECT id, sha256, mime_type, size_bytes, filename, created_at FROM attachments WHERE owner_id = ? ORDER BY rid",
        [userID]),
      ExportTable(
        "attachment_uses",
        """
        SELECT a.id AS attachment_id, m.id AS message_id, p.id AS post_id, u.position FROM attachment_uses u
        JOIN attachments a ON a.rid = u.attachment_rid LEFT JOIN messages m ON m.rid = u.message_rid LEFT JOIN posts p ON p.rid = u.post_rid
        WHERE a.owner_id = ? ORDER BY u.attachment_rid, u.position
        """, [userID]),
      IdempotencyKeys.exportTable(userID: userID),
    ]
  }

  /// The user's uploads after `afterRID`, oldest first: an export pages through them.
  public func attachments(ownerID: String, afterRID: Int64, limit: Int) async throws -> [(rid: Int64, AttachmentRecord)] {
    try await writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM attachments WHERE owner_id = ? AND rid > ? ORDER BY rid LIMIT ?", arguments: [ownerID, afterRID, limit]
      ).map { (rid: $0["rid"], AttachmentRecord(row: $0)) }
    }
  }
}
