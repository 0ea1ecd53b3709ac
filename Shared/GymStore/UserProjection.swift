import Foundation
import GRDB

/// A service's local copy of the users it shows or checks (names, avatar, time zone,
/// role, ban, visibility), fed by auth's lifecycle events (`UpdateUser`). Every service
/// that keeps one registers this table and writes it only through these functions,
/// ordered by auth's version: an event that arrives late never overwrites a newer one.
public enum UserProjection {
  public struct User: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "user_projection"

    public var userID: String
    public var username: String
    public var displayName: String
    public var avatarURL: String
    /// IANA name; empty when the user has not set one.
    public var timeZone: String
    /// "member", "trainer" or "admin", as in access tokens.
    public var role: String
    public var banned: Bool
    public var bannedUntil: Date?
    public var isPrivate: Bool
    /// The profile's unit system is imperial (pounds, inches).
    public var imperial: Bool
    /// Auth's version of the account when this was true; 0 for a copy read from auth
    /// directly (a user no event had described yet), which any event replaces.
    public var version: Int64
    public var updatedAt: Date

    public init(
      userID: String, username: String, displayName: String, avatarURL: String, timeZone: String, role: String, banned: Bool,
      bannedUntil: Date?, isPrivate: Bool, imperial: Bool = false, version: Int64, updatedAt: Date
    ) {
      self.userID = userID
      self.username = username
      self.displayName = displayName
      self.avatarURL = avatarURL
      self.timeZone = timeZone
      self.role = role
      self.banned = banned
      self.bannedUntil = bannedUntil
      self.isPrivate = isPrivate
      self.imperial = imperial
      self.version = version
      self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
      case userID = "user_id"
      case username
      case displayName = "display_name"
      case avatarURL = "avatar_url"
      case timeZone = "time_zone"
      case role, banned
      case bannedUntil = "banned_until"
      case isPrivate = "is_private"
      case imperial
      case version
      case updatedAt = "updated_at"
    }

    // Outbox jobs queued before `imperial` existed lack it: those users were metric.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        userID: try c.decode(String.self, forKey: .userID), username: try c.decode(String.self, forKey: .username),
        displayName: try c.decode(String.self, forKey: .displayName), avatarURL: try c.decode(String.self, forKey: .avatarURL),
        timeZone: try c.decode(String.self, forKey: .timeZone), role: try c.decode(String.self, forKey: .role),
        banned: try c.decode(Bool.self, forKey: .banned), bannedUntil: try c.decodeIfPresent(Date.self, forKey: .bannedUntil),
        isPrivate: try c.decode(Bool.self, forKey: .isPrivate),
        imperial: try c.decodeIfPresent(Bool.self, forKey: .imperial) ?? false,
        version: try c.decode(Int64.self, forKey: .version), updatedAt: try c.decode(Date.self, forKey: .updatedAt))
    }

    /// A ban with an end lapses by itself; no event is needed when it does.
    public func isBanned(at now: Date) -> Bool {
      banned && (bannedUntil.map { $0 > now } ?? true)
    }
  }

  /// Adds the `user_projection` table; call once from a service's migrator (never edited after).
  public static func registerMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("user-projection-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE user_projection (
            user_id TEXT PRIMARY KEY,
            username TEXT NOT NULL,
            display_name TEXT NOT NULL,
            avatar_url TEXT NOT NULL,
            time_zone TEXT NOT NULL,
            role TEXT NOT NULL,
            banned BOOLEAN NOT NULL,
            banned_until DATETIME,
            is_private BOOLEAN NOT NULL,
            version INTEGER NOT NULL,
            updated_at DATETIME NOT NULL
          ) WITHOUT ROWID;
          """)
    }
  }

  /// Adds the unit system to `user_projection`; call once, after `registerMigration`,
  /// at the end of a service's migrator (never edited after). Rows already there say
  /// metric until auth's next event about the user (auth re-announces imperial users).
  public static func registerUnitsMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("user-projection-v2-units") { db in
      try db.execute(sql: "ALTER TABLE user_projection ADD COLUMN imperial BOOLEAN NOT NULL DEFAULT 0")
    }
  }

  /// Applies an event from auth unless a newer one already was; returns whether it was.
  public static func apply(_ db: Database, _ user: User) throws -> Bool {
    try db.execute(
      sql: """
        INSERT INTO user_projection (user_id, username, display_name, avatar_url, time_zone, role, banned, banned_until, is_private,
          imperial, version, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name,
          avatar_url = excluded.avatar_url, time_zone = excluded.time_zone, role = excluded.role, banned = excluded.banned,
          banned_until = excluded.banned_until, is_private = excluded.is_private, imperial = excluded.imperial,
          version = excluded.version,
          updated_at = excluded.updated_at
        WHERE excluded.version > user_projection.version
        """,
      arguments: [
        user.userID, user.username, user.displayName, user.avatarURL, user.timeZone, user.role, user.banned,
        user.banned ? user.bannedUntil : nil, user.isPrivate, user.imperial, user.version, user.updatedAt,
      ])
    return db.changesCount > 0
  }

  /// Applies an event from auth in a transaction of its own (a lifecycle `update`).
  public static func apply(_ user: User, to writer: any DatabaseWriter) async throws -> Bool {
    try await writer.write { db in try apply(db, user) }
  }

  /// Keeps copies read from auth for users the projection lacks (first sight after an
  /// upgrade, or before any event about them); a row an event wrote meanwhile stays.
  public static func fill(_ db: Database, _ users: [User]) throws {
    for var user in users {
      user.version = 0
      try user.insert(db, onConflict: .ignore)
    }
  }

  /// The users among `ids` the projection holds, by id.
  public static func users(_ db: Database, ids: [String]) throws -> [String: User] {
    Dictionary(try User.fetchAll(db, keys: Array(Set(ids))).map { ($0.userID, $0) }) { first, _ in first }
  }

  /// Forgets a deleted user, inside the caller's purge transaction.
  public static func remove(_ db: Database, userID: String) throws -> Int {
    try db.execute(sql: "DELETE FROM user_projection WHERE user_id = ?", arguments: [userID])
    return db.changesCount
  }
}
