import Foundation
import GRDB
import GymStore

extension MessagingStore {
  public struct RoomView: Sendable, Equatable {
    public var id: String
    public var name: String
    public var topic: String
    public var programID: String?
    /// Set for a place's room, which has no owner (`ownerID` empty).
    public var placeID: String?
    public var ownerID: String
    public var memberCount: Int
    public var joined: Bool
    public var createdAt: Date
    public var closedAt: Date?
    /// The viewer's unread messages (0 when not a member).
    public var unread: Int
  }

  /// What one member may do in rooms; the service reads them from its settings.
  public struct RoomLimits: Sendable, Equatable {
    /// Members one room may hold.
    public var membersPerRoom: Int
    /// Room messages one member may post in a minute, across rooms.
    public var postsPerMinute: Int
    /// Rooms one user may own.
    public var roomsPerOwner: Int

    public init(membersPerRoom: Int = 10_000, postsPerMinute: Int = 30, roomsPerOwner: Int = 50) {
      self.membersPerRoom = membersPerRoom
      self.postsPerMinute = postsPerMinute
      self.roomsPerOwner = roomsPerOwner
    }
  }

  /// Creates a room with its owner as the first member; refused past the rooms one user
  /// may own.
  public func createRoom(
    id: String, name: String, topic: String, programID: String?, ownerID: String, limits: RoomLimits = RoomLimits(),
    key: IdempotencyKeys.Key? = nil, now: Date
  ) async throws -> RoomView {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { made in
          guard let room = try Self.room(db, id: made, viewerID: ownerID) else { throw IdempotencyKeys.gone("room", made) }
          return room
        },
        create: {
          let owned = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM rooms WHERE owner_id = ?", arguments: [ownerID]) ?? 0
          guard owned < limits.roomsPerOwner else { throw MessagingError.tooManyRooms(limit: limits.roomsPerOwner) }
          try db.execute(
            sql: """
              INSERT INTO rooms (id, name, name_key, topic, program_id, owner_id, created_at, member_count) VALUES (?, ?, ?, ?, ?, ?, ?, 1)
              """,
            arguments: [id, name, name.lowercased(), topic, programID, ownerID, now])
          try Self.addMember(db, roomRID: db.lastInsertedRowID, userID: ownerID, now: now)
          return try Self.room(db, id: id, viewerID: ownerID)!
        }, id: { _ in id })
    }
  }

  /// The place's room, once made.
  public func placeRoom(placeID: String, viewerID: String) async throws -> RoomView? {
    try await writer.read { db in
      guard let id = try String.fetchOne(db, sql: "SELECT id FROM rooms WHERE place_id = ?", arguments: [placeID]) else { return nil }
      return try Self.room(db, id: id, viewerID: viewerID)
    }
  }

  /// Makes the place's room on first use, with `name` and `topic` and no owner or
  /// member; it counts against no one's rooms. Two first uses at once make one room.
  public func createPlaceRoom(id: String, placeID: String, name: String, topic: String, viewerID: String, now: Date) async throws -> RoomView {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO rooms (id, name, name_key, topic, place_id, owner_id, created_at, member_count) VALUES (?, ?, ?, ?, ?, '', ?, 0)
          ON CONFLICT DO NOTHING
          """,
        arguments: [id, name, name.lowercased(), topic, placeID, now])
      let made = try String.fetchOne(db, sql: "SELECT id FROM rooms WHERE place_id = ?", arguments: [placeID])!
      return try Self.room(db, id: made, viewerID: viewerID)!
    }
  }

  public struct RoomQuery: Sendable {
    public var words: [String] = []
    public var programID: String?
    public var placeID: String?
    public var joinedOnly = false
    public var limit = 20
    public var offset = 0

    public init() {}
  }

  /// Rooms by member count (kept on the room), then name. Closed rooms are listed only
  /// to their members.
  public func rooms(_ query: RoomQuery, viewerID: String) async throws -> [RoomView] {
    try await writer.read { db in
      var conditions: [SQL] = []
      for word in query.words {
        let pattern = LikePattern.containing(word.lowercased())
        conditions.append("(r.name_key LIKE \(pattern) ESCAPE '\\' OR lower(r.topic) LIKE \(pattern) ESCAPE '\\')")
      }
      if let programID = query.programID { conditions.append("r.program_id = \(programID)") }
      if let placeID = query.placeID { conditions.append("r.place_id = \(placeID)") }
      let member: SQL = "EXISTS (SELECT 1 FROM room_members j WHERE j.room_rid = r.rid AND j.user_id = \(viewerID))"
      if query.joinedOnly {
        conditions.append(member)
      } else {
        conditions.append("(r.closed_at IS NULL OR \(member))")
      }
      let filter: SQL = conditions.isEmpty ? "" : "WHERE \(literal: conditions.joined(separator: " AND "))"
      let ids = try SQLRequest<String>(
        literal: """
          SELECT r.id FROM rooms r \(literal: filter)
          ORDER BY r.member_count DESC, r.name_key, r.rid
          LIMIT \(query.limit) OFFSET \(query.offset)
          """
      ).fetchAll(db)
      return try ids.compactMap { try Self.room(db, id: $0, viewerID: viewerID) }
    }
  }

  public func room(id: String, viewerID: String) async throws -> RoomView? {
    try await writer.read { db in try Self.room(db, id: id, viewerID: viewerID) }
  }

  static func room(_ db: Database, id: String, viewerID: String) throws -> RoomView? {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT r.*, m.last_read_rid, m.user_id IS NOT NULL AS joined
          FROM rooms r LEFT JOIN room_members m ON m.room_rid = r.rid AND m.user_id = ?
          WHERE r.id = ?
          """, arguments: [viewerID, id])
    else { return nil }
    let joined: Bool = row["joined"]
    let unread = joined ? try unreadCount(db, roomRID: row["rid"], viewerID: viewerID, after: row["last_read_rid"]) : 0
    return RoomView(
      id: row["id"], name: row["name"], topic: row["topic"], programID: row["program_id"], placeID: row["place_id"],
      ownerID: row["owner_id"], memberCount: row["member_count"], joined: joined, createdAt: row["created_at"], closedAt: row["closed_at"], unread: unread)
  }

  /// Messages after the member's read cursor that they would see: not their own, not
  /// deleted, not of a banned author or anyone in a block with them.
  static func unreadCount(_ db: Database, roomRID: Int64, viewerID: String, after lastRead: Int64) throws -> Int {
    try SQLRequest<Int>(
      literal: """
        SELECT COUNT(*) FROM messages m
        WHERE m.room_rid = \(roomRID) AND m.rid > \(lastRead) AND m.sender_id <> \(viewerID) AND m.deleted_reason IS NULL
          AND \(literal: visibleAuthor("m.sender_id", now: Date()))
          AND \(literal: notBlocked("m.sender_id", viewer: viewerID))
        """
    ).fetchOne(db) ?? 0
  }

  /// Idempotent for a member. Refused for a closed room and for a full one.
  public func joinRoom(id: String, userID: String, limits: RoomLimits = RoomLimits(), now: Date) async throws -> RoomView {
    try await writer.write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT r.rid, r.member_count, r.closed_at, EXISTS (SELECT 1 FROM room_members m WHERE m.room_rid = r.rid AND m.user_id = ?) AS member
            FROM rooms r WHERE r.id = ?
            """, arguments: [userID, id])
      else { throw GymError.notFound("no room with id \(id)") }
      if !(row["member"] as Bool) {
        guard (row["closed_at"] as Date?) == nil else { throw MessagingError.roomClosed(id: id, doing: "join") }
        guard (row["member_count"] as Int) < limits.membersPerRoom else { throw MessagingError.roomFull(limit: limits.membersPerRoom) }
        try Self.addMember(db, roomRID: row["rid"], userID: userID, now: now)
        try db.execute(sql: "UPDATE rooms SET member_count = member_count + 1 WHERE rid = ?", arguments: [row["rid"]])
      }
      return try Self.room(db, id: id, viewerID: userID)!
    }
  }

  /// A new member reads the room's events from now on (after the newest event id ever
  /// given, trimmed or not) and has read what was said so far.
  static func addMember(_ db: Database, roomRID: Int64, userID: String, now: Date) throws {
    try db.execute(
      sql: """
        INSERT INTO room_members (room_rid, user_id, joined_at, since_event_id, last_read_rid) VALUES (?, ?, ?,
          \(RoomLogMigration.newestEventID), (SELECT COALESCE(MAX(rid), 0) FROM messages WHERE room_rid = ?))
        """, arguments: [roomRID, userID, now, roomRID])
  }

  public func leaveRoom(id: String, userID: String) async throws {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM rooms WHERE id = ?", arguments: [id]) else {
        throw GymError.notFound("no room with id \(id)")
      }
      try db.execute(sql: "DELETE FROM room_members WHERE room_rid = ? AND user_id = ?", arguments: [rid, userID])
      if db.changesCount == 1 {
        try db.execute(sql: "UPDATE rooms SET member_count = member_count - 1 WHERE rid = ?", arguments: [rid])
      }
    }
  }

  /// Its owner or an admin (`admin`) closes the room: no new messages or members from
  /// now on. Members are told once (`event` makes the ROOM_CLOSED event from the closed
  /// room); closing a closed room changes nothing.
  public func closeRoom(
    id: String, userID: String, admin: Bool, now: Date, event: @Sendable (RoomView) throws -> EventDraft
  ) async throws -> RoomView {
    try await writer.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT rid, owner_id, closed_at FROM rooms WHERE id = ?", arguments: [id]) else {
        throw GymError.notFound("no room with id \(id)")
      }
      guard admin || (row["owner_id"] as String) == userID else {
        throw GymError.permissionDenied("only the room's owner or an admin can close it")
      }
      if (row["closed_at"] as Date?) == nil {
        try db.execute(sql: "UPDATE rooms SET closed_at = ? WHERE rid = ?", arguments: [now, row["rid"]])
        let room = try Self.room(db, id: id, viewerID: userID)!
        let members = try String.fetchAll(db, sql: "SELECT user_id FROM room_members WHERE room_rid = ?", arguments: [row["rid"]])
        try appendRoomEvent(db, try event(room), roomRID: row["rid"], readers: members, now: now)
      }
      return try Self.room(db, id: id, viewerID: userID)!
    }
  }

  /// Moves the member's read cursor to `messageID` (nil: the room's newest message),
  /// never back; the unread count left.
  public func markRoomRead(id: String, userID: String, upTo messageID: String?) async throws -> Int {
    try await writer.write { db in
      let rid = try Self.requireMember(db, roomID: id, userID: userID)
      let position: Int64
      if let messageID {
        guard
          let found = try Int64.fetchOne(
            db, sql: "SELECT rid FROM messages WHERE id = ? AND room_rid = ?", arguments: [messageID, rid])
        else { throw GymError.notFound("no message with id \(messageID) in this room") }
        position = found
      } else {
        position = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(rid), 0) FROM messages WHERE room_rid = ?", arguments: [rid]) ?? 0
      }
      try db.execute(
        sql: "UPDATE room_members SET last_read_rid = MAX(last_read_rid, ?) WHERE room_rid = ? AND user_id = ?",
        arguments: [position, rid, userID])
      let lastRead =
        try Int64.fetchOne(
          db, sql: "SELECT last_read_rid FROM room_members WHERE room_rid = ? AND user_id = ?", arguments: [rid, userID]) ?? 0
      return try Self.unreadCount(db, roomRID: rid, viewerID: userID, after: lastRead)
    }
  }

  /// Members only, in an open room, within the sender's posting rate. The message and
  /// its event are stored once for the room; every member's open stream (the sender's
  /// other devices too) gets it, except those in a block with the sender, either way.
  /// Under a `key` used before: the message it posted, and nothing new.
  public func postRoomMessage(
    messageID: String, roomID: String, senderID: String, text: String, attachmentIDs: [String] = [],
    limits: RoomLimits = RoomLimits(), key: IdempotencyKeys.Key? = nil, now: Date, event: @Sendable (MessageRecord) throws -> EventDraft
  ) async throws -> MessageRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key, existing: { try Self.sentMessage(db, id: $0, senderID: senderID) },
        create: {
          let rid = try Self.requireMember(db, roomID: roomID, userID: senderID)
          if try Date.fetchOne(db, sql: "SELECT closed_at FROM rooms WHERE rid = ?", arguments: [rid]) != nil {
            throw MessagingError.roomClosed(id: roomID, doing: "post")
          }
          let window = now.addingTimeInterval(-60)
          let recent = try Date.fetchAll(
            db,
            sql: """
              SELECT sent_at FROM messages WHERE sender_id = ? AND room_rid IS NOT NULL AND sent_at > ? ORDER BY sent_at LIMIT ?
              """, arguments: [senderID, window, limits.postsPerMinute])
          if recent.count >= limits.postsPerMinute, let oldest = recent.first {
            throw MessagingError.postingTooFast(limit: limits.postsPerMinute, retryAfter: oldest.timeIntervalSince(window))
          }
          try db.execute(
            sql: "INSERT INTO messages (id, room_rid, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [messageID, rid, senderID, text, now])
          var message = MessageRecord(
            rid: db.lastInsertedRowID, id: messageID, conversationID: nil, roomID: roomID, senderID: senderID, text: text, sentAt: now,
            deleted: false)
          message.attachments = try Self.attach(db, attachmentIDs, ownerID: senderID, messageRID: message.rid, postRID: nil)
          let readers = try SQLRequest<String>(
            literal: """
              SELECT user_id FROM room_members WHERE room_rid = \(rid) AND \(literal: Self.notBlocked("user_id", viewer: senderID))
              """
          ).fetchAll(db)
          try appendRoomEvent(db, try event(message), roomRID: rid, readers: readers, now: now)
          return message
        }, id: \.id)
    }
  }

  /// Newest first, before message rowid `before` (0 = from the newest). Members only;
  /// without the messages of anyone in a block with the viewer.
  public func roomMessages(roomID: String, viewerID: String, before: Int64, limit: Int) async throws -> [MessageRecord] {
    try await writer.read { db in
      let rid = try Self.requireMember(db, roomID: roomID, userID: viewerID)
      return try Self.withAttachments(
        db,
        try SQLRequest<Row>(
          literal: """
            SELECT \(sql: MessageRecord.columns) FROM messages m \(sql: MessageRecord.joins)
            WHERE m.room_rid = \(rid) AND (\(before) = 0 OR m.rid < \(before))
              AND \(literal: Self.visibleAuthor("m.sender_id", now: Date()))
              AND \(literal: Self.notBlocked("m.sender_id", viewer: viewerID))
            ORDER BY m.rid DESC LIMIT \(limit)
            """
        ).fetchAll(db).map(MessageRecord.init(row:)))
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
      Set(
        try SQLRequest<String>(
          literal: """
            SELECT DISTINCT o.user_id FROM room_members m JOIN room_members o ON o.room_rid = m.room_rid
            WHERE m.user_id = \(userID) AND o.user_id <> \(userID) AND \(literal: Self.notBlocked("o.user_id", viewer: userID))
            """
        ).fetchAll(db))
    }
  }

  static func requireMember(_ db: Database, roomID: String, userID: String) throws -> Int64 {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT r.rid, EXISTS (SELECT 1 FROM room_members m WHERE m.room_rid = r.rid AND m.user_id = ?) AS member
          FROM rooms r WHERE r.id = ?
          """, arguments: [userID, roomID])
    else { throw GymError.notFound("no room with id \(roomID)") }
    guard row["member"] as Bool else { throw GymError.permissionDenied("join the room first") }
    return row["rid"]
  }
}
