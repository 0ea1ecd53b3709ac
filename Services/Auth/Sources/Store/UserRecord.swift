import Foundation
import GRDB

/// A row of `users`.
public struct UserRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "users"

  public var id: String
  public var email: String  // lower-cased
  public var username: String  // as the user typed it
  public var usernameKey: String  // lower-cased, unique
  public var displayName: String
  public var role: String  // "member", "trainer" or "admin"
  public var passwordHash: String
  public var termsVersion: String
  public var termsAcceptedAt: Date
  public var createdAt: Date
  public var updatedAt: Date

  enum CodingKeys: String, CodingKey {
    case id, email, username
    case usernameKey = "username_key"
    case displayName = "display_name"
    case role
    case passwordHash = "password_hash"
    case termsVersion = "terms_version"
    case termsAcceptedAt = "terms_accepted_at"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let email = Column(CodingKeys.email)
    public static let usernameKey = Column(CodingKeys.usernameKey)
  }
}
