import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Names in messaging's responses come from its projection of users, which auth's
  /// updates keep current: a new display name shows without waiting for a cache to age.
  @Suite struct NameProjectionTests {
    @Test func aNewDisplayNameReachesMessagingThroughAuthsUpdates() async throws {
      try await MessagingFixture.run { env in
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.username = "ben"; $0.text = "hi"
          }, metadata: env.ana.metadata)
        @Sendable func peer() async throws -> Gym_Messaging_V1_UserRef {
          try #require(try await env.messaging.listConversations(.init(), metadata: env.ben.metadata).conversations.first).peer
        }
        #expect(try await peer().username == "ana")
        #expect(try await peer().displayName != "Ana Renamed")
        _ = try await env.running.auth.updateProfile(
          .with {
            $0.profile.displayName = "Ana Renamed"
            $0.updateMask = .with { $0.paths = ["display_name"] }
          }, metadata: env.ana.metadata)
        let renamed = try await eventually(within: .seconds(30)) { try await peer().displayName == "Ana Renamed" }
        #expect(renamed)
      }
    }
  }
}
