import Foundation
import GRDB
import GymStore

/// Messaging's database: conversations, rooms, messages, the social graph,
/// notifications and every user's durable event log. Events are written in the
/// transaction that causes them and handed to `publish` after it commits, in commit
/// order (GRDB runs commit callbacks on the serial writer). No gRPC here.
public struct MessagingStore: Sendable {
  public let writer: any DatabaseWriter
  /// Receives committed events, in commit order; the live hub.
  private let publish: @Sendable ([StoredEvent]) -> Void
  /// Puts events on their way to devices; nil: no push provider is configured.
  let push: PushRouting?

  public init(
    path: String, tuning: GymDatabase.Tuning = GymDatabase.Tuning(), publish: @escaping @Sendable ([StoredEvent]) -> Void,
    push: PushRouting? = nil
  ) throws {
    writer = try GymDatabase.openPool(at: path, migrator: MessagingMigrations.migrator, tuning: tuning)
    self.publish = publish
    self.push = push
  }

  public init(writer: any DatabaseWriter, publish: @escaping @Sendable ([StoredEvent]) -> Void, push: PushRouting? = nil) throws {
    try MessagingMigrations.migrator.migrate(writer)
    self.writer = writer
    self.publish = publish
    self.push = push
  }

  /// An event before it is stored: its owner, kind and opaque payload, the id of the
  /// message or friend request it carries (so removing that reaches every copy), and the
  /// other user whose message, request or name it carries ("" for none: it leaves the
  /// owner's log when that user's account is deleted).
  public struct EventDraft: Sendable, Equatable {
    public var userID: String
    public var kind: Int
    public var payload: Data
    public var subjectID: String?
    public var aboutID: String

    public init(userID: String, kind: Int, payload: Data, subjectID: String? = nil, aboutID: String = "") {
      self.userID = userID
      self.kind = kind
      self.payload = payload
      self.subjectID = subjectID
      self.aboutID = aboutID
    }
  }

  public struct StoredEvent: Sendable, Equatable {
    public var id: Int64
    public var userID: String
    public var kind: Int
    public var payload: Data
    public var createdAt: Date

    public init(id: Int64, userID: String, kind: Int, payload: Data, createdAt: Date) {
      self.id = id
      self.userID = userID
      self.kind = kind
      self.payload = payload
      self.createdAt = createdAt
    }
  }

  /// Appends `drafts` to their owners' logs and publishes them once the transaction commits.
  func append(_ db: Database, _ drafts: [EventDraft], now: Date) throws {
    guard !drafts.isEmpty else { return }
    let statement = try db.cachedStatement(
      sql: "INSERT INTO events (user_id, kind, payload, created_at, subject_id, about_id) VALUES (?, ?, ?, ?, ?, ?)")
    var stored: [StoredEvent] = []
    for draft in drafts {
      try statement.execute(arguments: [draft.userID, draft.kind, draft.payload, now, draft.subjectID, draft.aboutID])
      stored.append(StoredEvent(id: db.lastInsertedRowID, userID: draft.userID, kind: draft.kind, payload: draft.payload, createdAt: now))
    }
    let publish = self.publish
    let committed = stored
    db.afterNextTransaction { _ in publish(committed) }
    if let push { try enqueuePush(db, drafts, routing: push, now: now) }
  }

  /// A room's event, stored once for the room (`user_id` ''), handed to the streams of
  /// `readers` (the members who may read it) once the transaction commits. Members who
  /// replay read it from the room's log (`events(userID:after:limit:)`).
  func appendRoomEvent(_ db: Database, _ draft: EventDraft, roomRID: Int64, readers: [String], now: Date) throws {
    try db.execute(
      sql: "INSERT INTO events (user_id, kind, payload, created_at, subject_id, about_id, room_rid) VALUES ('', ?, ?, ?, ?, ?, ?)",
      arguments: [draft.kind, draft.payload, now, draft.subjectID, draft.aboutID, roomRID])
    let id = db.lastInsertedRowID
    let stored = readers.map { StoredEvent(id: id, userID: $0, kind: draft.kind, payload: draft.payload, createdAt: now) }
    let publish = self.publish
    db.afterNextTransaction { _ in publish(stored) }
    if let push { try enqueueRoomPush(db, draft, readers: readers, routing: push, now: now) }
  }

  /// The user's events after `cursor`, oldest first, at most `limit`: their own log and
  /// the logs of the rooms they are in (from when they joined), without room events
  /// about anyone in a block with them.
  public func events(userID: String, after cursor: Int64, limit: Int) async throws -> [StoredEvent] {
    try await writer.read { db in
      try SQLRequest<Row>(
        literal: """
          SELECT id, user_id, kind, payload, created_at FROM events WHERE user_id = \(userID) AND id > \(cursor)
          UNION ALL
          SELECT e.id, m.user_id, e.kind, e.payload, e.created_at
          FROM room_members m JOIN events e ON e.room_rid = m.room_rid AND e.id > MAX(\(cursor), m.since_event_id)
          WHERE m.user_id = \(userID) AND \(literal: Self.notBlocked("e.about_id", viewer: userID))
          ORDER BY id LIMIT \(limit)
          """
      ).fetchAll(db).map {
        StoredEvent(id: $0["id"], userID: $0["user_id"], kind: $0["kind"], payload: $0["payload"], createdAt: $0["created_at"])
      }
    }
  }

  /// Drops events older than `cutoff`, remembering per user (and per room, for room
  /// events) the newest id dropped.
  @discardableResult
  public func trimEvents(olderThan cutoff: Date) async throws -> Int {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO event_floors (user_id, floor_id)
          SELECT user_id, MAX(id) FROM events WHERE created_at < ? AND room_rid IS NULL GROUP BY user_id
          ON CONFLICT (user_id) DO UPDATE SET floor_id = MAX(floor_id, excluded.floor_id)
          """, arguments: [cutoff])
      try db.execute(
        sql: """
          UPDATE rooms SET floor_id = MAX(floor_id, (SELECT MAX(id) FROM events e WHERE e.room_rid = rooms.rid AND e.created_at < ?))
          WHERE rid IN (SELECT DISTINCT room_rid FROM events WHERE created_at < ? AND room_rid IS NOT NULL)
          """, arguments: [cutoff, cutoff])
      try db.execute(sql: "DELETE FROM events WHERE created_at < ?", arguments: [cutoff])
      return db.changesCount
    }
  }

  /// The newest trimmed event id the user could have read (0 when nothing was trimmed):
  /// from their own log, or from a room they are in, trimmed after they joined it.
  public func eventFloor(userID: String) async throws -> Int64 {
    try await writer.read { db in
      let own = try Int64.fetchOne(db, sql: "SELECT floor_id FROM event_floors WHERE user_id = ?", arguments: [userID]) ?? 0
      let rooms =
        try Int64.fetchOne(
          db,
          sql: """
            SELECT MAX(r.floor_id) FROM room_members m JOIN rooms r ON r.rid = m.room_rid
            WHERE m.user_id = ? AND r.floor_id > m.since_event_id
            """, arguments: [userID]) ?? 0
      return max(own, rooms)
    }
  }
}
