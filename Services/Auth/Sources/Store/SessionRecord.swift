import Foundation
import GRDB

/// A row of `sessions`: one signed-in device. Refresh tokens belong to a session.
public struct SessionRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "sessions"

  public var id: String
  public var userID: String
  public var clientDescription: String
  public var clientAddress: String
  public var createdAt: Date
  public var lastUsedAt: Date
  public var expiresAt: Date
  public var revokedAt: Date?
  public var revokeReason: String?

  enum CodingKeys: String, CodingKey {
    case id
    case userID = "user_id"
    case clientDescription = "client_description"
    case clientAddress = "client_address"
    case createdAt = "created_at"
    case lastUsedAt = "last_used_at"
    case expiresAt = "expires_at"
    case revokedAt = "revoked_at"
    case revokeReason = "revoke_reason"
  }

  public func isActive(at now: Date) -> Bool { revokedAt == nil && expiresAt > now }
}

/// A row of `refresh_tokens`; only the SHA-256 of the token is stored.
struct RefreshTokenRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "refresh_tokens"

  var tokenHash: Data
  var sessionID: String
  var createdAt: Date
  var usedAt: Date?

  enum CodingKeys: String, CodingKey {
    case tokenHash = "token_hash"
    case sessionID = "session_id"
    case createdAt = "created_at"
    case usedAt = "used_at"
  }
}
