import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import Logging

/// Auth's `LookupUsers` with the service credential's client, in chunks of the 500 keys
/// auth accepts per call, each with a short deadline. A failed call is logged with what
/// auth said and thrown as `DependencyError`.
public struct AuthUserDirectory: UserDirectory {
  private let client: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
  private let logger: Logger

  /// - Parameter client: a client to auth carrying the service credential.
  public init(client: GymGRPCClient, logger: Logger) {
    self.client = Gym_Auth_V1_AuthInternal.Client(wrapping: client)
    self.logger = logger
  }

  public func users(ids: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] {
    try await lookup(ids) { request, chunk in request.ids = chunk }
  }

  public func users(usernames: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] {
    try await lookup(usernames) { request, chunk in request.usernames = chunk }
  }

  public func users(emails: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] {
    try await lookup(emails) { request, chunk in request.emails = chunk }
  }

  private func lookup(
    _ keys: [String], _ fill: (inout Gym_Auth_V1_LookupUsersRequest, [String]) -> Void
  ) async throws(DependencyError) -> [String: Gym_Auth_V1_User] {
    let unique = Array(Set(keys))
    var found: [String: Gym_Auth_V1_User] = [:]
    for start in stride(from: 0, to: unique.count, by: Self.chunk) {
      var request = Gym_Auth_V1_LookupUsersRequest()
      fill(&request, Array(unique[start..<min(start + Self.chunk, unique.count)]))
      do {
        let users = try await client.lookupUsers(request, options: .internalCall()).users
        for user in users { found[user.id] = user }
      } catch {
        throw DependencyError.from(error, dependency: "auth", logger: logger)
      }
    }
    return found
  }

  static let chunk = 500
}
