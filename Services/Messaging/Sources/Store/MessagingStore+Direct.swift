import Foundation
import GRDB
import GymStore

extension MessagingStore {
  /// Sends a direct message: refused when either has blocked the other; the
  /// conversation is created on first use; the events (built from the stored message by
  /// `events`) are written with it.
  /// Under a `key` used before: the message it sent, and nothing new.
  public func sendDirect(
    messageID: String, newConversationID: String, from senderID: String, to recipientID: String, text: String,
    attachmentIDs: [String] = [], key: IdempotencyKeys.Key? = nil, now: Date, events: @Sendable (MessageRecord) throws -> [EventDraft]
  ) async throws -> MessageRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key, existing: { try Self.sentMessage(db, id: $0, senderID: senderID) },
        create: {
          try sendDirect(
            db, messageID: messageID, newConversationID: newConversationID, from: senderID, to: recipientID, text: text,
            attachmentIDs: attachmentIDs, now: now, events: events)
        }, id: \.id)
    }
  }

  /// A message `senderID` sent under an idempotency key, as it is now.
  static func sentMessage(_ db: Database, id: String, senderID: String) throws -> MessageRecord {
    guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM messages WHERE id = ? AND sender_id = ?", arguments: [id, senderID]),
      let message = try message(db, rid: rid)
    else { throw IdempotencyKeys.gone("message", id) }
    return try withAttachments(db, [message])[0]
  }

  private func sendDirect(
    _ db: Database, messageID: String, newConversationID: String, from senderID: String, to recipientID: String, text: String,
    attachmentIDs: [String], now: Date, events: (MessageRecord) throws -> [EventDraft]
  ) throws -> MessageRecord {
    if try Self.blocked(db, senderID, recipientID) {
      throw GymError.permissionDenied("you cannot message this user: one of you has blocked the other")
    }
    let (a, b) = Self.pair(senderID, recipientID)
    try db.execute(
      sql: "INSERT INTO conversations (id, user_a, user_b, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
      arguments: [newConversationID, a, b, now])
    let conversation = try Row.fetchOne(
      db, sql: "SELECT rid, id FROM conversations WHERE user_a = ? AND user_b = ?", arguments: [a, b])!
    let conversationRID: Int64 = conversation["rid"]
    try db.execute(
      sql: "INSERT INTO messages (id, conversation_rid, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?)",
      arguments: [messageID, conversationRID, senderID, text, now])
    let rid = db.lastInsertedRowID
    try db.execute(sql: "UPDATE conversations SET last_message_rid = ? WHERE rid = ?", arguments: [rid, conversationRID])
    // One's own message is read.
    try Self.markRead(db, conversationRID: conversationRID, userID: senderID, upTo: rid)
    var message = MessageRecord(
      rid: rid, id: messageID, conversationID: conversation["id"], roomID: nil, senderID: senderID, text: text, sentAt: now,
      deleted: false)
    message.attachments = try Self.attach(db, attachmentIDs, ownerID: senderID, messageRID: rid, postRID: nil)
    try append(db, try events(message), now: now)
    try Self.markDigestDue(db, userID: recipientID, kind: .directMessage, now: now)
    return message
  }

  /// The user's conversations, most recent message first, with unread counts.
  public func conversations(userID: String, limit: Int, offset: Int) async throws -> [ConversationView] {
    try await writer.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT c.rid, c.id, CASE WHEN c.user_a = ? THEN c.user_b ELSE c.user_a END AS peer, c.last_message_rid,
            (SELECT COUNT(*) FROM messages m WHERE m.conversation_rid = c.rid AND m.sender_id <> ?
               AND m.rid > COALESCE((SELECT last_read_rid FROM conversation_reads r WHERE r.conversation_rid = c.rid AND r.user_id = ?), 0)
            ) AS unread
          FROM conversations c WHERE (c.user_a = ? OR c.user_b = ?) AND c.last_message_rid IS NOT NULL
          ORDER BY c.last_message_rid DESC LIMIT ? OFFSET ?
          """, arguments: [userID, userID, userID, userID, userID, limit, offset])
      let lasts = try Self.withAttachments(
        db,
        try rows.compactMap { row in
          try (row["last_message_rid"] as Int64?).flatMap { try Self.message(db, rid: $0) }
        })
      let byRID = Dictionary(uniqueKeysWithValues: lasts.map { ($0.rid, $0) })
      return rows.map { row in
        ConversationView(
          id: row["id"], peerID: row["peer"], lastMessage: (row["last_message_rid"] as Int64?).flatMap { byRID[$0] }, unread: row["unread"])
      }
    }
  }

  /// The conversation's id and peer when `userID` is in it.
  public func conversation(id: String, userID: String) async throws -> (rid: Int64, peerID: String)? {
    try await writer.read { db in try Self.conversation(db, id: id, userID: userID) }
  }

  static func conversation(_ db: Database, id: String, userID: String) throws -> (rid: Int64, peerID: String)? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT rid, user_a, user_b FROM conversations WHERE id = ? AND (user_a = ? OR user_b = ?)",
        arguments: [id, userID, userID])
    else { return nil }
    let a: String = row["user_a"]
    return (row["rid"], a == userID ? row["user_b"] : a)
  }

  /// The conversation id between two users, if they have one.
  public func conversationID(between userID: String, and peerID: String) async throws -> String? {
    let (a, b) = Self.pair(userID, peerID)
    return try await writer.read { db in
      try String.fetchOne(db, sql: "SELECT id FROM conversations WHERE user_a = ? AND user_b = ?", arguments: [a, b])
    }
  }

  /// Newest first, before message rowid `before` (0 = from the newest).
  public func directMessages(conversationRID: Int64, before: Int64, limit: Int) async throws -> [MessageRecord] {
    try await writer.read { db in
      try Self.withAttachments(
        db,
        try Row.fetchAll(
          db,
          sql: """
            SELECT \(MessageRecord.columns) FROM messages m \(MessageRecord.joins)
            WHERE m.conversation_rid = ? AND (? = 0 OR m.rid < ?) ORDER BY m.rid DESC LIMIT ?
            """, arguments: [conversationRID, before, before, limit]
        ).map(MessageRecord.init(row:)))
    }
  }

  /// Marks read up to a message of the conversation (or all of it); the unread count left.
  public func markConversationRead(id: String, userID: String, upToMessageID: String?) async throws -> Int {
    try await writer.write { db in
      guard let (rid, _) = try Self.conversation(db, id: id, userID: userID) else {
        throw GymError.notFound("no conversation with id \(id)")
      }
      let upTo: Int64
      if let upToMessageID {
        guard
          let messageRID = try Int64.fetchOne(
            db, sql: "SELECT rid FROM messages WHERE id = ? AND conversation_rid = ?", arguments: [upToMessageID, rid])
        else { throw GymError.notFound("the conversation has no message with id \(upToMessageID)") }
        upTo = messageRID
      } else {
        upTo = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(rid), 0) FROM messages WHERE conversation_rid = ?", arguments: [rid]) ?? 0
      }
      try Self.markRead(db, conversationRID: rid, userID: userID, upTo: upTo)
      return try Int.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) FROM messages WHERE conversation_rid = ? AND sender_id <> ?
            AND rid > (SELECT last_read_rid FROM conversation_reads WHERE conversation_rid = ? AND user_id = ?)
          """, arguments: [rid, userID, rid, userID]) ?? 0
    }
  }

  /// Never moves a read mark backwards.
  static func markRead(_ db: Database, conversationRID: Int64, userID: String, upTo: Int64) throws {
    try db.execute(
      sql: """
        INSERT INTO conversation_reads (conversation_rid, user_id, last_read_rid) VALUES (?, ?, ?)
        ON CONFLICT DO UPDATE SET last_read_rid = MAX(last_read_rid, excluded.last_read_rid)
        """, arguments: [conversationRID, userID, upTo])
  }

  static func message(_ db: Database, rid: Int64) throws -> MessageRecord? {
    try Row.fetchOne(
      db, sql: "SELECT \(MessageRecord.columns) FROM messages m \(MessageRecord.joins) WHERE m.rid = ?", arguments: [rid]
    ).map(MessageRecord.init(row:))
  }

  /// Fills in each message's attachments with one query for all of them.
  static func withAttachments(_ db: Database, _ messages: [MessageRecord]) throws -> [MessageRecord] {
    let attachments = try Self.attachments(db, messageRIDs: messages.map(\.rid))
    return messages.map { message in
      var filled = message
      filled.attachments = message.deleted ? [] : attachments[message.rid] ?? []
      return filled
    }
  }

  static func pair(_ x: String, _ y: String) -> (String, String) { x < y ? (x, y) : (y, x) }
}
