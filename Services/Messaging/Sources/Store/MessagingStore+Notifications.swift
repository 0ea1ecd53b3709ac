import Foundation
import GRDB

extension MessagingStore {
  public struct NotificationRecord: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var kind: String
    public var title: String
    public var body: String
    public var reference: String
    public var read: Bool
    public var createdAt: Date
    /// The other user the notification names, if any: it goes with their account.
    public var aboutID: String?

    public init(
      id: String, userID: String, kind: String, title: String, body: String, reference: String, read: Bool = false, createdAt: Date,
      aboutID: String? = nil
    ) {
      self.aboutID = aboutID
      self.id = id
      self.userID = userID
      self.kind = kind
      self.title = title
      self.body = body
      self.reference = reference
      self.read = read
      self.createdAt = createdAt
    }

    init(row: Row) {
      self.init(
        id: row["id"], userID: row["user_id"], kind: row["kind"], title: row["title"], body: row["body"],
        reference: row["reference"], read: row["read"], createdAt: row["created_at"], aboutID: row["about_id"])
    }
  }

  /// Stores the notification and its event, unless `idempotencyKey` was seen for this
  /// user: then the first one is returned and `created` is false.
  public func notify(
    _ notification: NotificationRecord, idempotencyKey: String?, events: @Sendable (NotificationRecord) throws -> [EventDraft]
  ) async throws -> (NotificationRecord, created: Bool) {
    try await writer.write { db in try storeNotification(db, notification, idempotencyKey: idempotencyKey, events: events) }
  }

  /// `notify` inside a caller's transaction.
  func storeNotification(
    _ db: Database, _ notification: NotificationRecord, idempotencyKey: String?, events: (NotificationRecord) throws -> [EventDraft]
  ) throws -> (NotificationRecord, created: Bool) {
    if let idempotencyKey,
      let existing = try Row.fetchOne(
        db, sql: "SELECT * FROM notifications WHERE user_id = ? AND idempotency_key = ?", arguments: [notification.userID, idempotencyKey])
    {
      return (NotificationRecord(row: existing), false)
    }
    _ = try insertNotification(db, notification, idempotencyKey: idempotencyKey)
    try append(db, try events(notification), now: notification.createdAt)
    return (notification, true)
  }

  /// Stores a notification in the caller's transaction; false (nothing stored) when its
  /// idempotency key was seen for this user.
  func insertNotification(_ db: Database, _ notification: NotificationRecord, idempotencyKey: String?) throws -> Bool {
    try db.execute(
      sql: """
        INSERT INTO notifications (id, user_id, kind, title, body, reference, idempotency_key, created_at, about_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id, idempotency_key) DO NOTHING
        """,
      arguments: [
        notification.id, notification.userID, notification.kind, notification.title, notification.body,
        notification.reference, idempotencyKey, notification.createdAt, notification.aboutID,
      ])
    guard db.changesCount == 1 else { return false }
    if let kind = PushKind(contentKind: notification.kind) {
      try Self.markDigestDue(db, userID: notification.userID, kind: kind, now: notification.createdAt)
    }
    return true
  }

  /// Newest first; with the unread count.
  public func notifications(userID: String, unreadOnly: Bool, limit: Int, offset: Int) async throws -> ([NotificationRecord], unread: Int) {
    try await writer.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM notifications WHERE user_id = ? AND (? = 0 OR read = 0) ORDER BY rid DESC LIMIT ? OFFSET ?
          """, arguments: [userID, unreadOnly, limit, offset])
      let unread = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read = 0", arguments: [userID]) ?? 0
      return (rows.map(NotificationRecord.init(row:)), unread)
    }
  }

  /// Marks the given ones (or all) read; the unread count left.
  public func markNotificationsRead(userID: String, ids: [String]) async throws -> Int {
    try await writer.write { db in
      if ids.isEmpty {
        try db.execute(sql: "UPDATE notifications SET read = 1 WHERE user_id = ?", arguments: [userID])
      } else {
        try db.execute(literal: "UPDATE notifications SET read = 1 WHERE user_id = \(userID) AND id IN \(ids)")
      }
      return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read = 0", arguments: [userID]) ?? 0
    }
  }
}
