import Foundation
import GRDB
import GymStore

/// What other services and operator tools read through `AuthInternal`: users by key,
/// the revocation feed, the development mail sink, and a user's sessions.
extension AuthStore {
  public func lookup(ids: [String], emails: [String], usernames: [String]) async throws -> [UserRecord] {
    try await writer.read { db in
      try UserRecord.filter(
        ids.contains(UserRecord.Columns.id) || emails.map(Identifiers.emailKey).contains(UserRecord.Columns.email)
          || usernames.map { $0.lowercased() }.contains(UserRecord.Columns.usernameKey)
      ).fetchAll(db)
    }
  }

  public struct RevocationRow: Sendable {
    public var cursor: Int64
    public var sessionID: String?
    public var userID: String?
    public var revokedAt: Date
    public var notBefore: Date?
  }

  /// The newest revocation cursor ever issued (AUTOINCREMENT keeps it after pruning).
  public func revocationHead() async throws -> Int64 {
    try await writer.read { db in
      try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'revocations'") ?? 0
    }
  }

  public func revocations(after cursor: Int64, limit: Int) async throws -> [RevocationRow] {
    try await writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM revocations WHERE cursor > ? ORDER BY cursor LIMIT ?", arguments: [cursor, limit]
      ).map {
        RevocationRow(cursor: $0["cursor"], sessionID: $0["session_id"], userID: $0["user_id"], revokedAt: $0["revoked_at"], notBefore: $0["not_before"])
      }
    }
  }

  public struct MailRow: Sendable {
    public var id: String
    public var recipient: String
    public var subject: String
    public var body: String
    public var createdAt: Date
    /// Delivery so far: attempts that failed or succeeded, when the next is due (while
    /// queued), and how it ended.
    public var attempts: Int
    public var nextAttemptAt: Date?
    public var sentAt: Date?
    public var failedAt: Date?
    public var lastError: String?

    init(row: Row, seal: MailSeal) {
      (id, recipient, subject, createdAt) = (row["id"], row["recipient"], row["subject"], row["created_at"])
      body = seal.open(row["body"])
      (attempts, nextAttemptAt) = (row["attempts"], row["next_attempt_at"])
      (sentAt, failedAt, lastError) = (row["sent_at"], row["failed_at"], row["last_error"])
    }
  }

  public func mail(to recipient: String?, offset: Int, limit: Int) async throws -> [MailRow] {
    try await writer.read { db in
      // An `SQL` literal binds the recipient, limit and offset as `?` arguments where
      // they appear.
      var filter: SQL = ""
      if let recipient {
        filter = "WHERE recipient = \(Identifiers.emailKey(recipient))"
      }
      return try SQLRequest<Row>(
        literal: "SELECT * FROM mail_outbox \(literal: filter) ORDER BY created_at DESC, id LIMIT \(limit) OFFSET \(offset)"
      ).fetchAll(db).map { MailRow(row: $0, seal: mailSeal) }
    }
  }

  /// Active sessions of a user, newest first.
  public func sessions(userID: String, now: Date, offset: Int, limit: Int) async throws -> [SessionRecord] {
    try await writer.read { db in
      try SessionRecord.fetchAll(
        db, sql: "SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?",
        arguments: [userID, now, limit, offset])
    }
  }
}
