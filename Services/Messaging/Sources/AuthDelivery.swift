import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymStore

/// Delivers messaging's outbox jobs, all for auth: friendship changes to `SetFriendship`,
/// which keeps the copy GetProfile reads for PRIVATE profiles, and digests to
/// `SendUserMail`, since auth owns the addresses.
struct AuthDelivery: Sendable {
  let auth: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>

  func deliver(_ job: Outbox.Job) async throws {
    guard job.destination == .auth else { throw Outbox.UnknownJob(job, process: "messaging") }
    switch job.kind {
    case .friendship:
      let change = try JSONDecoder().decode(FriendshipChange.self, from: job.payload)
      _ = try await auth.setFriendship(
        .with {
          $0.userID = change.userA
          $0.otherUserID = change.userB
          $0.friends = change.friends
          // Messaging's job ids only grow: they order one pair's changes.
          $0.version = job.id
        }, options: .internalCall())
    case .userMail:
      let mail = try JSONDecoder().decode(UserMail.self, from: job.payload)
      _ = try await auth.sendUserMail(
        .with {
          $0.userID = mail.userID
          $0.id = mail.id
          $0.subject = mail.subject
          $0.body = mail.body
        }, options: .internalCall())
    default:
      throw Outbox.UnknownJob(job, process: "messaging")
    }
  }
}
