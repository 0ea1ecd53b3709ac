import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymStore
import Logging

/// Delivers plan's coaching jobs: relations to auth's `SetCoaching` (the trainers a
/// public profile shows) and messaging's (a client's shared progress photos), trainers'
/// figures to places' `SetTrainerStats` (their listing).
/// Plan's job ids only grow, so each is the version that orders a pair's or a trainer's
/// changes at the receiver.
struct CoachingDelivery: Sendable {
  let auth: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
  /// None without a messaging address: relations for it are then dropped.
  let messaging: Gym_Messaging_V1_MessagingInternal.Client<HTTP2ClientTransport.Posix>?
  /// None without a places address: figures are then dropped.
  let places: Gym_Places_V1_PlacesInternal.Client<HTTP2ClientTransport.Posix>?
  let logger: Logger

  /// A relation to auth's copy, or to messaging's when messaging is configured.
  func setCoaching(_ job: Outbox.Job) async throws {
    let change = try JSONDecoder().decode(CoachingChange.self, from: job.payload)
    guard job.destination == .messaging else {
      _ = try await auth.setCoaching(
        .with {
          $0.trainerID = change.trainerID
          $0.clientID = change.clientID
          $0.active = change.active
          $0.version = job.id
        }, options: .internalCall())
      return
    }
    guard let messaging else {
      logger.notice("coaching relation for messaging dropped: no messaging address")
      return
    }
    _ = try await messaging.setCoaching(
      .with {
        $0.trainerID = change.trainerID
        $0.clientID = change.clientID
        $0.active = change.active
        $0.version = job.id
      }, options: .internalCall())
  }

  /// A trainer's figures to their listing, when places is configured.
  func setTrainerStats(_ job: Outbox.Job) async throws {
    let stats = try JSONDecoder().decode(TrainerStatsJob.self, from: job.payload)
    guard let places else {
      logger.notice("trainer figures dropped: no places address")
      return
    }
    _ = try await places.setTrainerStats(
      .with {
        $0.trainerID = stats.trainerID
        $0.clientCount = Int32(clamping: stats.clientCount)
        $0.ratingCount = Int32(clamping: stats.ratingCount)
        $0.starSum = stats.starSum
        $0.version = job.id
      }, options: .internalCall())
  }
}
