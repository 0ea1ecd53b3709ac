import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import ServiceLifecycle
import SwiftProtobuf

/// Delivers auth's user-lifecycle outbox jobs to `gym.common.v1.UserLifecycleInternal`,
/// which every destination implements: one client, and a job's kind names the call
/// (`purge-user` → PurgeUser, `user-standing` → SetUserStanding, `user-visibility` →
/// SetUserVisibility, `user-updated` → UpdateUser). A destination without a configured address keeps its jobs
/// queued, visible to operators through `gymctl outbox`, and receives them once it is
/// configured.
struct OutboxReceivers: Sendable {
  private let clients: [Outbox.Destination: GymGRPCClient]

  init(addresses: [Outbox.Destination: HostPort], tls: InternalTLS?, credential: ServiceCredential, metrics: RPCMetrics) throws {
    clients = try addresses.mapValues { try InternalClient.make(to: $0, tls: tls, credential: credential, metrics: metrics) }
  }

  /// The credentialed connection to a destination, for other calls to it.
  func client(for destination: Outbox.Destination) -> GymGRPCClient? { clients[destination] }

  var connections: [any Service] {
    clients.values.map { ClientConnections($0) }
  }

  struct NoReceiver: Error, CustomStringConvertible {
    let destination: Outbox.Destination
    let kind: Outbox.Kind
    var description: String { "no receiver for '\(kind)' jobs to '\(destination)' is configured" }
  }

  func deliver(_ job: Outbox.Job) async throws {
    guard let client = clients[job.destination] else { throw NoReceiver(destination: job.destination, kind: job.kind) }
    try await LifecycleEvent(job).send(to: Gym_Common_V1_UserLifecycleInternal.Client(wrapping: client))
  }
}
