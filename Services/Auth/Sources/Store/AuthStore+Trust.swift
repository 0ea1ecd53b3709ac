import Foundation
import GRDB
import GymStore

/// What makes an account trusted: a verified email, a trainer role an administrator
/// granted, and activity (accounts left unused are noticed and then removed).
extension AuthStore {
  // MARK: Email verification

  public enum VerificationStart: Sendable, Equatable {
    case sent(expiresAt: Date)
    case alreadyVerified
    /// A code went out less than `minimumGap` ago.
    case tooSoon(retryAfter: TimeInterval)
    /// The address had its day's share of mail; the current code (if any) stays.
    case mailCapped(retryAfter: TimeInterval)
  }

  /// Replaces the user's code with `code` (stored hashed) and mails it, in one transaction.
  public func startEmailVerification(
    userID: String, code: String, lifetime: TimeInterval, minimumGap: TimeInterval,
    mail: @escaping @Sendable (UserRecord, String) -> (subject: String, body: String), now: Date
  ) async throws -> VerificationStart {
    try await writer.write { db in
      guard let user = try UserRecord.fetchOne(db, key: userID) else { throw AuthError.sessionEnded }
      if user.emailVerifiedAt != nil { return .alreadyVerified }
      if let last = try Date.fetchOne(db, sql: "SELECT created_at FROM email_verifications WHERE user_id = ?", arguments: [userID]) {
        let waited = now.timeIntervalSince(last)
        if waited < minimumGap { return .tooSoon(retryAfter: minimumGap - waited) }
      }
      guard let expiresAt = try replaceVerificationCode(db, user: user, code: code, lifetime: lifetime, mail: mail, now: now) else {
        return .mailCapped(retryAfter: try mailCapWait(db, to: user.email, now: now) ?? 86_400)
      }
      return .sent(expiresAt: expiresAt)
    }
  }

  /// Stores a new code and queues its mail; nil, with neither done, when the address had
  /// its day's share of mail (a code nobody receives would only replace one they did).
  @discardableResult
  func replaceVerificationCode(
    _ db: Database, user: UserRecord, code: String, lifetime: TimeInterval,
    mail: (UserRecord, String) -> (subject: String, body: String), now: Date
  ) throws -> Date? {
    let message = mail(user, code)
    guard try queueMail(db, to: user.email, subject: message.subject, body: message.body, now: now) else { return nil }
    let expiresAt = now.addingTimeInterval(lifetime)
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO email_verifications (user_id, email, code_hash, created_at, expires_at, attempts)
        VALUES (?, ?, ?, ?, ?, 0)
        """, arguments: [user.id, user.email, Self.verificationHash(code, userID: user.id), now, expiresAt])
    return expiresAt
  }

  public enum VerificationResult: Sendable, Equatable {
    case verified(UserRecord)
    case alreadyVerified(UserRecord)
    /// Wrong code; `remaining` more tries before the code (or the day's tries) is spent.
    case wrong(remaining: Int)
    /// No live code: none asked for, expired, for another address, or out of tries.
    case noCode
    /// The account's wrong codes in the last 24 hours reached the limit (this attempt's
    /// included): no code is checked until `retryAfter` has passed, whichever code it is.
    case locked(retryAfter: TimeInterval)
  }

  /// Checks `code`; a wrong one uses up one of `maxAttempts` tries of this code and one of
  /// `maxFailuresPerDay` tries of the account, which asking for new codes does not restore.
  public func verifyEmail(
    userID: String, code: String, maxAttempts: Int, maxFailuresPerDay: Int, now: Date
  ) async throws -> VerificationResult {
    try await writer.write { db in
      guard var user = try UserRecord.fetchOne(db, key: userID) else { throw AuthError.sessionEnded }
      if user.emailVerifiedAt != nil { return .alreadyVerified(user) }
      // The newest failures of the day: when there are `maxFailuresPerDay`, a try frees up
      // as the oldest of them turns 24 hours old.
      let failures = try Date.fetchAll(
        db,
        sql: "SELECT failed_at FROM email_verification_failures WHERE user_id = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT ?",
        arguments: [userID, now.addingTimeInterval(-86_400), maxFailuresPerDay])
      if failures.count >= maxFailuresPerDay, let oldest = failures.last {
        return .locked(retryAfter: max(1, oldest.addingTimeInterval(86_400).timeIntervalSince(now)))
      }
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM email_verifications WHERE user_id = ?", arguments: [userID]),
        (row["expires_at"] as Date) > now, (row["email"] as String) == user.email, (row["attempts"] as Int) < maxAttempts
      else { return .noCode }
      guard (row["code_hash"] as Data) == Self.verificationHash(code, userID: userID) else {
        try db.execute(sql: "UPDATE email_verifications SET attempts = attempts + 1 WHERE user_id = ?", arguments: [userID])
        try db.execute(sql: "INSERT INTO email_verification_failures (user_id, failed_at) VALUES (?, ?)", arguments: [userID, now])
        let failedToday = failures.count + 1
        if failedToday >= maxFailuresPerDay {
          let oldest = failures.last ?? now
          return .locked(retryAfter: max(1, oldest.addingTimeInterval(86_400).timeIntervalSince(now)))
        }
        return .wrong(remaining: min(maxAttempts - (row["attempts"] as Int) - 1, maxFailuresPerDay - failedToday))
      }
      try db.execute(sql: "DELETE FROM email_verifications WHERE user_id = ?", arguments: [userID])
      user.emailVerifiedAt = now
      user.updatedAt = now
      try user.update(db)
      return .verified(user)
    }
  }

  /// Codes are short (six digits): salting with the user id keeps one table of hashes
  /// from answering for every account.
  static func verificationHash(_ code: String, userID: String) -> Data {
    hash(userID + ":" + code)
  }

  // MARK: Trainer role

  public struct TrainerRoleRequestRow: Sendable, Equatable, FetchableRecord {
    public var id: String
    public var userID: String
    public var username: String
    public var note: String
    public var state: String  // pending, approved, rejected
    public var createdAt: Date
    public var decidedAt: Date?
    public var decidedBy: String?
    public var decisionNote: String

    public init(row: Row) throws {
      id = row["id"]
      userID = row["user_id"]
      username = row["username"] ?? ""
      note = row["note"]
      state = row["state"]
      createdAt = row["created_at"]
      decidedAt = row["decided_at"]
      decidedBy = row["decided_by"]
      decisionNote = row["decision_note"]
    }
  }

  private static let requestColumns = "trainer_role_requests.*, users.username"

  /// Files a request inside the caller's transaction.
  static func insertTrainerRoleRequest(_ db: Database, id: String, userID: String, note: String, now: Date) throws -> TrainerRoleRequestRow {
    try db.execute(
      sql: "INSERT INTO trainer_role_requests (id, user_id, note, state, created_at) VALUES (?, ?, ?, 'pending', ?)",
      arguments: [id, userID, note, now])
    return try fetchTrainerRoleRequest(db, id: id)!
  }

  static func fetchTrainerRoleRequest(_ db: Database, id: String) throws -> TrainerRoleRequestRow? {
    try TrainerRoleRequestRow.fetchOne(
      db, sql: "SELECT \(requestColumns) FROM trainer_role_requests JOIN users ON users.id = user_id WHERE trainer_role_requests.id = ?",
      arguments: [id])
  }

  public func requestTrainerRole(id: String, userID: String, note: String, now: Date) async throws -> TrainerRoleRequestRow {
    try await writer.write { db in
      guard let user = try UserRecord.fetchOne(db, key: userID) else { throw AuthError.sessionEnded }
      guard user.role == "member" else { throw GymError.failedPrecondition("you already hold the \(user.role) role") }
      if try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM trainer_role_requests WHERE user_id = ? AND state = 'pending')", arguments: [userID]) == true
      {
        throw AuthError.trainerRoleRequestPending
      }
      return try Self.insertTrainerRoleRequest(db, id: id, userID: userID, note: note, now: now)
    }
  }

  /// The user's latest request, if any.
  public func latestTrainerRoleRequest(userID: String) async throws -> TrainerRoleRequestRow? {
    try await writer.read { db in try Self.latestTrainerRoleRequest(db, userID: userID) }
  }

  static func latestTrainerRoleRequest(_ db: Database, userID: String) throws -> TrainerRoleRequestRow? {
    // Every GetMe reads it: a cached statement is prepared (and authorized) once per
    // connection, which a profile of GetMe showed costing more than the query.
    try SQLRequest<TrainerRoleRequestRow>(
      sql: """
        SELECT \(Self.requestColumns) FROM trainer_role_requests JOIN users ON users.id = user_id
        WHERE user_id = ? ORDER BY trainer_role_requests.created_at DESC, trainer_role_requests.id DESC LIMIT 1
        """, arguments: [userID], cached: true
    ).fetchOne(db)
  }

  /// The account as its owner sees it (GetMe): the user and their latest trainer-role
  /// request, in one read.
  public func ownAccount(userID: String) async throws -> (user: UserRecord, trainerRoleRequest: TrainerRoleRequestRow?)? {
    try await writer.read { db in
      guard let user = try Self.user(db, id: userID) else { return nil }
      return (user, try Self.latestTrainerRoleRequest(db, userID: userID))
    }
  }

  public func trainerRoleRequests(state: String?, offset: Int, limit: Int) async throws -> [TrainerRoleRequestRow] {
    try await writer.read { db in
      let filter: SQL = state.map { "WHERE state = \($0)" } ?? ""
      return try SQLRequest<TrainerRoleRequestRow>(
        literal: """
          SELECT \(literal: SQL(sql: Self.requestColumns)) FROM trainer_role_requests JOIN users ON users.id = user_id
          \(literal: filter) ORDER BY trainer_role_requests.created_at, trainer_role_requests.id LIMIT \(limit) OFFSET \(offset)
          """
      ).fetchAll(db)
    }
  }

  /// Approves (the member becomes a trainer) or rejects a pending request and mails the
  /// member, in one transaction.
  public func decideTrainerRole(
    requestID: String, approve: Bool, note: String, adminID: String, lifecycleDestinations: [Outbox.Destination] = [],
    mail: @escaping @Sendable (UserRecord, Bool) -> (subject: String, body: String), now: Date
  ) async throws -> TrainerRoleRequestRow {
    try await writer.write { db in
      guard let request = try Self.fetchTrainerRoleRequest(db, id: requestID) else {
        throw GymError.notFound("no trainer-role request with id \(requestID)")
      }
      guard request.state == "pending" else {
        throw GymError.failedPrecondition("the request was already \(request.state)")
      }
      try db.execute(
        sql: "UPDATE trainer_role_requests SET state = ?, decided_at = ?, decided_by = ?, decision_note = ? WHERE id = ?",
        arguments: [approve ? "approved" : "rejected", now, adminID, note, requestID])
      guard var user = try UserRecord.fetchOne(db, key: request.userID) else { throw GymError.notFound("the requester's account is gone") }
      // An administrator who asked keeps the higher role.
      if approve && user.role == "member" {
        user.role = "trainer"
        user.updatedAt = now
        Self.advanceVersion(&user, now: now)
        try user.update(db)
        try Self.enqueueUpdate(db, user, to: lifecycleDestinations, now: now)
      }
      let message = mail(user, approve)
      try queueMail(db, to: user.email, subject: message.subject, body: message.body, now: now)
      return try Self.fetchTrainerRoleRequest(db, id: requestID)!
    }
  }

  // MARK: Activity

  /// Sign-ins and refreshes mark the account active (and cancel a pending removal notice).
  static func markActive(_ db: Database, userID: String, now: Date) throws {
    try db.execute(
      sql: "UPDATE users SET last_active_at = ?, inactive_notice_at = NULL WHERE id = ?", arguments: [now, userID])
  }

  public struct InactivePurge: Sendable, Equatable {
    public var notified: [UserRecord] = []
    public var purged: [String] = []
  }

  /// Mails a notice to accounts inactive since `inactiveSince` (administrators excepted)
  /// and deletes, as `deleteAccount` does, those noticed before `noticedBefore` that
  /// stayed inactive. One transaction (erasing, as a deletion does), so a sign-in in
  /// between either cancels the notice first or happens after the account is gone. With
  /// `maximumPurged`, more accounts due than that refuses the whole purge (the operator
  /// was shown fewer).
  public func purgeInactive(
    inactiveSince: Date, noticedBefore: Date, dryRun: Bool, maximumPurged: Int? = nil, purgeDestinations: [Outbox.Destination],
    notice: @escaping @Sendable (UserRecord) -> (subject: String, body: String), now: Date
  ) async throws -> InactivePurge {
    let result = try await GymDatabase.erase(writer) { db -> InactivePurge in
      var result = InactivePurge()
      let due = try UserRecord.fetchAll(
        db,
        sql: """
          SELECT * FROM users WHERE role <> 'admin' AND last_active_at < ?
          AND inactive_notice_at IS NOT NULL AND inactive_notice_at <= ?
          """, arguments: [inactiveSince, noticedBefore])
      result.purged = due.map(\.id)
      if let maximumPurged, due.count > maximumPurged {
        throw GymError.failedPrecondition(
          "\(due.count) accounts are due for removal now, more than the \(maximumPurged) the dry run counted: run it with --dry-run again")
      }
      result.notified = try UserRecord.fetchAll(
        db, sql: "SELECT * FROM users WHERE role <> 'admin' AND last_active_at < ? AND inactive_notice_at IS NULL",
        arguments: [inactiveSince])
      if dryRun { return result }
      for user in due {
        try Self.deleteAccount(db, userID: user.id, purgeDestinations: purgeDestinations, now: now)
      }
      for user in result.notified {
        try db.execute(sql: "UPDATE users SET inactive_notice_at = ? WHERE id = ?", arguments: [now, user.id])
        let message = notice(user)
        try queueMail(db, to: user.email, subject: message.subject, body: message.body, now: now)
      }
      return result
    }
    if !result.purged.isEmpty && !dryRun { revocationFeed.notify() }
    return result
  }
}
