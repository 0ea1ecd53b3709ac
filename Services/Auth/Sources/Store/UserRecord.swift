import Foundation
import GRDB

/// A row of `users`: the account, its profile and its ban. Enumerations (sex,
/// experience level, unit system, visibility) are stored as their protobuf numbers,
/// which protobuf's rules keep stable.
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
  // Profile (migration v2)
  public var bio = ""
  public var avatarURL = ""
  public var dateOfBirth: String? = nil  // YYYY-MM-DD
  public var sex = 0
  public var heightM: Double? = nil
  public var experienceLevel = 0
  public var unitSystem = 0
  public var timeZone = ""
  public var visibility = 0
  public var homeLat: Double? = nil
  public var homeLng: Double? = nil
  public var homeGymID = ""
  public var viewCount = 0
  /// Username and display name, lower-cased without accents, for search.
  public var searchText = ""
  // Ban (migration v2)
  public var banReason: String? = nil
  public var bannedAt: Date? = nil
  public var bannedUntil: Date? = nil
  // Migration v3
  public var emailVerifiedAt: Date? = nil
  public var lastActiveAt: Date? = nil
  public var inactiveNoticeAt: Date? = nil
  public var city = ""
  public var showLocation = false
  // Migration v9: private.
  public var givenName = ""
  public var familyName = ""
  // Migration v10: what the public profile shows, each the user's choice.
  public var showHomeGym = false
  public var showTrainers = false
  /// Orders this user's ban changes at other services across restores (µs since 1970).
  public var standingVersion: Int64 = 0

  public init(
    id: String, email: String, username: String, usernameKey: String, displayName: String, role: String,
    passwordHash: String, termsVersion: String, termsAcceptedAt: Date, createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.email = email
    self.username = username
    self.usernameKey = usernameKey
    self.displayName = displayName
    self.role = role
    self.passwordHash = passwordHash
    self.termsVersion = termsVersion
    self.termsAcceptedAt = termsAcceptedAt
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.searchText = Self.searchText(username: username, displayName: displayName)
  }

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
    case bio
    case avatarURL = "avatar_url"
    case dateOfBirth = "date_of_birth"
    case sex
    case heightM = "height_m"
    case experienceLevel = "experience_level"
    case unitSystem = "unit_system"
    case timeZone = "time_zone"
    case visibility
    case homeLat = "home_lat"
    case homeLng = "home_lng"
    case homeGymID = "home_gym_id"
    case viewCount = "view_count"
    case searchText = "search_text"
    case banReason = "ban_reason"
    case bannedAt = "banned_at"
    case bannedUntil = "banned_until"
    case emailVerifiedAt = "email_verified_at"
    case lastActiveAt = "last_active_at"
    case inactiveNoticeAt = "inactive_notice_at"
    case city
    case showLocation = "show_location"
    case standingVersion = "standing_version"
    case givenName = "given_name"
    case familyName = "family_name"
    case showHomeGym = "show_home_gym"
    case showTrainers = "show_trainers"
  }

  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let email = Column(CodingKeys.email)
    public static let usernameKey = Column(CodingKeys.usernameKey)
  }

  /// Whether a ban is in force at `now` (a ban with an end in the past has lapsed).
  public func isBanned(at now: Date) -> Bool {
    guard bannedAt != nil else { return false }
    return bannedUntil.map { $0 > now } ?? true
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  static func searchText(username: String, displayName: String) -> String {
    fold(username + " " + displayName)
  }
}
