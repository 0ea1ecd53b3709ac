import Foundation
import GRDB
import GymStore

extension MessagingStore {
  public struct RoomView: Sendable, Equatable {
    public var id: String
    public var name: String
    public var topic: String
    public var programID: String?
    public var ownerID: String
    public var memberCount: Int
    public var joined: Bool
    public var createdAt: Date
  }

  /// Creates a room with its owner as the first member.
  public func createRoom(
    id: String, name: String, topic: String, programID: String?, ownerID: String, now: Date
  ) async throws -> RoomView {
    try await writer.write { db in
      try db.execute(
        sql: "INSERT INTO rooms (id, name, name_key, topic, program_id, owner_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        arguments: [id, name, name.lowercased(), topic, programID, ownerID, now])
      try db.execute(
        sql: "INSERT INTO room_members (room_rid, user_id, joined_at) VALUES (?, ?, ?)", arguments: [db.lastInsertedRowID, ownerID, now])
      return try Self.room(db, id: id, viewerID: ownerID)!
    }
  }

  public struct RoomQuery: Sendable {
    public var words: [String] = []
    public var programID: String?
    public var joinedOnly = false
    public var limit = 20
    public var offset = 0

    public init() {}
  }

  /// Rooms by member count, then name.
  public func rooms(_ query: RoomQuery, viewerID: String) async throws -> [RoomView] {
    try await writer.read { db in
      var conditions: [SQL] = []
      for word in query.words {
        let pattern = LikePattern.containing(word.lowercased())
        conditions.append("(r.name_key LIKE \(pattern) ESCAPE '\\' OR lower(r.topic) LIKE \(pattern) ESCAPE '\\')")
      }
      if let programID = query.programID { conditions.append("r.program_id = \(programID)") }
      if query.joinedOnly {
        conditions.append("EXISTS (SELECT 1 FROM room_members j WHERE j.room_rid = r.rid AND j.user_id = \(viewerID))")
      }
      let filter: SQL = conditions.isEmpty ? "" : "WHERE \(literal: conditions.joined(separator: " AND "))"
      let ids = try SQLRequest<String>(literal: """
        SELECT r.id FROM rooms r \(literal: filter)
        ORDER BY (SELECT COUNT(*) FROM room_members m WHERE m.room_rid = r.rid) DESC, r.name_key, r.rid
        LIMIT \(query.limit) OFFSET \(query.offset)
        """).fetchAll(db)
      return try ids.compactMap { try Self.room(db, id: $0, viewerID: viewerID) }
    }
  }

  public func room(id: String, viewerID: String) async throws -> RoomView? {
    try await writer.read { db in try Self.room(db, id: id, viewerID: viewerID) }
  }

  static func room(_ db: Database, id: String, viewerID: String) throws -> RoomView? {
    try Row.fetchOne(db, sql: """
      SELECT r.*, (SELECT COUNT(*) FROM room_members m WHERE m.room_rid = r.rid) AS members,
        EXISTS (SELECT 1 FROM room_members m WHERE m.room_rid = r.rid AND m.user_id = ?) AS joined
      FROM rooms r WHERE r.id = ?
      """, arguments: [viewerID, id]
    ).map { row in
      RoomView(
        id: row["id"], name: row["name"], topic: row["topic"], programID: row["program_id"], ownerID: row["owner_id"],
        memberCount: row["members"], joined: row["joined"], createdAt: row["created_at"])
    }
  }

  /// Idempotent.
  public func joinRoom(id: String, userID: String, now: Date) async throws -> RoomView {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM rooms WHERE id = ?", arguments: [id]) else {
        throw MessagingError.notFound("no room with id \(id)")
      }
      try db.execute(
        sql: "INSERT INTO room_members (room_rid, user_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [rid, userID, now])
      return try Self.room(db, id: id, viewerID: userID)!
    }
  }

  public func leaveRoom(id: String, userID: String) async throws {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM rooms WHERE id = ?", arguments: [id]) else {
        throw MessagingError.notFound("no room with id \(id)")
      }
      try db.execute(sql: "DELETE FROM room_members WHERE room_rid = ? AND user_id = ?", arguments: [rid, userID])
    }
  }

  /// Members only; every member (the sender's other devices too) gets the event, except
  /// those in a block with the sender, either way.
  public func postRoomMessage(
    messageID: String, roomID: String, senderID: String, text: String, attachmentIDs: [String] = [], now: Date,
    events: @Sendable (MessageRecord, [String]) throws -> [EventDraft]
  ) async throws -> MessageRecord {
    try await writer.write { db in
      let rid = try Self.requireMember(db, roomID: roomID, userID: senderID)
      try db.execute(
        sql: "INSERT INTO messages (id, room_rid, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?)",
        arguments: [messageID, rid, senderID, text, now])
      var message = MessageRecord(
        rid: db.lastInsertedRowID, id: messageID, conversationID: nil, roomID: roomID, senderID: senderID, text: text, sentAt: now,
        deleted: false)
      message.attachments = try Self.attach(db, attachmentIDs, ownerID: senderID, messageRID: message.rid, postRID: nil)
      let members = try SQLRequest<String>(literal: """
        SELECT user_id FROM room_members WHERE room_rid = \(rid) AND \(literal: Self.notBlocked("user_id", viewer: senderID))
        """).fetchAll(db)
      try append(db, try events(message, members), now: now)
      return message
    }
  }

  /// Newest first, before message rowid `before` (0 = from the newest). Members only;
  /// without the messages of anyone in a block with the viewer.
  public func roomMessages(roomID: String, viewerID: String, before: Int64, limit: Int) async throws -> [MessageRecord] {
    try await writer.read { db in
      let rid = try Self.requireMember(db, roomID: roomID, userID: viewerID)
      return try Self.withAttachments(db, try SQLRequest<Row>(literal: """
        SELECT \(sql: MessageRecord.columns) FROM messages m \(sql: MessageRecord.joins)
        WHERE m.room_rid = \(rid) AND (\(before) = 0 OR m.rid < \(before))
          AND \(literal: Self.visibleAuthor("m.sender_id", now: Date()))
          AND \(literal: Self.notBlocked("m.sender_id", viewer: viewerID))
        ORDER BY m.rid DESC LIMIT \(limit)
        """).fetchAll(db).map(MessageRecord.init(row:)))
    }
  }

  /// Members in join order, without those in a block with the viewer; `among` keeps only
  /// those ids (online ones).
  public func roomMembers(
    roomID: String, viewerID: String, among: Set<String>?, limit: Int, offset: Int
  ) async throws -> [(userID: String, joinedAt: Date)] {
    try await writer.read { db in
      let rid = try Self.requireMember(db, roomID: roomID, userID: viewerID)
      var sql: SQL = "SELECT user_id, joined_at FROM room_members WHERE room_rid = \(rid)"
      sql += " AND \(literal: Self.notBlocked("user_id", viewer: viewerID))"
      if let among { sql += " AND user_id IN \(Array(among))" }
      sql += " ORDER BY joined_at, user_id LIMIT \(limit) OFFSET \(offset)"
      return try SQLRequest<Row>(literal: sql).fetchAll(db).map { ($0["user_id"], $0["joined_at"]) }
    }
  }

  /// Every user who shares a room with `userID` and is in no block with them (presence
  /// goes to them).
  public func roomPeers(of userID: String) async throws -> Set<String> {
    try await writer.read { db in
      Set(try SQLRequest<String>(literal: """
        SELECT DISTINCT o.user_id FROM room_members m JOIN room_members o ON o.room_rid = m.room_rid
        WHERE m.user_id = \(userID) AND o.user_id <> \(userID) AND \(literal: Self.notBlocked("o.user_id", viewer: userID))
        """).fetchAll(db))
    }
  }

  static func requireMember(_ db: Database, roomID: String, userID: String) throws -> Int64 {
    guard let row = try Row.fetchOne(db, sql: """
      SELECT r.rid, EXISTS (SELECT 1 FROM room_members m WHERE m.room_rid = r.rid AND m.user_id = ?) AS member
      FROM rooms r WHERE r.id = ?
      """, arguments: [userID, roomID])
    else { throw MessagingError.notFound("no room with id \(roomID)") }
    guard row["member"] as Bool else { throw MessagingError.permissionDenied("join the room first") }
    return row["rid"]
  }
}
