import GRPCCore
import GymAPI
import GymService

/// What catalog needs to know of a user from auth: names to show on their programs and
/// the experience level recommendations match.
public struct UserSummary: Sendable, Equatable {
  public var username: String
  public var displayName: String
  /// `Gym_Auth_V1_ExperienceLevel` raw value; 0 = not set.
  public var experienceLevel: Int

  public init(username: String, displayName: String, experienceLevel: Int) {
    self.username = username
    self.displayName = displayName
    self.experienceLevel = experienceLevel
  }
}

public protocol UserDirectory: Sendable {
  /// nil when auth has no such user.
  func user(id: String) async throws -> UserSummary?
}

/// Asks auth's `LookupUsers` (with the service credential), with a short deadline.
public struct AuthUserDirectory<Transport: ClientTransport>: UserDirectory {
  private let client: Gym_Auth_V1_AuthInternal.Client<Transport>

  public init(client: GRPCClient<Transport>) {
    self.client = Gym_Auth_V1_AuthInternal.Client(wrapping: client)
  }

  public func user(id: String) async throws -> UserSummary? {
    var options = CallOptions.defaults
    options.timeout = .seconds(2)
    options.waitForReady = false
    guard let user = try await client.lookupUsers(.with { $0.ids = [id] }, options: options).users.first else { return nil }
    return UserSummary(
      username: user.username, displayName: user.profile.displayName, experienceLevel: user.profile.experienceLevel.rawValue)
  }
}
