import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymStore
import Logging

/// Delivers plan's coaching jobs: relations to auth's `SetCoaching` (the trainers a
/// public profile shows), trainers' figures to places' `SetTrainerStats` (their listing).
/// Plan's job ids only grow, so each is the version that orders a pair's or a trainer's
/// changes at the receiver.
struct CoachingDelivery: Sendable {
  let auth: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
  /// None without a places address: figures are then dropped.
  let places: Gym_Places_V1_PlacesInternal.Client<HTTP2ClientTransport.Posix>?
  let logger: Logger

  /// False when the job is not a coaching one.
  func deliver(_ job: Outbox.Job) async throws -> Bool {
    switch (job.kind, job.destination) {
    case (.coaching, .auth):
      let change = try JSONDecoder().decode(CoachingChange.self, from: job.payload)
      _ = try await auth.setCoaching(
        .with {
          $0.trainerID = change.trainerID
          $0.clientID = change.clientID
          $0.active = change.active
          $0.version = job.id
        }, options: .internalCall())
    case (.trainerStats, .places):
      let stats = try JSONDecoder().decode(TrainerStatsJob.self, from: job.payload)
      guard let places else {
        logger.notice("trainer figures dropped: no places address")
        return true
      }
      _ = try await places.setTrainerStats(
        .with {
          $0.trainerID = stats.trainerID
          $0.clientCount = Int32(clamping: stats.clientCount)
          $0.ratingCount = Int32(clamping: stats.ratingCount)
          $0.starSum = stats.starSum
          $0.version = job.id
        }, options: .internalCall())
    default:
      return false
    }
    return true
  }
}
