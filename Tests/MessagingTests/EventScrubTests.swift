import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// A message a moderator removes leaves every stored copy: the recipients' and the
  /// sender's event logs no longer replay its words to a client resuming from an older
  /// cursor.
  @Suite struct EventScrubTests {
    @Test func aDirectMessageDeletedByAnAdminIsNotReplayedFromAnEarlierCursor() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let (benStream, benCursor) = try await OpenStream.live(env, env.ben)
        let (anaStream, anaCursor) = try await OpenStream.live(env, env.ana)
        let abuse = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "you are worthless, quit the gym"
          }, metadata: env.ana.metadata
        ).message
        let kind = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "see you at 7"
          }, metadata: env.ana.metadata
        ).message
        #expect(try await benStream.wait { $0.contains { $0.message.id == kind.id } })
        #expect(try await anaStream.wait { $0.contains { $0.message.id == kind.id } })
        await benStream.close()
        await anaStream.close()

        _ = try await env.messaging.deleteMessage(
          .with {
            $0.id = abuse.id; $0.reason = "harassment"
          }, metadata: admin.metadata)

        for (user, cursor, seen) in [(env.ben, benCursor, benStream), (env.ana, anaCursor, anaStream)] {
          let last = seen.received.map(\.id).max() ?? 0
          let replayed = try await OpenStream.replay(env, user, after: cursor) { $0.contains { $0.id >= last } }
          let copies = replayed.filter { $0.message.id == abuse.id }
          #expect(!copies.isEmpty, "the message's place in the log stays, so cursors stay valid")
          #expect(copies.allSatisfy { $0.message.deleted && $0.message.text.isEmpty && $0.message.attachments.isEmpty })
          #expect(!replayed.contains { $0.message.text.contains("worthless") })
          // The other message is untouched.
          #expect(replayed.contains { $0.message.id == kind.id && $0.message.text == "see you at 7" })
        }
        let history = try await env.messaging.listDirectMessages(.with { $0.peerUserID = env.ana.id }, metadata: env.ben.metadata).messages
        #expect(history.first { $0.id == abuse.id }?.deleted == true)
      }
    }

    @Test func anOpenStreamHearsThatAMessageWasRemoved() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let sent = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "send me your address"
          }, metadata: env.ana.metadata
        ).message
        #expect(try await benStream.wait { $0.contains { $0.message.id == sent.id } })
        _ = try await env.messaging.deleteMessage(
          .with {
            $0.id = sent.id; $0.reason = "unsafe"
          }, metadata: admin.metadata)
        let told = try await benStream.wait { $0.contains { $0.kind == .directMessage && $0.message.id == sent.id && $0.message.deleted } }
        #expect(told)
        // Deleting it again (a new reason) says nothing new.
        _ = try await env.messaging.deleteMessage(
          .with {
            $0.id = sent.id; $0.reason = "unsafe, see ticket 12"
          }, metadata: admin.metadata)
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = env.ben.id; $0.kind = "test-end"; $0.title = "end"
          })
        #expect(try await benStream.wait { $0.contains { $0.notification.kind == "test-end" } })
        #expect(benStream.received.filter { $0.message.id == sent.id }.count == 2)
        await benStream.close()
      }
    }

    @Test func aDeletedAccountsMessagesAndFriendRequestsLeaveTheOthersLogs() async throws {
      try await MessagingFixture.run { env in
        let (benStream, benCursor) = try await OpenStream.live(env, env.ben)
        let sent = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "ana's last words"
          }, metadata: env.ana.metadata
        ).message
        let request = try await env.messaging.sendFriendRequest(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata).request
        #expect(try await benStream.wait { $0.contains { $0.friendRequest.id == request.id } })
        await benStream.close()

        _ = try await env.running.auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: env.ana.metadata)
        let purged = try await eventually {
          try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "messaging" } == nil
        }
        #expect(purged)
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = env.ben.id; $0.kind = "test-end"; $0.title = "end"
          })
        let replayed = try await OpenStream.replay(env, env.ben, after: benCursor) { $0.contains { $0.notification.kind == "test-end" } }
        #expect(!replayed.contains { $0.message.id == sent.id || $0.friendRequest.id == request.id })
      }
    }
  }
}
