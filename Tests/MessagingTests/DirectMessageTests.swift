import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Direct messages: delivery on the open stream, unread counts, paging, blocks.
  @Suite struct DirectMessageTests {
    @Test func anUnverifiedAddressCannotMessageOrPostUntilVerified() async throws {
      try await MessagingFixture.run { env in
        let fresh = try await env.running.register("fresh_fay", verified: false)
        let refused = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.username = "ben"; $0.text = "hi"
            }, metadata: fresh.metadata)
        }
        #expect(refused?.code == .failedPrecondition)
        #expect(refused?.message.hasPrefix("verify your email address before you send messages") == true)
        let post = await rpcError { _ = try await env.messaging.createPost(.with { $0.text = "hello" }, metadata: fresh.metadata) }
        #expect(post?.code == .failedPrecondition)
        let verified = try await env.running.verifyEmail(of: fresh, email: "fresh_fay@example.com")
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.username = "ben"; $0.text = "hi"
          }, metadata: verified.metadata)
      }
    }

    @Test func aQuestionArrivesLiveAndUnreadCountsAreRightOnBothSides() async throws {
      try await MessagingFixture.run { env in
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let sent = try await env.messaging.sendDirectMessage(
          .with {
            $0.username = "ben"; $0.text = "Is the 5x5 OK for beginners?"
          }, metadata: env.ana.metadata
        ).message
        #expect(sent.sender.username == "ana")
        let arrived = try await benStream.wait { $0.contains { $0.message.id == sent.id } }
        #expect(arrived)
        let delivered = try #require(benStream.messages.first)
        #expect(delivered.kind == .directMessage)
        #expect(delivered.id > 0)

        var benInbox = try await env.messaging.listConversations(.init(), metadata: env.ben.metadata).conversations
        #expect(benInbox.count == 1)
        #expect(benInbox[0].peer.username == "ana")
        #expect(benInbox[0].unreadCount == 1)
        #expect(try await env.messaging.listConversations(.init(), metadata: env.ana.metadata).conversations[0].unreadCount == 0)

        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ana.id; $0.text = "Yes, start light."
          }, metadata: env.ben.metadata)
        let unread = try await env.messaging.markConversationRead(.with { $0.conversationID = benInbox[0].id }, metadata: env.ben.metadata)
        #expect(unread.unreadCount == 0)
        benInbox = try await env.messaging.listConversations(.init(), metadata: env.ben.metadata).conversations
        #expect(benInbox[0].lastMessage.text == "Yes, start light.")
        #expect(try await env.messaging.listConversations(.init(), metadata: env.ana.metadata).conversations[0].unreadCount == 1)

        // Cat is not in it.
        let outsider = await rpcError {
          _ = try await env.messaging.listDirectMessages(.with { $0.conversationID = benInbox[0].id }, metadata: env.cat.metadata)
        }
        #expect(outsider?.code == .notFound)
        await benStream.close()
      }
    }

    @Test func historyPagesNewestFirstWithoutGapsOrRepeats() async throws {
      try await MessagingFixture.run { env in
        for index in 0..<25 {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ben.id; $0.text = "m\(index)"
            }, metadata: env.ana.metadata)
        }
        var texts: [String] = []
        var token = ""
        repeat {
          let page = try await env.messaging.listDirectMessages(
            .with {
              $0.peerUserID = env.ana.id; $0.pageSize = 10; $0.pageToken = token
            }, metadata: env.ben.metadata)
          texts += page.messages.map(\.text)
          token = page.nextPageToken
        } while !token.isEmpty
        #expect(texts == (0..<25).reversed().map { "m\($0)" })
      }
    }

    @Test func badRecipientsAndBlocksAreRefused() async throws {
      try await MessagingFixture.run { env in
        let unknown = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.username = "nobody"; $0.text = "hi"
            }, metadata: env.ana.metadata)
        }
        #expect(unknown?.code == .notFound)
        let empty = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ben.id; $0.text = "  "
            }, metadata: env.ana.metadata)
        }
        #expect(empty?.fieldViolations.map(\.field) == ["text"])
        let long = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ben.id; $0.text = String(repeating: "x", count: 4001)
            }, metadata: env.ana.metadata)
        }
        #expect(long?.code == .invalidArgument)
        let me = await rpcError {
          _ = try await env.messaging.sendDirectMessage(
            .with {
              $0.userID = env.ana.id; $0.text = "hi"
            }, metadata: env.ana.metadata)
        }
        #expect(me?.code == .failedPrecondition)

        _ = try await env.messaging.blockUser(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        for (from, to) in [(env.ana, env.ben), (env.ben, env.ana)] {
          let blocked = await rpcError {
            _ = try await env.messaging.sendDirectMessage(
              .with {
                $0.userID = to.id; $0.text = "hi"
              }, metadata: from.metadata)
          }
          #expect(blocked?.code == .permissionDenied)
        }
        let follow = await rpcError { _ = try await env.messaging.follow(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata) }
        #expect(follow?.code == .permissionDenied)
        let friend = await rpcError { _ = try await env.messaging.sendFriendRequest(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata) }
        #expect(friend?.code == .permissionDenied)
        _ = try await env.messaging.unblockUser(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ben.id; $0.text = "hi again"
          }, metadata: env.ana.metadata)
      }
    }
  }
}
