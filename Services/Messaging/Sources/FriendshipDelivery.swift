import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymStore

/// Delivers messaging's outbox jobs: friendship changes to auth's `SetFriendship`, which
/// keeps the copy GetProfile reads for PRIVATE profiles.
struct FriendshipDelivery: Sendable {
  let auth: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>

  func deliver(_ job: Outbox.Job) async throws {
    guard job.kind == .friendship, job.destination == .auth else { throw Outbox.UnknownJob(job, process: "messaging") }
    let change = try JSONDecoder().decode(FriendshipChange.self, from: job.payload)
    _ = try await auth.setFriendship(
      .with {
        $0.userID = change.userA
        $0.otherUserID = change.userB
        $0.friends = change.friends
        // Messaging's job ids only grow: they order one pair's changes.
        $0.version = job.id
      }, options: .internalCall())
  }
}
