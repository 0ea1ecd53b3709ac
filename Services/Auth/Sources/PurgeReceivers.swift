import GRPCCore
import GymAPI
import GymService
import GymStore
import ServiceLifecycle

/// Delivers `purge-user` outbox jobs to each service's `…Internal.PurgeUser`. Services
/// without a configured address (or not built yet) keep their jobs queued, visible to
/// operators through `gymctl outbox`, and receive them once they are configured.
struct PurgeReceivers: Sendable {
  private let places: GymGRPCClient?

  init(addresses: [String: HostPort], credential: ServiceCredential) throws {
    places = try addresses["places"].map { try GymClient.make(to: $0, interceptors: [credential.clientInterceptor]) }
  }

  var connections: [any Service] {
    [places].compactMap { $0 }.map { ClientConnections($0) }
  }

  struct NoReceiver: Error, CustomStringConvertible {
    let destination: String
    var description: String { "no PurgeUser receiver for '\(destination)' is configured" }
  }

  func deliver(_ job: Outbox.Job) async throws {
    let userID = String(decoding: job.payload, as: UTF8.self)
    var options = CallOptions.defaults
    options.timeout = .seconds(5)
    options.waitForReady = false
    switch (job.destination, places) {
    case ("places", let client?):
      _ = try await Gym_Places_V1_PlacesInternal.Client(wrapping: client).purgeUser(.with { $0.userID = userID }, options: options)
    default:
      throw NoReceiver(destination: job.destination)
    }
  }
}
