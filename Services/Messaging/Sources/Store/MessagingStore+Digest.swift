import Foundation
import GRDB
import GymStore

/// The daily email digest: an event of a kind the user keeps in their digest marks a
/// digest due at their next digest time (in their zone); when it is due, what of those
/// kinds arrived since the last digest and is still unread becomes one mail, queued for
/// auth (which owns the address) in the transaction that clears the mark. Nothing
/// unread by then: no mail.
extension MessagingStore {
  /// Marks `userID`'s digest due, inside the transaction storing an event of `kind`,
  /// when they keep that kind in it and no digest is due already.
  static func markDigestDue(_ db: Database, userID: String, kind: PushKind, now: Date) throws {
    guard kind.offersEmailDigest else { return }
    // Already due (the usual case after the first message of the day): nothing to read.
    let due = try Row.fetchOne(
      db.cachedStatement(sql: "SELECT due_at IS NOT NULL FROM email_digests WHERE user_id = ?"), arguments: [userID])
    if due?[0] == true { return }
    let settings = try notificationSettings(db, userID: userID)
    guard settings.inEmailDigest(kind) else { return }
    try db.execute(
      sql: """
        INSERT INTO email_digests (user_id, due_at) VALUES (?, ?)
        ON CONFLICT (user_id) DO UPDATE SET due_at = COALESCE(email_digests.due_at, excluded.due_at)
        """, arguments: [userID, settings.nextDigest(after: now, in: try zone(db, userID: userID))])
  }

  /// The user's zone as their profile gives it; UTC without one.
  static func zone(_ db: Database, userID: String) throws -> TimeZone {
    let name = try String.fetchOne(db, sql: "SELECT time_zone FROM user_projection WHERE user_id = ?", arguments: [userID])
    return name.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
  }

  /// Users whose digest is due by `now`, the longest waiting first.
  public func dueDigests(now: Date, limit: Int) async throws -> [String] {
    try await writer.read { db in
      try String.fetchAll(
        db, sql: "SELECT user_id FROM email_digests WHERE due_at <= ? ORDER BY due_at LIMIT ?", arguments: [now, limit])
    }
  }

  /// When `userID`'s digest is due; nil when none is.
  public func digestDue(userID: String) async throws -> Date? {
    try await writer.read { db in
      try Date.fetchOne(db, sql: "SELECT due_at FROM email_digests WHERE user_id = ?", arguments: [userID])
    }
  }

  /// Takes `userID`'s due digest: reads what it lists, and in the same transaction
  /// clears the mark, records the time, and queues the mail `compose` makes of it for
  /// auth. Nil (nothing done) when no digest is due by `now`; an empty content is not
  /// mailed.
  public func takeDigest(
    userID: String, now: Date, compose: @Sendable (DigestContent) throws -> UserMail
  ) async throws -> DigestContent? {
    try await writer.write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT due_at, last_sent_at FROM email_digests WHERE user_id = ? AND due_at <= ?", arguments: [userID, now])
      else { return nil }
      // What arrived since the last digest (a week at most: older news is not news).
      let weekAgo = now.addingTimeInterval(-7 * 86_400)
      let since = max((row["last_sent_at"] as Date?) ?? weekAgo, weekAgo)
      let settings = try Self.notificationSettings(db, userID: userID)
      let content = try Self.digestContent(db, userID: userID, since: since, settings: settings, now: now)
      try db.execute(
        sql: "UPDATE email_digests SET due_at = NULL, last_sent_at = ? WHERE user_id = ?", arguments: [now, userID])
      if !content.isEmpty {
        let mail = try compose(content)
        try Outbox.enqueue(db, destination: .auth, kind: .userMail, payload: try JSONEncoder().encode(mail))
      }
      return content
    }
  }

  static func digestContent(
    _ db: Database, userID: String, since: Date, settings: NotificationSettings, now: Date
  ) throws -> DigestContent {
    var content = DigestContent()
    content.displayName = try name(db, userID: userID)
    content.digestMinute = settings.digestTime
    if settings.inEmailDigest(.directMessage) {
      let senders = try Row.fetchAll(
        db,
        SQLRequest<Row>(
          literal: """
            SELECT m.sender_id, COUNT(*) AS unread, MAX(m.rid) AS last_rid
            FROM conversations c JOIN messages m ON m.conversation_rid = c.rid
            WHERE (c.user_a = \(userID) OR c.user_b = \(userID)) AND m.sender_id <> \(userID) AND m.deleted_reason IS NULL
              AND m.sent_at > \(since)
              AND m.rid > COALESCE(
                (SELECT last_read_rid FROM conversation_reads r WHERE r.conversation_rid = c.rid AND r.user_id = \(userID)), 0)
              AND \(visibleAuthor("m.sender_id", now: now)) AND \(notBlocked("m.sender_id", viewer: userID))
            GROUP BY m.sender_id ORDER BY last_rid DESC LIMIT \(DigestContent.maxEntries)
            """))
      for sender in senders {
        let latest = try String.fetchOne(db, sql: "SELECT text FROM messages WHERE rid = ?", arguments: [sender["last_rid"] as Int64])
        content.conversations.append(
          .init(sender: try name(db, userID: sender["sender_id"]), unread: sender["unread"], latest: latest ?? ""))
        content.aboutUserIDs.insert(sender["sender_id"])
      }
    }
    if settings.inEmailDigest(.friendRequest) {
      let senders = try String.fetchAll(
        db,
        SQLRequest<String>(
          literal: """
            SELECT f.from_id FROM friend_requests f
            WHERE f.to_id = \(userID) AND f.state = 1 AND f.created_at > \(since)
              AND \(visibleAuthor("f.from_id", now: now)) AND \(notBlocked("f.from_id", viewer: userID))
            ORDER BY f.rid DESC LIMIT \(DigestContent.maxEntries)
            """))
      content.friendRequests = try senders.map { try name(db, userID: $0) }
      content.aboutUserIDs.formUnion(senders)
    }
    // A notification about someone blocked either way, or banned, is left out, as
    // their messages are.
    let notifications = try Row.fetchAll(
      db,
      SQLRequest<Row>(
        literal: """
          SELECT n.kind, n.title, n.body, n.about_id FROM notifications n
          WHERE n.user_id = \(userID) AND n.read = 0 AND n.created_at > \(since)
            AND (n.about_id IS NULL OR n.about_id = ''
              OR (\(visibleAuthor("n.about_id", now: now)) AND \(notBlocked("n.about_id", viewer: userID))))
          ORDER BY n.rid DESC LIMIT \(DigestContent.maxEntries * 4)
          """))
    for row in notifications {
      guard let kind = PushKind(contentKind: row["kind"]), settings.inEmailDigest(kind) else { continue }
      guard content.notifications.count < DigestContent.maxEntries else { break }
      content.notifications.append(.init(title: row["title"], body: row["body"]))
      if let about: String = row["about_id"], !about.isEmpty { content.aboutUserIDs.insert(about) }
    }
    return content
  }

  /// How the digest names a user: their display name, else their username.
  private static func name(_ db: Database, userID: String) throws -> String {
    guard let row = try Row.fetchOne(db, sql: "SELECT username, display_name FROM user_projection WHERE user_id = ?", arguments: [userID])
    else { return "Someone" }
    let display: String = row["display_name"]
    return display.isEmpty ? row["username"] : display
  }
}

/// What one digest lists: unread direct messages by sender, pending friend requests,
/// unread notifications (each of the kinds the user keeps in it), newest first.
public struct DigestContent: Sendable, Equatable {
  /// At most this many of each part.
  public static let maxEntries = 20

  public struct Conversation: Sendable, Equatable {
    public var sender: String
    public var unread: Int
    public var latest: String
  }

  public struct Notification: Sendable, Equatable {
    public var title: String
    public var body: String
  }

  /// The recipient's name, for the greeting.
  public var displayName = ""
  /// Their digest's time (minutes in their zone), for the footer.
  public var digestMinute = NotificationSettings.defaultDigestMinute
  /// The other users it names or quotes: their account's deletion takes a digest still
  /// waiting in the outbox with it.
  public var aboutUserIDs: Set<String> = []
  public var conversations: [Conversation] = []
  public var friendRequests: [String] = []
  public var notifications: [Notification] = []

  public init() {}

  public var isEmpty: Bool { conversations.isEmpty && friendRequests.isEmpty && notifications.isEmpty }
}

/// A mail for a user's own address, as messaging's outbox hands it to auth.
public struct UserMail: Codable, Sendable, Equatable {
  public var userID: String
  /// Auth queues one mail per id, however often the job is delivered.
  public var id: String
  public var subject: String
  public var body: String
  /// The other users it names (`DigestContent.aboutUserIDs`), for erasure.
  public var about: [String]

  public init(userID: String, id: String, subject: String, body: String, about: [String] = []) {
    self.userID = userID
    self.id = id
    self.subject = subject
    self.body = body
    self.about = about
  }
}
