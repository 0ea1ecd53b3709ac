import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import Logging

/// Whether two users are friends, which opens a PRIVATE profile. Friendships live in
/// messaging; when it cannot answer, the answer is "not friends" (the viewer sees the
/// limited profile, never an error).
public protocol Friendships: Sendable {
  func areFriends(_ userID: String, _ otherUserID: String) async -> Bool
}

/// `MessagingInternal.AreFriends` with the service credential and a short deadline.
struct MessagingFriendships: Friendships {
  let client: Gym_Messaging_V1_MessagingInternal.Client<HTTP2ClientTransport.Posix>
  let logger: Logger

  func areFriends(_ userID: String, _ otherUserID: String) async -> Bool {
    do {
      return try await client.areFriends(
        .with {
          $0.userID = userID
          $0.otherUserID = otherUserID
        }, options: .internalCall(timeout: .seconds(1))
      ).friends
    } catch {
      logger.notice("messaging could not say whether two users are friends; showing the limited profile", metadata: ["error": "\(error)"])
      return false
    }
  }
}
