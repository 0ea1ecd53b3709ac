import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymGateway
import GymService
import GymTesting
import Logging
import Testing

extension MessagingRPC {
  /// Rooms, the social graph, notifications, purges, and the stream through the gateway.
  @Suite struct RoomAndSocialTests {
    @Test func roomsAreForMembersAndFanOutToEveryone() async throws {
      try await MessagingFixture.run { env in
        let room = try await env.messaging.createRoom(
          .with {
            $0.name = "Five by Five"; $0.topic = "questions about the program"
          }, metadata: env.ana.metadata
        ).room
        #expect(room.joined && room.memberCount == 1)
        let outsider = await rpcError {
          _ = try await env.messaging.postRoomMessage(
            .with {
              $0.roomID = room.id; $0.text = "hi"
            }, metadata: env.ben.metadata)
        }
        #expect(outsider?.code == .permissionDenied)
        let peek = await rpcError { _ = try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.ben.metadata) }
        #expect(peek?.code == .permissionDenied)

        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)  // idempotent
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let posted = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.text = "Deload week?"
          }, metadata: env.ana.metadata
        ).message
        let arrived = try await benStream.wait { $0.contains { $0.kind == .roomMessage && $0.message.id == posted.id } }
        #expect(arrived)
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.ben.metadata).messages.map(\.text) == ["Deload week?"])

        let found = try await env.messaging.listRooms(.with { $0.query = "five" }, metadata: env.cat.metadata).rooms
        #expect(found.map(\.id) == [room.id])
        #expect(found[0].memberCount == 2 && !found[0].joined)
        _ = try await env.messaging.leaveRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        let left = await rpcError {
          _ = try await env.messaging.postRoomMessage(
            .with {
              $0.roomID = room.id; $0.text = "bye"
            }, metadata: env.ben.metadata)
        }
        #expect(left?.code == .permissionDenied)
        await benStream.close()
      }
    }

    @Test func friendsFollowersAndWhatAuthAsks() async throws {
      try await MessagingFixture.run { env in
        let (anaStream, _) = try await OpenStream.live(env, env.ana)
        let request = try await env.messaging.sendFriendRequest(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).request
        #expect(request.state == .pending)
        let notified = try await anaStream.wait { $0.contains { $0.kind == .friendRequest && $0.friendRequest.id == request.id } }
        #expect(notified)
        let again = await rpcError { _ = try await env.messaging.sendFriendRequest(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata) }
        #expect(again?.code == .alreadyExists)
        #expect(try await env.messaging.listFriendRequests(.init(), metadata: env.ana.metadata).requests.map(\.id) == [request.id])
        let notHers = await rpcError {
          _ = try await env.messaging.respondFriendRequest(
            .with {
              $0.requestID = request.id; $0.accept = true
            }, metadata: env.cat.metadata)
        }
        #expect(notHers?.code == .notFound)
        _ = try await env.messaging.respondFriendRequest(
          .with {
            $0.requestID = request.id; $0.accept = true
          }, metadata: env.ana.metadata)
        #expect(try await env.messaging.listFriends(.init(), metadata: env.ben.metadata).friends.map(\.username) == ["ana"])
        #expect(
          try await env.messagingInternal.areFriends(
            .with {
              $0.userID = env.ana.id; $0.otherUserID = env.ben.id
            }
          ).friends)
        #expect(
          try await !env.messagingInternal.areFriends(
            .with {
              $0.userID = env.ana.id; $0.otherUserID = env.cat.id
            }
          ).friends)

        _ = try await env.messaging.follow(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata)
        #expect(try await env.messaging.listFollowers(.init(), metadata: env.ana.metadata).users.map(\.username) == ["cat"])
        #expect(try await env.messaging.listFollowing(.init(), metadata: env.cat.metadata).users.map(\.username) == ["ana"])

        // Ana's private profile opens to her friend Ben, not to Cat: messaging's outbox
        // tells auth of the friendship, and auth answers from its copy.
        _ = try await env.running.auth.updateProfile(
          .with {
            $0.profile.visibility = .private; $0.profile.bio = "Squats daily"; $0.updateMask = .with { $0.paths = ["visibility", "bio"] }
          },
          metadata: env.ana.metadata)
        let auth = env.running.auth
        @Sendable func profile(of user: MessagingFixture.User, seenBy viewer: MessagingFixture.User) async throws -> Gym_Auth_V1_PublicProfile {
          try await auth.getProfile(.with { $0.userID = user.id }, metadata: viewer.metadata).profile
        }
        #expect(try await eventually { try await !profile(of: env.ana, seenBy: env.ben).limited })
        #expect(try await profile(of: env.ana, seenBy: env.ben).bio == "Squats daily")
        let asStranger = try await profile(of: env.ana, seenBy: env.cat)
        #expect(asStranger.limited && asStranger.bio.isEmpty)

        // A block ends the friendship, in messaging and then in auth.
        _ = try await env.messaging.blockUser(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(
          try await !env.messagingInternal.areFriends(
            .with {
              $0.userID = env.ana.id; $0.otherUserID = env.ben.id
            }
          ).friends)
        #expect(try await eventually { try await profile(of: env.ana, seenBy: env.ben).limited })
        await anaStream.close()
      }
    }

    @Test func theFeedShowsFollowedUsersAndFriendsWithReactions() async throws {
      try await MessagingFixture.run { env in
        let anaPost = try await env.messaging.createPost(.with { $0.text = "New squat PR: 140 kg" }, metadata: env.ana.metadata).post
        _ = try await env.messaging.createPost(.with { $0.text = "Cat's rest day" }, metadata: env.cat.metadata)
        #expect(try await env.messaging.getFeed(.init(), metadata: env.ben.metadata).posts.isEmpty)

        _ = try await env.messaging.follow(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        var feed = try await env.messaging.getFeed(.init(), metadata: env.ben.metadata).posts
        #expect(feed.map(\.id) == [anaPost.id])
        #expect(feed[0].author.username == "ana")

        // A friend's posts come in too, newest first, with the caller's own.
        let request = try await env.messaging.sendFriendRequest(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata).request
        _ = try await env.messaging.respondFriendRequest(
          .with {
            $0.requestID = request.id; $0.accept = true
          }, metadata: env.cat.metadata)
        let benPost = try await env.messaging.createPost(.with { $0.text = "Ben's first post" }, metadata: env.ben.metadata).post
        feed = try await env.messaging.getFeed(.init(), metadata: env.ben.metadata).posts
        #expect(feed.map(\.text) == ["Ben's first post", "Cat's rest day", "New squat PR: 140 kg"])

        var counts = try await env.messaging.reactToPost(
          .with {
            $0.postID = anaPost.id; $0.reaction = .like
          }, metadata: env.ben.metadata)
        #expect(counts.likes == 1 && counts.dislikes == 0)
        counts = try await env.messaging.reactToPost(
          .with {
            $0.postID = anaPost.id; $0.reaction = .dislike
          }, metadata: env.ben.metadata)
        #expect(counts.likes == 0 && counts.dislikes == 1)
        _ = try await env.messaging.reactToPost(
          .with {
            $0.postID = anaPost.id; $0.reaction = .like
          }, metadata: env.cat.metadata)
        let seen = try await env.messaging.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).posts
        #expect(seen[0].likes == 1 && seen[0].dislikes == 1 && seen[0].myReaction == .dislike)
        counts = try await env.messaging.reactToPost(
          .with {
            $0.postID = anaPost.id; $0.reaction = .none
          }, metadata: env.ben.metadata)
        #expect(counts.likes == 1 && counts.dislikes == 0)

        // Only the author deletes their post; an admin removes anyone's with a reason.
        let notHis = await rpcError { _ = try await env.messaging.deletePost(.with { $0.id = anaPost.id }, metadata: env.ben.metadata) }
        #expect(notHis?.code == .notFound)
        let notAdmin = await rpcError {
          _ = try await env.messaging.deletePostAsAdmin(
            .with {
              $0.id = anaPost.id; $0.reason = "spam"
            }, metadata: env.ben.metadata)
        }
        #expect(notAdmin?.code == .permissionDenied)
        let admin = try await env.running.makeAdmin()
        _ = try await env.messaging.deletePostAsAdmin(
          .with {
            $0.id = anaPost.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        #expect(try await env.messaging.getFeed(.init(), metadata: env.ben.metadata).posts.map(\.id).contains(anaPost.id) == false)
        _ = try await env.messaging.deletePost(.with { $0.id = benPost.id }, metadata: env.ben.metadata)

        // A block hides each other's posts.
        _ = try await env.messaging.blockUser(.with { $0.userID = env.ben.id }, metadata: env.cat.metadata)
        let blocked = await rpcError { _ = try await env.messaging.listUserPosts(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata) }
        #expect(blocked?.code == .permissionDenied)
        #expect(try await env.messaging.getFeed(.init(), metadata: env.ben.metadata).posts.isEmpty)
      }
    }

    @Test func aBannedUsersPostsAndRoomMessagesAreHiddenWhileTheBanLasts() async throws {
      try await MessagingFixture.run { env in
        let admin = try await env.running.makeAdmin()
        _ = try await env.messaging.follow(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        _ = try await env.messaging.createPost(.with { $0.text = "buy my supplements" }, metadata: env.ben.metadata)
        let room = try await env.messaging.createRoom(.with { $0.name = "Lifters" }, metadata: env.ana.metadata).room
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        _ = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.text = "cheap supplements here"
          }, metadata: env.ben.metadata)
        #expect(try await env.messaging.getFeed(.init(), metadata: env.ana.metadata).posts.count == 1)

        _ = try await env.running.auth.banUser(
          .with {
            $0.userID = env.ben.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        let hidden = try await eventually {
          try await env.messaging.getFeed(.init(), metadata: env.ana.metadata).posts.isEmpty
        }
        #expect(hidden)
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.ana.metadata).messages.isEmpty)

        _ = try await env.running.auth.unbanUser(.with { $0.userID = env.ben.id }, metadata: admin.metadata)
        let back = try await eventually {
          try await env.messaging.getFeed(.init(), metadata: env.ana.metadata).posts.count == 1
        }
        #expect(back)
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.ana.metadata).messages.count == 1)
      }
    }

    @Test func notificationsAreIdempotentAndArriveOnTheStream() async throws {
      try await MessagingFixture.run { env in
        // Ana's stream is joined once Ben, her room mate, sees her come online (no
        // pings: her notifications are what this test counts).
        let room = try await env.messaging.createRoom(.with { $0.name = "early risers" }, metadata: env.ben.metadata).room
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ana.metadata)
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let stream = OpenStream(env.messaging, env.ana.metadata)
        let joined = try await benStream.wait { $0.contains { $0.kind == .presence && $0.presence.userID == env.ana.id && $0.presence.online } }
        await benStream.close()
        guard joined else {
          Issue.record("ana's stream did not join")
          await stream.close()  // an open stream would hold the client when the fixture ends
          return
        }
        let notify = Gym_Messaging_V1_NotifyRequest.with {
          $0.userID = env.ana.id; $0.kind = "workout-reminder"; $0.title = "Squat day at 07:00"; $0.idempotencyKey = "entry-1/2026-11-23"
        }
        let first = try await env.messagingInternal.notify(notify)
        let second = try await env.messagingInternal.notify(notify)
        #expect(first.created && !second.created)
        #expect(first.notification.id == second.notification.id)
        let arrived = try await stream.wait { $0.contains { $0.kind == .notification && $0.notification.title == "Squat day at 07:00" } }
        #expect(arrived)
        let listed = try await env.messaging.listNotifications(.init(), metadata: env.ana.metadata)
        #expect(listed.notifications.count == 1 && listed.unreadCount == 1)
        #expect(try await env.messaging.markNotificationsRead(.init(), metadata: env.ana.metadata).unreadCount == 0)
        let user = await rpcError { _ = try await env.messagingInternalWithoutCredential.notify(notify, metadata: env.ana.metadata) }
        #expect(user?.code == .unauthenticated)
        await stream.close()
      }
    }

    @Test func deletingAnAccountPurgesItsMessagesAndGraph() async throws {
      try await MessagingFixture.run { env in
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.userID = env.ana.id; $0.text = "hello"
          }, metadata: env.ben.metadata)
        _ = try await env.messaging.follow(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        // What the purge must take away is there first.
        #expect(try await env.messaging.listConversations(.init(), metadata: env.ana.metadata).conversations.map(\.peer.username) == ["ben"])
        #expect(try await env.messaging.listFollowers(.init(), metadata: env.ana.metadata).users.map(\.username) == ["ben"])
        _ = try await env.running.auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: env.ben.metadata)
        let delivered = try await eventually {
          try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "messaging" } == nil
        }
        #expect(delivered)
        #expect(try await env.messagingLifecycle.purgeUser(.with { $0.userID = env.ben.id }).removed == 0)
        #expect(try await env.messaging.listConversations(.init(), metadata: env.ana.metadata).conversations.isEmpty)
        #expect(try await env.messaging.listFollowers(.init(), metadata: env.ana.metadata).users.isEmpty)
      }
    }

    @Test func aStreamThroughTheGatewayOutlivesTheUnaryDeadline() async throws {
      try await MessagingFixture.run { env in
        var common = testSettings()
        common.listen = HostPort(host: "127.0.0.1", port: 0)
        var settings = GatewayApp.Settings(
          common: common,
          backends: [
            "auth": env.running.address, "messaging": env.address, "catalog": HostPort(host: "127.0.0.1", port: 1),
            "plan": HostPort(host: "127.0.0.1", port: 1), "places": HostPort(host: "127.0.0.1", port: 1),
          ],
          credential: env.running.credential)
        settings.defaultDeadline = .seconds(1)
        settings.maximumDeadline = .seconds(1)
        let gateway = try await GatewayApp.build(settings, logger: Logger(label: "gateway"))
        try await withRunningProcess(gateway) { address in
          try await withClient(to: address) { client in
            let viaGateway = Messaging(wrapping: client)
            let (stream, _) = try await OpenStream.live(env, env.ben, through: viaGateway)
            // Open past the gateway's 1 s deadline: what this test is about, not a barrier.
            try await Task.sleep(for: .milliseconds(1500))
            let sent = try await viaGateway.sendDirectMessage(
              .with {
                $0.userID = env.ben.id; $0.text = "still there?"
              }, metadata: env.ana.metadata
            ).message
            let arrived = try await stream.wait { $0.contains { $0.message.id == sent.id } }
            #expect(arrived)
            #expect(stream.ended.withLock { $0 } == nil)
            // Cancelling at the gateway ends the stream at messaging too: Ben goes offline.
            let room = try await env.messaging.createRoom(.with { $0.name = "gateway room" }, metadata: env.ana.metadata).room
            _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
            func benOnline() async throws -> Bool {
              try await env.messaging.listRoomMembers(.with { $0.roomID = room.id }, metadata: env.ana.metadata).members
                .first { $0.user.userID == env.ben.id }?.online ?? false
            }
            #expect(try await benOnline())
            await stream.close()
            var offline = false
            for _ in 0..<100 where !offline {
              offline = try await !benOnline()
              if !offline { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(offline)

            // The client's own deadline ends a stream with DEADLINE_EXCEEDED, not CANCELLED.
            var options = CallOptions.defaults
            options.timeout = .milliseconds(500)
            let expired = await rpcError {
              try await viaGateway.subscribe(.init(), metadata: env.ben.metadata, options: options) { response in
                for try await _ in response.messages {}
              }
            }
            #expect(expired?.code == .deadlineExceeded, "\(String(describing: expired))")
          }
        }
      }
    }
  }
}
