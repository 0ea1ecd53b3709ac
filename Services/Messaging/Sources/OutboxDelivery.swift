import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymStore
import Logging

/// Delivers messaging's outbox jobs. To auth: friendship changes to `SetFriendship`,
/// which keeps the copy GetProfile reads for PRIVATE profiles, and digests to
/// `SendUserMail`, since auth owns the addresses. To places: a place's review figures
/// to `SetPlaceReviewStats`, shown with the place.
struct OutboxDelivery: Sendable {
  let auth: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
  /// None without a places address: figures are then dropped.
  let places: Gym_Places_V1_PlacesInternal.Client<HTTP2ClientTransport.Posix>?
  let logger: Logger

  func deliver(_ job: Outbox.Job) async throws {
    switch (job.destination, job.kind) {
    case (.auth, .friendship):
      let change = try JSONDecoder().decode(FriendshipChange.self, from: job.payload)
      _ = try await auth.setFriendship(
        .with {
          $0.userID = change.userA
          $0.otherUserID = change.userB
          $0.friends = change.friends
          // Messaging's job ids only grow: they order one pair's changes.
          $0.version = job.id
        }, options: .internalCall())
    case (.auth, .userMail):
      let mail = try JSONDecoder().decode(UserMail.self, from: job.payload)
      _ = try await auth.sendUserMail(
        .with {
          $0.userID = mail.userID
          $0.id = mail.id
          $0.subject = mail.subject
          $0.body = mail.body
        }, options: .internalCall())
    case (.places, .placeReviewStats):
      let stats = try JSONDecoder().decode(PlaceReviewStats.self, from: job.payload)
      guard let places else { return logger.notice("place review figures dropped: no places address") }
      _ = try await places.setPlaceReviewStats(
        .with {
          $0.placeID = stats.placeID
          $0.reviewCount = Int32(clamping: stats.reviewCount)
          $0.starSum = stats.starSum
          // And one place's figures.
          $0.version = job.id
        }, options: .internalCall())
    default:
      throw Outbox.UnknownJob(job, process: "messaging")
    }
  }
}
