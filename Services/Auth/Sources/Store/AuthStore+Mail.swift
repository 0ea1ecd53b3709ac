import Foundation
import GRDB

/// The mail outbox: a message is queued in the transaction that decides to send it, then
/// `MailSender` delivers it, each message with its own retry state. No address gets more
/// than `mailPerRecipientPerDay` messages in 24 hours, whoever asks for them.
extension AuthStore {
  /// How long until `recipient` may be mailed again; nil while under the day's cap.
  func mailCapWait(_ db: Database, to recipient: String, now: Date) throws -> TimeInterval? {
    // The newest `cap` mails: when there are that many, a place frees up as the oldest of
    // them turns 24 hours old.
    let recent = try Date.fetchAll(
      db, sql: "SELECT created_at FROM mail_outbox WHERE recipient = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?",
      arguments: [recipient, now.addingTimeInterval(-86_400), mailPerRecipientPerDay])
    guard recent.count >= mailPerRecipientPerDay, let oldest = recent.last else { return nil }
    return max(1, oldest.addingTimeInterval(86_400).timeIntervalSince(now))
  }

  /// Queues a message for the mail sender (or the development sink), inside the caller's
  /// transaction, its body sealed. False, and nothing queued, when the recipient has had
  /// the day's share already.
  @discardableResult
  func queueMail(_ db: Database, id: String? = nil, to recipient: String, subject: String, body: String, now: Date) throws -> Bool {
    if try mailCapWait(db, to: recipient, now: now) != nil { return false }
    try db.execute(
      sql: "INSERT INTO mail_outbox (id, recipient, subject, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [id ?? UUID().uuidString.lowercased(), recipient, subject, try mailSeal.seal(body), now, now])
    return true
  }

  /// Queues a message another service wrote for `userID`'s own address (messaging's
  /// digest): not for a missing or banned account, nor an unverified address when
  /// `requireVerified`. `id` is the sender's: a message already queued under it is not
  /// queued again (true, as the first time).
  public func queueUserMail(
    userID: String, id: String, subject: String, body: String, requireVerified: Bool, now: Date
  ) async throws -> Bool {
    let mailID = "user-mail:" + id
    return try await writer.write { db in
      if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE id = ?)", arguments: [mailID]) == true {
        return true
      }
      guard let user = try Self.user(db, id: userID), !user.isBanned(at: now), !requireVerified || user.emailVerifiedAt != nil else {
        return false
      }
      return try queueMail(db, id: mailID, to: user.email, subject: subject, body: body, now: now)
    }
  }

  /// Mail due for an attempt at `now` (neither delivered nor given up), the longest waiting first.
  public func dueMail(now: Date, limit: Int) async throws -> [MailRow] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
          ORDER BY next_attempt_at, id LIMIT ?
          """,
        arguments: [now, limit]
      ).map { MailRow(row: $0, seal: mailSeal) }
    }
  }

  /// Delivered: the body (codes, links) is erased, the envelope kept.
  public func markMailSent(id: String, now: Date) async throws {
    try await writer.write { db in
      try db.execute(
        sql: "UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1, next_attempt_at = NULL, body = '' WHERE id = ?",
        arguments: [now, id])
    }
  }

  /// What became of a message whose attempt failed.
  public enum MailRetry: Sendable, Equatable {
    case retryAt(Date)
    /// Given up (refused for good, out of attempts or too old): marked failed, body erased.
    case failed
  }

  /// Records a failed attempt: a permanent failure, or one past what `retry` allows, ends
  /// the message; anything else schedules the next attempt. Only this message waits.
  @discardableResult
  public func recordMailFailure(
    id: String, error: String, permanent: Bool, retry: MailRetryPolicy, now: Date
  ) async throws -> MailRetry {
    try await writer.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT attempts, created_at FROM mail_outbox WHERE id = ?", arguments: [id]) else {
        return .failed  // pruned meanwhile
      }
      let attempts = (row["attempts"] as Int) + 1
      let reason = String(error.prefix(500))
      if !permanent, let next = retry.nextAttempt(after: attempts, queuedAt: row["created_at"], now: now) {
        try db.execute(
          sql: "UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
          arguments: [attempts, next, reason, id])
        return .retryAt(next)
      }
      try db.execute(
        sql: "UPDATE mail_outbox SET attempts = ?, next_attempt_at = NULL, failed_at = ?, last_error = ?, body = '' WHERE id = ?",
        arguments: [attempts, now, reason, id])
      return .failed
    }
  }
}
