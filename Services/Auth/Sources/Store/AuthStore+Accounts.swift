import Crypto
import Foundation
import GRDB
import GymStore

/// Account changes beyond sign-in: passwords, email, profile, bans, roles, deletion.
extension AuthStore {
  // MARK: Passwords

  /// Sets a new password hash, ends every session and opens `newSession`, in one transaction.
  public func changePassword(userID: String, hash: String, newSession: NewSession, now: Date) async throws -> SessionRecord {
    let session = try await writer.write { db in
      try db.execute(sql: "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", arguments: [hash, now, userID])
      try Self.revokeAll(db, userID: userID, except: nil, reason: "password changed", now: now)
      return try Self.insertSession(db, userID: userID, newSession)
    }
    revocationFeed.notify()
    return session
  }

  /// The account a live reset code belongs to, without spending it.
  public func userForResetCode(_ code: String, now: Date) async throws -> UserRecord? {
    try await writer.read { db in
      try UserRecord.fetchOne(
        db,
        sql: """
          SELECT users.* FROM password_resets JOIN users ON users.id = password_resets.user_id
          WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?
          """, arguments: [Self.hash(code), now])
    }
  }

  /// What became of a reset request: for logging only, callers answer the same either way.
  public enum ResetMail: Sendable, Equatable {
    case noAccount
    case queued(userID: String)
    /// The address had its day's share of mail: no code stored, no mail queued.
    case capped(userID: String)
  }

  /// Stores a reset code (hashed) and mails it to the account with `email`, if any.
  @discardableResult
  public func createPasswordReset(
    email: String, code: String, expiresAt: Date, mail: @escaping @Sendable (UserRecord) -> (subject: String, body: String), now: Date
  ) async throws -> ResetMail {
    try await writer.write { db in
      guard let user = try UserRecord.filter(UserRecord.Columns.email == email).fetchOne(db) else { return .noAccount }
      let message = mail(user)
      guard try queueMail(db, to: user.email, subject: message.subject, body: message.body, now: now) else {
        return .capped(userID: user.id)
      }
      try db.execute(
        sql: "INSERT INTO password_resets (code_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
        arguments: [Self.hash(code), user.id, now, expiresAt])
      return .queued(userID: user.id)
    }
  }

  /// Spends a reset code: sets the new password and ends every session. nil when the
  /// code is unknown, used or expired.
  public func resetPassword(code: String, hash: String, now: Date) async throws -> UserRecord? {
    let user = try await writer.write { db -> UserRecord? in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT user_id, expires_at, used_at FROM password_resets WHERE code_hash = ?", arguments: [Self.hash(code)]),
        row["used_at"] as Date? == nil, (row["expires_at"] as Date) > now,
        let user = try UserRecord.fetchOne(db, key: row["user_id"] as String)
      else { return nil }
      // Every outstanding code of the user is spent: one reset per request.
      try db.execute(sql: "UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL", arguments: [now, user.id])
      try db.execute(sql: "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", arguments: [hash, now, user.id])
      try Self.revokeAll(db, userID: user.id, except: nil, reason: "password reset", now: now)
      return user
    }
    if user != nil { revocationFeed.notify() }
    return user
  }

  // MARK: Email and profile

  /// Moves the account to `email` and mails `notice` to the address it leaves, in one
  /// transaction: whoever took over a session cannot move the account away unseen. Returns
  /// the account and whether the old address was told (false: unchanged, or its day's mail
  /// was spent).
  public func changeEmail(
    userID: String, to email: String, notice: @escaping @Sendable (UserRecord) -> (subject: String, body: String), now: Date
  ) async throws -> (user: UserRecord, noticeQueued: Bool) {
    try await writer.write { db in
      if try UserRecord.filter(UserRecord.Columns.email == email && UserRecord.Columns.id != userID).fetchCount(db) > 0 {
        throw AuthError.emailTaken
      }
      guard var user = try UserRecord.fetchOne(db, key: userID) else { throw AuthError.sessionEnded }
      guard user.email != email else { return (user: user, noticeQueued: false) }
      let old = user
      user.email = email
      user.emailVerifiedAt = nil  // the new address is proven again
      user.updatedAt = now
      try user.update(db)
      let message = notice(user)
      let queued = try queueMail(db, to: old.email, subject: message.subject, body: message.body, now: now)
      return (user: user, noticeQueued: queued)
    }
  }

  /// Applies `change` to the user's row and saves it.
  /// Changes the user's profile; a change of visibility, and of anything services keep
  /// of the account (`UserProjection.User`), is queued for `lifecycleDestinations` in the same
  /// transaction.
  public func updateUser(
    id: String, lifecycleDestinations: [Outbox.Destination] = [], now: Date, _ change: @Sendable (inout UserRecord) -> Void
  ) async throws -> UserRecord {
    try await writer.write { db in
      guard var user = try UserRecord.fetchOne(db, key: id) else { throw AuthError.sessionEnded }
      let (wasPrivate, projected) = (user.isPrivate, user.projected)
      change(&user)
      user.searchText = UserRecord.searchText(username: user.username, displayName: user.displayName)
      user.updatedAt = now
      let updated = user.projected != projected
      if updated { Self.advanceVersion(&user, now: now) }
      try user.update(db)
      if user.isPrivate != wasPrivate {
        try Self.enqueueVisibility(db, Visibility(userID: id, isPrivate: user.isPrivate), to: lifecycleDestinations, now: now)
      }
      if updated { try Self.enqueueUpdate(db, user, to: lifecycleDestinations, now: now) }
      return user
    }
  }

  /// A profile by id or username for another user to see (a read: views are counted
  /// apart, by `countViews`), and whether `viewerID` is a friend of its owner, in one
  /// read. Banned users are not found.
  public func profile(id: String?, username: String?, viewerID: String?, now: Date) async throws -> (user: UserRecord, viewerIsFriend: Bool)? {
    try await writer.read { db in
      let request =
        id.map { UserRecord.filter(UserRecord.Columns.id == $0) }
        ?? UserRecord.filter(UserRecord.Columns.usernameKey == (username ?? "").lowercased())
      guard let user = try request.fetchOne(db), !user.isBanned(at: now) else { return nil }
      let friends = try viewerID.map { try Self.areFriends(db, user.id, $0) } ?? false
      return (user, friends)
    }
  }

  /// One look at a profile by another user on a UTC day.
  public struct ProfileView: Hashable, Sendable {
    public var profileID: String
    public var viewerID: String
    /// Days since 1970-01-01 UTC.
    public var day: Int

    public init(profileID: String, viewerID: String, day: Int) {
      self.profileID = profileID
      self.viewerID = viewerID
      self.day = day
    }
  }

  /// Counts a batch of views in one transaction: each viewer once per profile and day;
  /// views of profiles deleted meanwhile, and views by accounts deleted meanwhile (their
  /// deletion has removed what they looked at), are dropped. Returns how many were counted.
  @discardableResult
  public func countViews(_ views: some Collection<ProfileView> & Sendable) async throws -> Int {
    guard !views.isEmpty else { return 0 }
    return try await writer.write { db in
      var counted: [String: Int] = [:]
      for view in views where view.profileID != view.viewerID {
        try db.execute(
          sql: """
            INSERT OR IGNORE INTO profile_views (profile_id, viewer_id, day)
            SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?) AND EXISTS (SELECT 1 FROM users WHERE id = ?)
            """,
          arguments: [view.profileID, view.viewerID, view.day, view.profileID, view.viewerID])
        counted[view.profileID, default: 0] += db.changesCount
      }
      for (profileID, count) in counted where count > 0 {
        try db.execute(sql: "UPDATE users SET view_count = view_count + ? WHERE id = ?", arguments: [count, profileID])
      }
      return counted.values.reduce(0, +)
    }
  }

  /// Profiles whose username or display name contains `query` (folded); empty query =
  /// most viewed. Banned users are left out, and administrators unless `includeAdmins`.
  public func searchProfiles(
    query: String, role: String?, includeAdmins: Bool, offset: Int, limit: Int, now: Date
  ) async throws -> [UserRecord] {
    let folded = UserRecord.fold(query.trimmingCharacters(in: .whitespaces))
    return try await writer.read { db in
      // `SQL` literals: each interpolated value is bound as a `?` argument where it
      // appears, so the WHERE terms, the ORDER BY pattern and LIMIT/OFFSET can't get
      // out of step with their arguments. LIKE patterns are escaped by `LikePattern`.
      var conditions: [SQL] = ["(banned_at IS NULL OR (banned_until IS NOT NULL AND banned_until <= \(now)))"]
      if !folded.isEmpty {
        let pattern = LikePattern.containing(folded)
        conditions.append("search_text LIKE \(pattern) ESCAPE '\\'")
      }
      if let role {
        conditions.append("role = \(role)")
      }
      if !includeAdmins {
        conditions.append("role <> 'admin'")
      }
      // Prefix matches of the username rank first, then popularity.
      var order: SQL = "view_count DESC, id"
      if !folded.isEmpty {
        let prefix = LikePattern.escape(folded) + "%"
        order = "(username_key LIKE \(prefix) ESCAPE '\\') DESC, \(literal: order)"
      }
      let whereClause = conditions.joined(separator: " AND ")
      return try SQLRequest<UserRecord>(
        literal: "SELECT * FROM users WHERE \(literal: whereClause) ORDER BY \(literal: order) LIMIT \(limit) OFFSET \(offset)"
      ).fetchAll(db)
    }
  }

  // MARK: Administration

  /// Accounts by id; with `inactiveSince`, only those not active since then.
  public func listUsers(
    query: String, role: String?, bannedOnly: Bool, inactiveSince: Date? = nil, afterID: String?, limit: Int, now: Date
  ) async throws -> [UserRecord] {
    let folded = UserRecord.fold(query.trimmingCharacters(in: .whitespaces))
    return try await writer.read { db in
      // `SQL` literals bind each interpolated value as a `?` argument where it appears.
      var conditions: [SQL] = []
      if !folded.isEmpty {
        let pattern = LikePattern.containing(folded)
        conditions.append("(search_text LIKE \(pattern) ESCAPE '\\' OR email LIKE \(pattern) ESCAPE '\\')")
      }
      if let role {
        conditions.append("role = \(role)")
      }
      if bannedOnly {
        conditions.append("banned_at IS NOT NULL AND (banned_until IS NULL OR banned_until > \(now))")
      }
      if let inactiveSince {
        conditions.append("last_active_at < \(inactiveSince)")
      }
      if let afterID {
        conditions.append("id > \(afterID)")
      }
      let whereClause = conditions.joined(separator: " AND ")
      let filter: SQL = conditions.isEmpty ? "" : "WHERE \(literal: whereClause)"
      return try SQLRequest<UserRecord>(literal: "SELECT * FROM users \(literal: filter) ORDER BY id LIMIT \(limit)").fetchAll(db)
    }
  }

  /// What services that hide a banned user's content receive (outbox kind `user-standing`).
  public struct Standing: Codable, Sendable, Equatable {
    public var userID: String
    public var banned: Bool
    public var until: Date?
    /// Orders changes for one user at the receivers; taken from the clock (and above the
    /// last one), so a database restored from a backup still issues higher numbers than
    /// the receivers have seen. nil in jobs queued before it existed (the job id then).
    public var version: Int64?

    enum CodingKeys: String, CodingKey {
      case userID = "user_id"
      case banned, until, version
    }
  }

  /// Bans a user, revokes every token they hold and tells `standingDestinations`, in
  /// one transaction.
  public func ban(userID: String, reason: String, until: Date?, standingDestinations: [Outbox.Destination], now: Date) async throws -> UserRecord {
    let user = try await writer.write { db in
      let user = try Self.setBan(db, userID: userID, reason: reason, until: until, standingDestinations: standingDestinations, now: now)
      try Self.revokeUser(db, userID: userID, reason: "banned", now: now)
      return user
    }
    revocationFeed.notify()
    return user
  }

  public func unban(userID: String, standingDestinations: [Outbox.Destination], now: Date) async throws -> UserRecord {
    try await writer.write { db in
      try Self.setBan(db, userID: userID, reason: nil, until: nil, standingDestinations: standingDestinations, now: now)
    }
  }

  /// Sets (reason given) or lifts (nil) a ban and queues the new standing for
  /// `destinations`, inside the caller's transaction.
  private static func setBan(
    _ db: Database, userID: String, reason: String?, until: Date?, standingDestinations destinations: [Outbox.Destination], now: Date
  ) throws -> UserRecord {
    guard var user = try UserRecord.fetchOne(db, key: userID) else { throw GymError.notFound("no user with id \(userID)") }
    user.banReason = reason
    user.bannedAt = reason == nil ? nil : now
    user.bannedUntil = until
    user.updatedAt = now
    advanceVersion(&user, now: now)
    try user.update(db)
    try enqueueStanding(
      db, Standing(userID: userID, banned: reason != nil, until: until, version: user.standingVersion), to: destinations, now: now)
    try enqueueUpdate(db, user, to: destinations, now: now)
    return user
  }

  /// The standing's version orders them: receivers ignore one older than what they have.
  private static func enqueueStanding(_ db: Database, _ standing: Standing, to destinations: [Outbox.Destination], now: Date) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let payload = try encoder.encode(standing)
    for destination in destinations {
      try Outbox.enqueue(db, destination: destination, kind: .userStanding, payload: payload, now: now)
    }
  }

  /// Sets the role and tells `lifecycleDestinations`; when roles shrink, live tokens
  /// carrying the old role are revoked.
  public func setRole(
    userID: String, role: String, lifecycleDestinations: [Outbox.Destination] = [], now: Date
  ) async throws -> UserRecord {
    let (user, revoked) = try await writer.write { db -> (UserRecord, Bool) in
      guard var user = try UserRecord.fetchOne(db, key: userID) else { throw GymError.notFound("no user with id \(userID)") }
      let rank = ["member": 0, "trainer": 1, "admin": 2]
      let demoted = (rank[role] ?? 0) < (rank[user.role] ?? 0)
      user.role = role
      user.updatedAt = now
      Self.advanceVersion(&user, now: now)
      try user.update(db)
      try Self.enqueueUpdate(db, user, to: lifecycleDestinations, now: now)
      if demoted { try Self.revokeUser(db, userID: userID, reason: "role reduced", now: now) }
      return (user, demoted)
    }
    if revoked { revocationFeed.notify() }
    return user
  }

  // MARK: Deletion

  /// Deletes the account (sessions, tokens, codes, requests and exports cascade), revokes
  /// its tokens and queues a purge of the user's data for every other service, in one
  /// transaction. What stays is what must: the revocation (until tokens have expired)
  /// and the purge jobs (until each service has them).
  public func deleteAccount(userID: String, purgeDestinations: [Outbox.Destination], now: Date) async throws {
    try await GymDatabase.erase(writer) { db in
      try Self.deleteAccount(db, userID: userID, purgeDestinations: purgeDestinations, now: now)
    }
    revocationFeed.notify()
  }

  static func deleteAccount(_ db: Database, userID: String, purgeDestinations: [Outbox.Destination], now: Date) throws {
    try revokeUser(db, userID: userID, reason: "account deleted", now: now)
    // Mail to them carries their address and, sealed, their codes.
    try db.execute(sql: "DELETE FROM mail_outbox WHERE recipient = (SELECT email FROM users WHERE id = ?)", arguments: [userID])
    try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [userID])
    // Their own profile's views go with the row (ON DELETE CASCADE); what they looked at too.
    try db.execute(sql: "DELETE FROM profile_views WHERE viewer_id = ?", arguments: [userID])
    // An administrator's decisions stay with the requests, without their name.
    try db.execute(sql: "UPDATE trainer_role_requests SET decided_by = NULL WHERE decided_by = ?", arguments: [userID])
    // Bans, unbans and updates not yet delivered: the purge removes what they would change.
    try db.execute(
      sql: "DELETE FROM outbox WHERE kind IN (?, ?) AND json_extract(CAST(payload AS TEXT), '$.user_id') = ?",
      arguments: [Outbox.Kind.userStanding.rawValue, Outbox.Kind.userUpdated.rawValue, userID])
    let payload = Data(userID.utf8)
    for destination in purgeDestinations {
      try Outbox.enqueue(db, destination: destination, kind: .purgeUser, payload: payload, now: now)
    }
  }

}
