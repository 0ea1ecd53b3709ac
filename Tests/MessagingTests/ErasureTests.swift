import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// What a deleted account leaves in messaging: every table of messaging.sqlite is
  /// searched for the user's id, name and the words they wrote, and nothing may remain;
  /// stored files only they used are gone, a file someone else uploaded too stays.
  @Suite struct ErasureTests {
    @Test func aDeletedUserLeavesNothingBehind() async throws {
      try await MessagingFixture.run { env in
        let m = env.messaging
        let zed = try await env.running.register("gone_zed")
        let (ana, ben, cat) = (env.ana, env.ben, env.cat)
        let words = "zq-words-of-gone-zed"

        // Direct messages both ways with attachments: a file only Zed has, a file Ana
        // uploaded too (the same bytes, stored once), and Ana's own photo to Zed.
        let only = try await upload(m, TestImages.jpeg(size: 2000, carrying: Array(words.utf8)), filename: "\(words).jpg", as: zed)
        let shared = try await upload(m, jpeg(size: 3000), as: zed)
        let anasCopy = try await upload(m, jpeg(size: 3000), as: ana)
        #expect(anasCopy.sha256 == shared.sha256)
        let sent = try await m.sendDirectMessage(
          .with {
            $0.userID = ana.id; $0.text = "hi \(words)"; $0.attachmentIds = [only.id, shared.id]
          }, metadata: zed.metadata
        ).message
        _ = try await m.sendDirectMessage(
          .with {
            $0.userID = zed.id; $0.text = "hello back"; $0.attachmentIds = [anasCopy.id]
          }, metadata: ana.metadata)
        _ = try await m.markConversationRead(.with { $0.conversationID = sent.conversationID }, metadata: zed.metadata)
        _ = try await m.markConversationRead(.with { $0.conversationID = sent.conversationID }, metadata: ana.metadata)

        // Rooms: one Zed owns that Ana joined, one only Zed is in, and Ana's, where Zed posts.
        let zedsRoom = try await m.createRoom(.with { $0.name = "Squat club" }, metadata: zed.metadata).room
        _ = try await m.joinRoom(.with { $0.roomID = zedsRoom.id }, metadata: ana.metadata)
        _ = try await m.postRoomMessage(
          .with {
            $0.roomID = zedsRoom.id; $0.text = "in the squat club"
          }, metadata: ana.metadata)
        let lonely = try await m.createRoom(.with { $0.name = "Nobody else" }, metadata: zed.metadata).room
        let anasRoom = try await m.createRoom(.with { $0.name = "Ana's room" }, metadata: ana.metadata).room
        _ = try await m.joinRoom(.with { $0.roomID = anasRoom.id }, metadata: zed.metadata)
        let roomPhoto = try await upload(m, TestImages.jpeg(size: 1500, carrying: Array("room".utf8)), as: zed)
        _ = try await m.postRoomMessage(
          .with {
            $0.roomID = anasRoom.id; $0.text = "room \(words)"; $0.attachmentIds = [roomPhoto.id]
          }, metadata: zed.metadata)

        // Posts and reactions both ways.
        // Sent with a key, as an app that was offline does: the key goes with the account too.
        let post = try await m.createPost(
          .with {
            $0.text = "post \(words)"; $0.idempotencyKey = "zed-offline-1"
          }, metadata: zed.metadata
        ).post
        let anasPost = try await m.createPost(.with { $0.text = "ana's post" }, metadata: ana.metadata).post
        _ = try await m.reactToPost(
          .with {
            $0.postID = post.id; $0.reaction = .like
          }, metadata: ana.metadata)
        _ = try await m.reactToPost(
          .with {
            $0.postID = anasPost.id; $0.reaction = .dislike
          }, metadata: zed.metadata)

        // The graph: follows both ways, a friendship, a pending request to Ben, a block.
        _ = try await m.follow(.with { $0.userID = ana.id }, metadata: zed.metadata)
        _ = try await m.follow(.with { $0.userID = zed.id }, metadata: ben.metadata)
        let request = try await m.sendFriendRequest(.with { $0.userID = zed.id }, metadata: ana.metadata).request
        _ = try await m.respondFriendRequest(
          .with {
            $0.requestID = request.id; $0.accept = true
          }, metadata: zed.metadata)
        _ = try await m.sendFriendRequest(.with { $0.userID = ben.id }, metadata: zed.metadata)
        _ = try await m.blockUser(.with { $0.userID = cat.id }, metadata: zed.metadata)

        // Notifications: one to Zed, one to Ana naming Zed; Zed's standing from auth.
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = zed.id; $0.kind = "workout-reminder"; $0.title = "Squat day"
          })
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = ana.id; $0.kind = "trainer_request"; $0.title = "Gone_zed asks you to be their trainer"; $0.body = words
            $0.aboutUserID = zed.id
          })
        _ = try await env.messagingInternal.notify(
          .with {
            $0.userID = ana.id; $0.kind = "workout-reminder"; $0.title = "Ana's own"
          })
        _ = try await env.messagingLifecycle.setUserStanding(
          .with {
            $0.userID = zed.id; $0.banned = false; $0.sequence = 1
          })

        // Zed deletes the account; auth's outbox delivers the purge.
        _ = try await env.running.auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: zed.metadata)
        #expect(try await eventually { try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "messaging" } == nil })

        let left = try LeftBehind.rows(
          mentioning: [zed.id, "gone_zed", "gone_zed".capitalized, words], inDatabaseAt: env.dataDirectory + "/messaging.sqlite")
        #expect(left.isEmpty, "\(left.map(\.description).joined(separator: "\n"))")

        // The files only Zed's uploads used are deleted; the one Ana uploaded too stays.
        let files = env.dataDirectory + "/attachments/"
        #expect(!FileManager.default.fileExists(atPath: files + only.sha256))
        #expect(!FileManager.default.fileExists(atPath: files + roomPhoto.sha256))
        #expect(FileManager.default.fileExists(atPath: files + shared.sha256))
        #expect(try await download(m, anasCopy.id, as: ana).1 == jpeg(size: 3000))

        // Others keep what is theirs: Zed's room passes to Ana with her message in it, the
        // empty one is gone, Ana's post has lost Zed's dislike, her own notification stays.
        let rooms = try await m.listRooms(.init(), metadata: ana.metadata).rooms
        #expect(rooms.first { $0.id == zedsRoom.id }?.owner.userID == ana.id)
        // The kept member count follows the purge.
        #expect(rooms.first { $0.id == zedsRoom.id }?.memberCount == 1)
        #expect(rooms.first { $0.id == anasRoom.id }?.memberCount == 1)
        #expect(!rooms.contains { $0.id == lonely.id })
        #expect(try await m.listRoomMessages(.with { $0.roomID = zedsRoom.id }, metadata: ana.metadata).messages.map(\.text) == ["in the squat club"])
        #expect(try await m.listRoomMessages(.with { $0.roomID = anasRoom.id }, metadata: ana.metadata).messages.isEmpty)
        let anasPosts = try await m.listUserPosts(.init(), metadata: ana.metadata).posts
        #expect(anasPosts.map(\.dislikes) == [0])
        #expect(try await m.listNotifications(.init(), metadata: ana.metadata).notifications.map(\.title) == ["Ana's own"])
        #expect(try await m.listConversations(.init(), metadata: ana.metadata).conversations.isEmpty)
      }
    }
  }
}
