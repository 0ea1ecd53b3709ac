import Crypto
import Foundation
import GRDB
import GymStore

/// Auth's database: users, sessions and refresh tokens in `auth.sqlite`. Every
/// multi-row change is one transaction. Reads and named writes only; no gRPC here.
public struct AuthStore: Sendable {
  public let writer: any DatabaseWriter
  /// Wakes `WatchRevocations` streams after a commit that revoked something.
  public let revocationFeed = RevocationFeed()
  /// Seals mail bodies (codes) at rest.
  public let mailSeal: MailSeal
  /// Mails queued to one address in 24 hours at most; more are not queued (`queueMail`).
  public let mailPerRecipientPerDay: Int
  /// Revocation commits, counted as they commit; `activeSessions` is valid within one.
  let revocationCommits = RevocationCommits()
  private let activeSessions = ActiveSessions()

  /// Opens (creating and migrating) the file at `path`.
  /// - Parameter mailSeal: the key mail bodies are sealed with; the service passes one
  ///   derived from the service credential, so bodies outlive a restart.
  public init(
    path: String, tuning: GymDatabase.Tuning = GymDatabase.Tuning(), mailSeal: MailSeal = .random(), mailPerRecipientPerDay: Int = 10
  ) throws {
    self.writer = try GymDatabase.openPool(at: path, migrator: AuthMigrations.migrator, tuning: tuning)
    self.mailSeal = mailSeal
    self.mailPerRecipientPerDay = mailPerRecipientPerDay
    writer.add(transactionObserver: revocationCommits, extent: .databaseLifetime)
  }

  /// For tests: any writer (an in-memory queue, a temporary pool), migrated.
  public init(writer: any DatabaseWriter, mailSeal: MailSeal = .random(), mailPerRecipientPerDay: Int = 10) throws {
    try AuthMigrations.migrator.migrate(writer)
    self.writer = writer
    self.mailSeal = mailSeal
    self.mailPerRecipientPerDay = mailPerRecipientPerDay
    writer.add(transactionObserver: revocationCommits, extent: .databaseLifetime)
  }

  /// A new session's fields; the store writes it with its first refresh token.
  public struct NewSession: Sendable {
    public var id: String
    public var clientDescription: String
    public var clientAddress: String
    public var createdAt: Date
    public var expiresAt: Date
    public var refreshToken: String

    public init(id: String, clientDescription: String, clientAddress: String, createdAt: Date, expiresAt: Date, refreshToken: String) {
      self.id = id
      self.clientDescription = clientDescription
      self.clientAddress = clientAddress
      self.createdAt = createdAt
      self.expiresAt = expiresAt
      self.refreshToken = refreshToken
    }
  }

  // MARK: Writes

  /// Creates the user and their first session in one transaction.
  /// What a new member starts with besides the account: a verification code in the
  /// mail, and a trainer-role request when they asked for one.
  public struct Onboarding: Sendable {
    public var verificationCode: String
    public var codeLifetime: TimeInterval
    public var mail: @Sendable (UserRecord, String) -> (subject: String, body: String)
    /// The new request's id and the member's note.
    public var trainerRequest: (id: String, note: String)?

    public init(
      verificationCode: String, codeLifetime: TimeInterval, mail: @escaping @Sendable (UserRecord, String) -> (subject: String, body: String),
      trainerRequest: (id: String, note: String)?
    ) {
      self.verificationCode = verificationCode
      self.codeLifetime = codeLifetime
      self.mail = mail
      self.trainerRequest = trainerRequest
    }
  }

  public func createUser(_ user: UserRecord, session: NewSession, onboarding: Onboarding? = nil) async throws -> SessionRecord {
    try await createUser(user, firstSession: session, onboarding: onboarding)!
  }

  /// Creates the user, with a first session when one is given, in one transaction.
  public func createUser(_ user: UserRecord, firstSession session: NewSession?, onboarding: Onboarding? = nil) async throws -> SessionRecord? {
    do {
      return try await writer.write { db in
        if try UserRecord.filter(UserRecord.Columns.email == user.email).fetchCount(db) > 0 {
          throw AuthError.emailTaken
        }
        if try UserRecord.filter(UserRecord.Columns.usernameKey == user.usernameKey).fetchCount(db) > 0 {
          throw AuthError.usernameTaken
        }
        try user.insert(db)
        if let onboarding {
          if user.emailVerifiedAt == nil {
            _ = try replaceVerificationCode(
              db, user: user, code: onboarding.verificationCode, lifetime: onboarding.codeLifetime, mail: onboarding.mail, now: user.createdAt)
          }
          if let request = onboarding.trainerRequest {
            _ = try Self.insertTrainerRoleRequest(db, id: request.id, userID: user.id, note: request.note, now: user.createdAt)
          }
        }
        return try session.map { try Self.insertSession(db, userID: user.id, $0) }
      }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      // Unreachable through the checks above inside one write transaction; kept so a
      // constraint hit anyway still names the value that is taken.
      try await checkAvailable(email: user.email, usernameKey: user.usernameKey)
      throw error
    }
  }

  /// Throws `emailTaken` or `usernameTaken` when either is in use already.
  public func checkAvailable(email: String, usernameKey: String) async throws {
    let (emailTaken, usernameTaken) = try await writer.read { db in
      (
        try UserRecord.filter(UserRecord.Columns.email == email).fetchCount(db) > 0,
        try UserRecord.filter(UserRecord.Columns.usernameKey == usernameKey).fetchCount(db) > 0
      )
    }
    if emailTaken { throw AuthError.emailTaken }
    if usernameTaken { throw AuthError.usernameTaken }
  }

  /// Opens a new session for a user whose password was just checked against
  /// `passwordHash`. The account is read again inside the transaction, so a ban or a
  /// password reset that committed while the (slow, possibly queued) check ran wins:
  /// no session is created. `rehash`, a stronger hash of the same password, replaces
  /// the checked one in the same transaction. Returns the session and the account.
  public func createSession(
    userID: String, checkedHash passwordHash: String, rehash: String? = nil, _ session: NewSession, now: Date
  ) async throws -> (SessionRecord, UserRecord) {
    try await writer.write { db in
      guard var user = try UserRecord.fetchOne(db, key: userID), user.passwordHash == passwordHash else {
        throw AuthError.invalidCredentials
      }
      if user.isBanned(at: now) { throw AuthError.banned(reason: user.banReason ?? "", until: user.bannedUntil) }
      if let rehash {
        try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [rehash, userID])
        user.passwordHash = rehash
      }
      try Self.markActive(db, userID: userID, now: now)
      return (try Self.insertSession(db, userID: userID, session), user)
    }
  }

  public enum Rotation: Sendable, Equatable {
    case rotated(SessionRecord, UserRecord)
    case reused(sessionID: String)
    /// The account is banned; the session stays (it ends with the ban's revocation).
    case banned(UserRecord)
    case invalid
  }

  /// Spends `oldToken` and stores `newToken` for the same session, in one transaction.
  /// Presenting a spent token revokes its session (the token may have been stolen).
  public func rotateRefreshToken(old oldToken: String, new newToken: String, now: Date) async throws -> Rotation {
    let oldHash = Self.hash(oldToken)
    let rotation = try await writer.write { db -> Rotation in
      guard let token = try RefreshTokenRecord.fetchOne(db, key: oldHash),
        var session = try SessionRecord.fetchOne(db, key: token.sessionID)
      else { return .invalid }
      if token.usedAt != nil {
        if session.revokedAt == nil {
          try Self.revoke(db, sessionIDs: [session.id], reason: "refresh token reuse", now: now)
        }
        return .reused(sessionID: session.id)
      }
      guard session.isActive(at: now), let user = try UserRecord.fetchOne(db, key: session.userID) else {
        return .invalid
      }
      if user.isBanned(at: now) { return .banned(user) }
      try db.execute(sql: "UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?", arguments: [now, oldHash])
      try RefreshTokenRecord(tokenHash: Self.hash(newToken), sessionID: session.id, createdAt: now, usedAt: nil).insert(db)
      session.lastUsedAt = now
      try session.update(db)
      try Self.markActive(db, userID: user.id, now: now)
      return .rotated(session, user)
    }
    if case .reused = rotation { revocationFeed.notify() }
    return rotation
  }

  /// Revokes one session of `userID`; false when it is not theirs or already ended.
  public func revokeSession(id: String, userID: String, reason: String, now: Date) async throws -> Bool {
    let revoked = try await writer.write { db in
      let active = try String.fetchAll(
        db, sql: "SELECT id FROM sessions WHERE id = ? AND user_id = ? AND revoked_at IS NULL", arguments: [id, userID])
      try Self.revoke(db, sessionIDs: active, reason: reason, now: now)
      return !active.isEmpty
    }
    if revoked { revocationFeed.notify() }
    return revoked
  }

  /// Revokes every active session of `userID` but `except`; returns how many.
  public func revokeAllSessions(userID: String, except: String? = nil, reason: String, now: Date) async throws -> Int {
    let count = try await writer.write { db in
      try Self.revokeAll(db, userID: userID, except: except, reason: reason, now: now)
    }
    if count > 0 { revocationFeed.notify() }
    return count
  }

  // MARK: Reads

  public func user(id: String) async throws -> UserRecord? {
    try await writer.read { db in try Self.user(db, id: id) }
  }

  static func user(_ db: Database, id: String) throws -> UserRecord? {
    // Most authenticated calls read this row: a cached prepared statement saves building,
    // preparing and authorizing the SQL each time.
    try SQLRequest<UserRecord>(sql: "SELECT * FROM users WHERE id = ?", arguments: [id], cached: true).fetchOne(db)
  }

  /// By email (contains "@") or username, ignoring case.
  public func user(identifier: String) async throws -> UserRecord? {
    let key = identifier.contains("@") ? Identifiers.emailKey(identifier) : identifier.lowercased()
    return try await writer.read { db in
      let column = key.contains("@") ? UserRecord.Columns.email : UserRecord.Columns.usernameKey
      return try UserRecord.filter(column == key).fetchOne(db)
    }
  }

  /// Whether `sessionID` is `userID`'s and neither revoked nor expired: from memory when
  /// it was read active since the last revocation commit, else one read.
  public func sessionIsActive(_ sessionID: String, userID: String, now: Date) async throws -> Bool {
    // Taken before the read: a revocation committed during it makes this entry stale.
    let revision = revocationCommits.revision
    if activeSessions.contains(sessionID: sessionID, userID: userID, revision: revision, now: now) { return true }
    guard let session = try await session(id: sessionID), session.userID == userID, session.isActive(at: now) else { return false }
    activeSessions.insert(sessionID: sessionID, userID: userID, expiresAt: session.expiresAt, revision: revision)
    return true
  }

  public func session(id: String) async throws -> SessionRecord? {
    try await writer.read { db in
      try SQLRequest<SessionRecord>(sql: "SELECT * FROM sessions WHERE id = ?", arguments: [id], cached: true).fetchOne(db)
    }
  }

  /// The session a refresh token belongs to, whether or not the token is spent.
  public func session(refreshToken: String) async throws -> SessionRecord? {
    let hash = Self.hash(refreshToken)
    return try await writer.read { db in
      guard let token = try RefreshTokenRecord.fetchOne(db, key: hash) else { return nil }
      return try SessionRecord.fetchOne(db, key: token.sessionID)
    }
  }

  // MARK: Helpers

  /// Ends sessions and records each for `WatchRevocations`, inside the caller's transaction.
  static func revoke(_ db: Database, sessionIDs: [String], reason: String, now: Date) throws {
    for id in sessionIDs {
      try db.execute(
        sql: "UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL",
        arguments: [now, reason, id])
      try db.execute(sql: "INSERT INTO revocations (session_id, revoked_at) VALUES (?, ?)", arguments: [id, now])
    }
  }

  @discardableResult
  static func revokeAll(_ db: Database, userID: String, except: String?, reason: String, now: Date) throws -> Int {
    let active = try String.fetchAll(
      db, sql: "SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?",
      arguments: [userID, except])
    try revoke(db, sessionIDs: active, reason: reason, now: now)
    return active.count
  }

  /// Revokes every token of a user issued before `now` (ban, deletion), whatever its session.
  static func revokeUser(_ db: Database, userID: String, reason: String, now: Date) throws {
    try revokeAll(db, userID: userID, except: nil, reason: reason, now: now)
    try db.execute(
      sql: "INSERT INTO revocations (user_id, revoked_at, not_before) VALUES (?, ?, ?)", arguments: [userID, now, now])
  }

  static func insertSession(_ db: Database, userID: String, _ new: NewSession) throws -> SessionRecord {
    let session = SessionRecord(
      id: new.id, userID: userID, clientDescription: new.clientDescription, clientAddress: new.clientAddress,
      createdAt: new.createdAt, lastUsedAt: new.createdAt, expiresAt: new.expiresAt, revokedAt: nil, revokeReason: nil)
    try session.insert(db)
    try RefreshTokenRecord(tokenHash: hash(new.refreshToken), sessionID: new.id, createdAt: new.createdAt, usedAt: nil)
      .insert(db)
    return session
  }

  /// Refresh tokens are 256-bit random values, so a plain SHA-256 is a safe at-rest form.
  static func hash(_ token: String) -> Data {
    Data(SHA256.hash(data: Data(token.utf8)))
  }
}
