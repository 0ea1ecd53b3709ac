import GymAPI

/// Who is calling, established by `AuthInterceptor` from a verified access token.
public struct Caller: Sendable, Hashable {
  public var userID: String
  public var sessionID: String
  public var roles: Set<Gym_Common_V1_Role>
  /// When the access token was issued; revocations apply to tokens issued before them.
  public var issuedAt: Double

  public init(userID: String, sessionID: String, roles: Set<Gym_Common_V1_Role>, issuedAt: Double = 0) {
    self.userID = userID
    self.sessionID = sessionID
    self.roles = roles
    self.issuedAt = issuedAt
  }

  public var isAdmin: Bool { roles.contains(.admin) }

  /// An operator tool calling with the service credential (`gymctl`); acts as an admin.
  public static let `operator` = Caller(userID: "operator", sessionID: "", roles: [.admin])
}
