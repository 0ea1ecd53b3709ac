import Foundation
import GRDB

/// Rows whose purpose has passed, removed on a schedule (`AuthHousekeeping`): codes and
/// tokens that can no longer be used are secrets nobody needs to keep.
extension AuthStore {
  /// How long each kind of row is kept once it can no longer be used.
  public struct Retention: Sendable, Equatable {
    /// After a session expired or was revoked (its refresh tokens go with it).
    public var endedSessions: TimeInterval = 30 * 86_400
    /// After a reset code expired or was used.
    public var spentResets: TimeInterval = 86_400
    /// Mail of any state: codes in it expire within a day; the envelope helps support.
    public var mail: TimeInterval = 7 * 86_400
    /// Revocations outlive the longest access token (24 h) they could apply to.
    public var revocations: TimeInterval = 25 * 3600
    /// Who viewed whom: only as long as it takes to count each viewer once a day.
    public var profileViews: TimeInterval = 2 * 86_400

    public init() {}
  }

  public struct Pruned: Sendable, Equatable {
    public var sessions = 0
    public var refreshTokens = 0
    public var resets = 0
    public var verifications = 0
    public var verificationFailures = 0
    public var mail = 0
    public var revocations = 0
    public var profileViews = 0

    public var total: Int {
      sessions + refreshTokens + resets + verifications + verificationFailures + mail + revocations + profileViews
    }
  }

  /// Removes what `retention` no longer keeps, in one transaction.
  public func prune(retention: Retention = Retention(), now: Date) async throws -> Pruned {
    try await writer.write { db in
      var pruned = Pruned()
      let sessionHorizon = now.addingTimeInterval(-retention.endedSessions)
      let ended = "expires_at < :horizon OR revoked_at < :horizon"
      pruned.refreshTokens =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE \(ended))",
          arguments: ["horizon": sessionHorizon]) ?? 0
      // Deleted explicitly rather than left to ON DELETE CASCADE, so the count is exact.
      try db.execute(
        sql: "DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE \(ended))",
        arguments: ["horizon": sessionHorizon])
      try db.execute(sql: "DELETE FROM sessions WHERE \(ended)", arguments: ["horizon": sessionHorizon])
      pruned.sessions = db.changesCount
      try db.execute(
        sql: "DELETE FROM password_resets WHERE expires_at < :horizon OR used_at < :horizon",
        arguments: ["horizon": now.addingTimeInterval(-retention.spentResets)])
      pruned.resets = db.changesCount
      try db.execute(sql: "DELETE FROM email_verifications WHERE expires_at < ?", arguments: [now])
      pruned.verifications = db.changesCount
      // Wrong codes count against an account for a day, then not at all.
      try db.execute(sql: "DELETE FROM email_verification_failures WHERE failed_at <= ?", arguments: [now.addingTimeInterval(-86_400)])
      pruned.verificationFailures = db.changesCount
      try db.execute(sql: "DELETE FROM mail_outbox WHERE created_at < ?", arguments: [now.addingTimeInterval(-retention.mail)])
      pruned.mail = db.changesCount
      // The head cursor is read from sqlite_sequence, so deleting old rows never moves it back.
      try db.execute(sql: "DELETE FROM revocations WHERE revoked_at < ?", arguments: [now.addingTimeInterval(-retention.revocations)])
      pruned.revocations = db.changesCount
      try db.execute(
        sql: "DELETE FROM profile_views WHERE day < ?", arguments: [ProfileViewCounter.day(of: now.addingTimeInterval(-retention.profileViews))])
      pruned.profileViews = db.changesCount
      return pruned
    }
  }
}
