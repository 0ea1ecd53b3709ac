import GRPCCore
import GymAPI
import GymService

/// Which users still have an active account (not deleted, not banned).
public protocol AccountDirectory: Sendable {
  func activeUserIDs(among ids: [String]) async throws -> Set<String>
}

/// Asks auth's `LookupUsers` (with the service credential), with a short deadline.
public struct AuthAccountDirectory<Transport: ClientTransport>: AccountDirectory {
  private let client: Gym_Auth_V1_AuthInternal.Client<Transport>

  public init(client: GRPCClient<Transport>) {
    self.client = Gym_Auth_V1_AuthInternal.Client(wrapping: client)
  }

  public func activeUserIDs(among ids: [String]) async throws -> Set<String> {
    guard !ids.isEmpty else { return [] }
    var options = CallOptions.defaults
    options.timeout = .seconds(2)
    options.waitForReady = false
    let users = try await client.lookupUsers(.with { $0.ids = ids }, options: options).users
    return Set(users.filter { !$0.hasBan }.map(\.id))
  }
}
