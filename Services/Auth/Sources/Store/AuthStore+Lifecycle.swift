import Foundation
import GRDB
import GymStore

/// What services keep of an account (`UserProjection`) reaches them through the
/// outbox as `user-updated` jobs, each the account's state at one version, queued in
/// the transaction that changed it.
extension AuthStore {
  public struct UserUpdate: Codable, Sendable, Equatable {
    public var userID: String
    public var username: String
    public var displayName: String
    public var avatarURL: String
    public var timeZone: String
    public var role: String
    public var banned: Bool
    public var bannedUntil: Date?
    public var isPrivate: Bool
    public var version: Int64

    enum CodingKeys: String, CodingKey {
      case userID = "user_id"
      case username
      case displayName = "display_name"
      case avatarURL = "avatar_url"
      case timeZone = "time_zone"
      case role, banned
      case bannedUntil = "banned_until"
      case isPrivate = "is_private"
      case version
    }

    public init(_ user: UserRecord, now: Date) {
      userID = user.id
      username = user.username
      displayName = user.displayName
      avatarURL = user.avatarURL
      timeZone = user.timeZone
      role = user.role
      banned = user.isBanned(at: now)
      bannedUntil = banned ? user.bannedUntil : nil
      isPrivate = user.isPrivate
      version = user.standingVersion
    }
  }

  /// Moves the account's version past every one sent before (bans use the same one):
  /// from the clock, so a database restored from a backup still issues higher numbers
  /// than the services have seen.
  static func advanceVersion(_ user: inout UserRecord, now: Date) {
    user.standingVersion = max(Int64(now.timeIntervalSince1970 * 1_000_000), user.standingVersion + 1)
  }

  static func enqueueUpdate(_ db: Database, _ user: UserRecord, to destinations: [Outbox.Destination], now: Date) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let payload = try encoder.encode(UserUpdate(user, now: now))
    for destination in destinations {
      try Outbox.enqueue(db, destination: destination, kind: .userUpdated, payload: payload, now: now)
    }
  }
}

extension UserRecord {
  /// The fields services keep (`UserUpdate`) besides the ban, which `setBan` sends.
  var projected: [String] {
    [username, displayName, avatarURL, timeZone, role, isPrivate ? "private" : "public"]
  }
}
