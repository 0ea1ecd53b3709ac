import Foundation
import GRDB
import GymAPI
import GymStore
import SwiftProtobuf

/// A service's projection of users (`UserProjection`) as its handlers read it: from
/// the local table, which auth's lifecycle events keep current. A user the table lacks
/// (first sight after an upgrade, or one no event has described yet) is asked of auth
/// once and written in, so an existing deployment needs no backfill step.
public struct ProjectedUsers: Sendable {
  let writer: any DatabaseWriter
  /// Where users the table lacks are read from: auth's `LookupUsers` in the services.
  let auth: any UserDirectory

  public init(writer: any DatabaseWriter, auth: any UserDirectory) {
    self.writer = writer
    self.auth = auth
  }

  /// The users among `ids` that exist, by id.
  public func users(ids: [String]) async throws -> [String: UserProjection.User] {
    var found = try await writer.read { db in try UserProjection.users(db, ids: ids) }
    let missing = Set(ids).subtracting(found.keys)
    guard !missing.isEmpty else { return found }
    let now = Date()
    let read = try await auth.users(ids: Array(missing)).values.map { Self.projected($0, now: now) }
    guard !read.isEmpty else { return found }
    try await writer.write { db in try UserProjection.fill(db, read) }
    for user in read { found[user.userID] = user }
    return found
  }

  public func user(id: String) async throws -> UserProjection.User? {
    try await users(ids: [id])[id]
  }

  /// The user's IANA zone; UTC when unset, unknown or the user does not exist.
  public func timeZone(of userID: String) async throws -> TimeZone {
    let name = try await user(id: userID)?.timeZone ?? ""
    return TimeZone(identifier: name) ?? TimeZone(identifier: "UTC")!
  }

  /// An account as auth's `LookupUsers` describes it (a ban there is a current one).
  static func projected(_ user: Gym_Auth_V1_User, now: Date) -> UserProjection.User {
    UserProjection.User(
      userID: user.id, username: user.username, displayName: user.profile.displayName, avatarURL: user.profile.avatarURL,
      timeZone: user.profile.timeZone, role: user.roles.first.map(\.claimName) ?? "member", banned: user.hasBan,
      bannedUntil: user.hasBan && user.ban.hasUntil ? user.ban.until.date : nil, isPrivate: user.profile.visibility == .private,
      imperial: user.profile.unitSystem == .imperial, version: 0, updatedAt: now)
  }
}

extension UserProjection.User {
  /// Auth's `UpdateUser` as the row it describes.
  public init(_ update: Gym_Common_V1_UpdateUserRequest, now: Date) {
    self.init(
      userID: update.userID, username: update.username, displayName: update.displayName, avatarURL: update.avatarURL,
      timeZone: update.timeZone, role: update.roles.first.map(\.claimName) ?? "member", banned: update.banned,
      bannedUntil: update.hasBannedUntil ? update.bannedUntil.date : nil, isPrivate: update.isPrivate, imperial: update.imperial,
      version: update.version, updatedAt: now)
  }
}

extension Gym_Common_V1_UpdateUserRequest {
  /// The row as auth sends it (the inverse of `UserProjection.User(_:now:)`).
  public init(_ user: UserProjection.User) {
    self.init()
    userID = user.userID
    username = user.username
    displayName = user.displayName
    avatarURL = user.avatarURL
    timeZone = user.timeZone
    roles = [Gym_Common_V1_Role(claimName: user.role) ?? .member]
    banned = user.banned
    if let until = user.bannedUntil { bannedUntil = .init(date: until) }
    isPrivate = user.isPrivate
    imperial = user.imperial
    version = user.version
  }
}
