import Foundation
import GRDB

/// What catalog knows of a user who authors programs: names to show, refreshed when
/// they publish, and their ban standing, as auth's outbox last reported it.
public struct AuthorRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "authors"

  public var userID: String
  public var username: String
  public var displayName: String
  public var banned = false
  public var bannedUntil: Date?
  public var standingSequence: Int64 = 0
  public var updatedAt: Date

  public init(userID: String, username: String, displayName: String, updatedAt: Date) {
    self.userID = userID
    self.username = username
    self.displayName = displayName
    self.updatedAt = updatedAt
  }

  enum CodingKeys: String, CodingKey {
    case userID = "user_id"
    case username
    case displayName = "display_name"
    case banned
    case bannedUntil = "banned_until"
    case standingSequence = "standing_sequence"
    case updatedAt = "updated_at"
  }

  public func isBanned(at now: Date) -> Bool {
    banned && (bannedUntil.map { $0 > now } ?? true)
  }
}
