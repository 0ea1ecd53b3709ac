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
    var options = CallOptions.defaults
    options.timeout = .seconds(2)
    options.waitForReady = false
    var active: Set<String> = []
    // LookupUsers answers at most 500 keys per call.
    for start in stride(from: 0, to: ids.count, by: 500) {
      let chunk = Array(ids[start..<min(start + 500, ids.count)])
      let users = try await client.lookupUsers(.with { $0.ids = chunk }, options: options).users
      active.formUnion(users.filter { !$0.hasBan }.map(\.id))
    }
    return active
  }
}
