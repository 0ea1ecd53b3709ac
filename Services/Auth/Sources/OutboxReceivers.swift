import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import ServiceLifecycle
import SwiftProtobuf

/// Delivers auth's outbox jobs: `purge-user` to each service's `…Internal.PurgeUser`
/// (catalog, plan, messaging, places), `user-standing` (bans) to catalog's and
/// messaging's `SetUserStanding`, `user-visibility` to messaging's `SetUserVisibility`. A destination without a configured address keeps its
/// jobs queued, visible to operators through `gymctl outbox`, and receives them once it
/// is configured.
struct OutboxReceivers: Sendable {
  private let clients: [Outbox.Destination: GymGRPCClient]

  init(addresses: [Outbox.Destination: HostPort], tls: InternalTLS?, credential: ServiceCredential) throws {
    clients = try addresses.mapValues { try InternalClient.make(to: $0, tls: tls, credential: credential) }
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
    let options = CallOptions.internalCall(timeout: .seconds(5))
    guard let client = clients[job.destination] else { throw NoReceiver(destination: job.destination, kind: job.kind) }
    switch (job.kind, job.destination) {
    case (.purgeUser, .places):
      let userID = String(decoding: job.payload, as: UTF8.self)
      _ = try await Gym_Places_V1_PlacesInternal.Client(wrapping: client).purgeUser(.with { $0.userID = userID }, options: options)
    case (.purgeUser, .catalog):
      let userID = String(decoding: job.payload, as: UTF8.self)
      _ = try await Gym_Catalog_V1_CatalogInternal.Client(wrapping: client).purgeUser(.with { $0.userID = userID }, options: options)
    case (.purgeUser, .plan):
      let userID = String(decoding: job.payload, as: UTF8.self)
      _ = try await Gym_Plan_V1_PlanInternal.Client(wrapping: client).purgeUser(.with { $0.userID = userID }, options: options)
    case (.purgeUser, .messaging):
      let userID = String(decoding: job.payload, as: UTF8.self)
      _ = try await Gym_Messaging_V1_MessagingInternal.Client(wrapping: client).purgeUser(.with { $0.userID = userID }, options: options)
    case (.userStanding, .catalog):
      _ = try await Gym_Catalog_V1_CatalogInternal.Client(wrapping: client).setUserStanding(try Self.standing(job), options: options)
    case (.userStanding, .messaging):
      _ = try await Gym_Messaging_V1_MessagingInternal.Client(wrapping: client).setUserStanding(try Self.standing(job), options: options)
    case (.userVisibility, .messaging):
      let visibility = try JSONDecoder().decode(AuthStore.Visibility.self, from: job.payload)
      _ = try await Gym_Messaging_V1_MessagingInternal.Client(wrapping: client).setUserVisibility(
        .with {
          $0.userID = visibility.userID
          $0.isPrivate = visibility.isPrivate
          $0.sequence = job.id
        }, options: options)
    default:
      throw NoReceiver(destination: job.destination, kind: job.kind)
    }
  }

  /// A `user-standing` job as any receiver's request; its version orders the changes.
  private static func standing<Request: StandingRequest>(_ job: Outbox.Job) throws -> Request {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let standing = try decoder.decode(AuthStore.Standing.self, from: job.payload)
    var request = Request()
    request.userID = standing.userID
    request.banned = standing.banned
    if let until = standing.until { request.bannedUntil = .init(date: until) }
    request.sequence = standing.version ?? job.id
    return request
  }
}

/// The fields every service's `SetUserStandingRequest` has.
protocol StandingRequest {
  init()
  var userID: String { get set }
  var banned: Bool { get set }
  var bannedUntil: Google_Protobuf_Timestamp { get set }
  var sequence: Int64 { get set }
}

extension Gym_Catalog_V1_SetUserStandingRequest: StandingRequest {}
extension Gym_Messaging_V1_SetUserStandingRequest: StandingRequest {}
