import Foundation
import GRDB
import GymStore

/// What services keep of an account reaches them through the outbox as `user-updated`
/// jobs: the `UserProjection.User` row itself, the account at one version, queued in the
/// transaction that changed it.
extension AuthStore {
  /// Moves the account's version past every one sent before (bans use the same one):
  /// from the clock, so a database restored from a backup still issues higher numbers
  /// than the services have seen.
  static func advanceVersion(_ user: inout UserRecord, now: Date) {
    user.standingVersion = max(Int64(now.timeIntervalSince1970 * 1_000_000), user.standingVersion + 1)
  }

  static func enqueueUpdate(_ db: Database, _ user: UserRecord, to destinations: [Outbox.Destination], now: Date) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let payload = try encoder.encode(UserProjection.User(user, now: now))
    for destination in destinations {
      try Outbox.enqueue(db, destination: destination, kind: .userUpdated, payload: payload, now: now)
    }
  }
}

extension UserRecord {
  /// The fields services keep (`UserProjection.User`) besides the ban, which `setBan` sends.
  /// The profile's unit system is imperial (`UnitSystem.IMPERIAL` is stored as 2).
  var imperial: Bool { unitSystem == 2 }

  var projected: [String] {
    [username, displayName, avatarURL, timeZone, role, isPrivate ? "private" : "public", imperial ? "imperial" : "metric"]
  }
}

extension UserProjection.User {
  /// The account as the services keep it: a ban only while it lasts, auth's version.
  init(_ user: UserRecord, now: Date) {
    let banned = user.isBanned(at: now)
    self.init(
      userID: user.id, username: user.username, displayName: user.displayName, avatarURL: user.avatarURL, timeZone: user.timeZone,
      role: user.role, banned: banned, bannedUntil: banned ? user.bannedUntil : nil, isPrivate: user.isPrivate,
      imperial: user.imperial, version: user.standingVersion, updatedAt: now)
  }
}
