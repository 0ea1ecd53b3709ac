import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// A PRIVATE profile (set in auth, learned through auth's outbox) keeps its posts,
  /// attachments and follow lists for friends and approved followers.
  @Suite struct PrivacyTests {
    /// Makes `user`'s profile private or public in auth and waits until messaging shows
    /// it to `probe` (who is neither friend nor follower).
    static func setPrivate(_ isPrivate: Bool, _ user: MessagingFixture.User, probe: MessagingFixture.User, env: MessagingFixture.Env) async throws {
      _ = try await env.running.auth.updateProfile(
        .with {
          $0.profile.visibility = isPrivate ? .private : .public
          $0.updateMask = .with { $0.paths = ["visibility"] }
        }, metadata: user.metadata)
      let applied = try await eventually(within: .seconds(10)) {
        let refused = await rpcError { _ = try await env.messaging.listUserPosts(.with { $0.userID = user.id }, metadata: probe.metadata) }
        return (refused?.code == .permissionDenied) == isPrivate
      }
      try #require(applied, "messaging learned the visibility from auth's outbox")
    }

    @Test func aPrivateProfileIsForFriendsAndApprovedFollowers() async throws {
      try await MessagingFixture.run { env in
        let m = env.messaging
        let bytes = jpeg(size: 1000)
        let photo = try await upload(m, bytes, as: env.ana)
        let post = try await m.createPost(
          .with {
            $0.text = "Leg day diary"; $0.attachmentIds = [photo.id]
          }, metadata: env.ana.metadata
        ).post
        try await Self.setPrivate(true, env.ana, probe: env.cat, env: env)

        // A stranger sees neither posts, nor their files, nor the graph, nor can react.
        let posts = await rpcError { _ = try await m.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata) }
        #expect(posts?.code == .permissionDenied && posts?.message.contains("private") == true)
        for call in [
          { _ = try await m.listFollowers(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata) },
          { _ = try await m.listFollowing(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata) },
        ] as [@Sendable () async throws -> Void] {
          #expect(await rpcError(call)?.code == .permissionDenied)
        }
        #expect(await rpcError { _ = try await download(m, photo.id, as: env.ben) }?.code == .notFound)
        #expect(
          await rpcError {
            _ = try await m.reactToPost(
              .with {
                $0.postID = post.id; $0.reaction = .like
              }, metadata: env.ben.metadata)
          }?.code == .notFound)
        // The owner sees her own.
        #expect(try await m.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.ana.metadata).posts.map(\.id) == [post.id])

        // Following is a request she answers; until then nothing shows, not in the feed either.
        let asked = try await m.follow(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata)
        #expect(asked.pending)
        #expect(try await m.follow(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).pending, "asking twice is one request")
        #expect(try await m.getFeed(.init(), metadata: env.ben.metadata).posts.isEmpty)
        #expect(try await m.listFollowing(.init(), metadata: env.ben.metadata).users.isEmpty)
        _ = try await m.follow(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata)
        let requests = try await m.listFollowerRequests(.init(), metadata: env.ana.metadata).requests
        #expect(Set(requests.map(\.user.username)) == ["ben", "cat"])
        let told = try await m.listNotifications(.init(), metadata: env.ana.metadata).notifications.filter { $0.kind == "follow_request" }
        #expect(told.count == 2, "one notification per asker, however often they ask")

        _ = try await m.respondFollowerRequest(
          .with {
            $0.userID = env.ben.id; $0.accept = true
          }, metadata: env.ana.metadata)
        _ = try await m.respondFollowerRequest(
          .with {
            $0.userID = env.cat.id; $0.accept = false
          }, metadata: env.ana.metadata)
        let twice = await rpcError {
          _ = try await m.respondFollowerRequest(
            .with {
              $0.userID = env.cat.id; $0.accept = true
            }, metadata: env.ana.metadata)
        }
        #expect(twice?.code == .notFound)
        #expect(try await m.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).posts.map(\.id) == [post.id])
        #expect(try await m.getFeed(.init(), metadata: env.ben.metadata).posts.map(\.id) == [post.id])
        #expect(try await download(m, photo.id, as: env.ben).1 == bytes)
        #expect(try await m.listFollowers(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).users.map(\.username) == ["ben"])
        // Declined: still a stranger. A friendship opens it too.
        #expect(await rpcError { _ = try await m.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata) }?.code == .permissionDenied)
        let friendship = try await m.sendFriendRequest(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata).request
        _ = try await m.respondFriendRequest(
          .with {
            $0.requestID = friendship.id; $0.accept = true
          }, metadata: env.ana.metadata)
        #expect(try await m.listUserPosts(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata).posts.map(\.id) == [post.id])
      }
    }

    @Test func goingPublicApprovesWhoAskedAndAStaleChangeIsIgnored() async throws {
      try await MessagingFixture.run { env in
        let m = env.messaging
        try await Self.setPrivate(true, env.ana, probe: env.cat, env: env)
        #expect(try await m.follow(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).pending)
        try await Self.setPrivate(false, env.ana, probe: env.cat, env: env)
        #expect(try await m.listFollowing(.init(), metadata: env.ben.metadata).users.map(\.username) == ["ana"])
        #expect(try await m.listFollowerRequests(.init(), metadata: env.ana.metadata).requests.isEmpty)
        #expect(try await !m.follow(.with { $0.userID = env.ana.id }, metadata: env.cat.metadata).pending)

        // Auth's sequence orders the changes: an older one arriving late changes nothing.
        let newest = try await env.messagingLifecycle.setUserVisibility(
          .with {
            $0.userID = env.cat.id; $0.isPrivate = true; $0.sequence = 1_000_000
          })
        #expect(newest.applied)
        let stale = try await env.messagingLifecycle.setUserVisibility(
          .with {
            $0.userID = env.cat.id; $0.isPrivate = false; $0.sequence = 999_999
          })
        #expect(!stale.applied)
        #expect(await rpcError { _ = try await m.listUserPosts(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata) }?.code == .permissionDenied)
        let anonymous = await rpcError {
          _ = try await env.messagingLifecycleWithoutCredential.setUserVisibility(
            .with {
              $0.userID = env.cat.id; $0.isPrivate = false; $0.sequence = 2_000_000
            })
        }
        #expect(anonymous != nil, "only other gym processes change visibility")
      }
    }

    @Test func aDeletedAskerLeavesNoTraceInTheOwnersNotifications() async throws {
      try await MessagingFixture.run { env in
        try await Self.setPrivate(true, env.ana, probe: env.cat, env: env)
        #expect(try await env.messaging.follow(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata).pending)
        _ = try await env.messagingLifecycle.purgeUser(.with { $0.userID = env.ben.id })
        #expect(try await env.messaging.listFollowerRequests(.init(), metadata: env.ana.metadata).requests.isEmpty)
        #expect(try await env.messaging.listNotifications(.init(), metadata: env.ana.metadata).notifications.isEmpty)
      }
    }
  }
}
