import GymAPI

/// What other services learn about users from auth: names to show, experience level,
/// bans, existence. `AuthUserDirectory` asks auth; tests may answer themselves.
public protocol UserDirectory: Sendable {
  /// The users auth knows among `ids`, by id; unknown (deleted) ones are left out.
  func users(ids: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User]
  /// The users auth knows by these usernames (ignoring case), by their id.
  func users(usernames: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User]
  /// The users auth knows by these emails, by their id.
  func users(emails: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User]
}

extension UserDirectory {
  /// One user, or nil when auth has no such account.
  public func user(id: String) async throws(DependencyError) -> Gym_Auth_V1_User? {
    try await users(ids: [id])[id]
  }

  /// The id of the account named `username`, or nil.
  public func userID(username: String) async throws(DependencyError) -> String? {
    try await users(usernames: [username]).keys.first
  }

  /// The ids among `ids` whose accounts exist and are not banned.
  public func activeUserIDs(among ids: [String]) async throws(DependencyError) -> Set<String> {
    Set(try await users(ids: ids).values.filter { !$0.hasBan }.map(\.id))
  }
}
