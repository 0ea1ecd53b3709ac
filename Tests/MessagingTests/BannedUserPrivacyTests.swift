import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

extension MessagingRPC {
  /// A ban is between a user and the administrators: whoever reaches for a banned
  /// account hears exactly what they would hear for an account that does not exist.
  @Suite struct BannedUserPrivacyTests {
    @Test func aBannedUserCannotBeToldApartFromAnUnknownOne() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        _ = try await env.running.auth.banUser(
          .with {
            $0.userID = env.ben.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        let unknownID = ID.make()

        // Each reach for another account, once for the banned one and once for nobody.
        let reaches: [(String, @Sendable (String, String) async throws -> Void)] = [
          (
            "direct message by id",
            { id, _ in
              _ = try await env.messaging.sendDirectMessage(
                .with {
                  $0.userID = id; $0.text = "hi"
                }, metadata: env.ana.metadata)
            }
          ),
          (
            "direct message by username",
            { _, username in
              _ = try await env.messaging.sendDirectMessage(
                .with {
                  $0.username = username; $0.text = "hi"
                }, metadata: env.ana.metadata)
            }
          ),
          (
            "follow",
            { id, _ in
              _ = try await env.messaging.follow(.with { $0.userID = id }, metadata: env.ana.metadata)
            }
          ),
          (
            "friend request",
            { id, _ in
              _ = try await env.messaging.sendFriendRequest(.with { $0.userID = id }, metadata: env.ana.metadata)
            }
          ),
        ]
        for (what, reach) in reaches {
          let banned = await rpcError { try await reach(env.ben.id, "ben") }
          let unknown = await rpcError { try await reach(unknownID, "nobody_at_all") }
          #expect(unknown?.code == .notFound, "\(what)")
          #expect(banned?.code == unknown?.code, "\(what)")
          #expect(banned?.message == unknown?.message, "\(what)")
          #expect(banned?.message.contains("suspend") == false, "\(what)")
        }
      }
    }
  }
}
