import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Messages, posts and photos written offline are sent again when the app is back,
  /// maybe more than once: under the client's key each is made once, and the peer hears
  /// of a message once.
  @Suite struct IdempotencyTests {
    @Test func aMessageSentTwiceUnderOneKeyArrivesOnce() async throws {
      try await MessagingFixture.run { env in
        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let send = Gym_Messaging_V1_SendDirectMessageRequest.with {
          $0.username = "ben"; $0.text = "Leg day at 6?"; $0.idempotencyKey = "3f1c-offline-1"
        }
        let first = try await env.messaging.sendDirectMessage(send, metadata: env.ana.metadata).message
        let again = try await env.messaging.sendDirectMessage(send, metadata: env.ana.metadata).message
        #expect(again.id == first.id && again.text == "Leg day at 6?")
        let thread = try await env.messaging.listDirectMessages(.with { $0.peerUserID = env.ben.id }, metadata: env.ana.metadata).messages
        #expect(thread.map(\.id) == [first.id])
        // A later message shows the stream carried the first one once.
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.username = "ben"; $0.text = "or 7"
          }, metadata: env.ana.metadata)
        #expect(try await benStream.wait { $0.contains { $0.message.text == "or 7" } })
        #expect(benStream.messages.filter { $0.message.id == first.id }.count == 1)
        await benStream.close()

        var edited = send
        edited.text = "Leg day at 8?"
        let changed = await rpcError { _ = try await env.messaging.sendDirectMessage(edited, metadata: env.ana.metadata) }
        #expect(changed?.code == .invalidArgument && changed?.fieldViolations.map(\.field) == ["idempotency_key"])

        let room = try await env.messaging.createRoom(.with { $0.name = "Early lifters" }, metadata: env.ana.metadata).room
        let post = Gym_Messaging_V1_PostRoomMessageRequest.with {
          $0.roomID = room.id; $0.text = "Who's in?"; $0.idempotencyKey = "room-1"
        }
        let posted = try await env.messaging.postRoomMessage(post, metadata: env.ana.metadata).message
        #expect(try await env.messaging.postRoomMessage(post, metadata: env.ana.metadata).message.id == posted.id)
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.ana.metadata).messages.count == 1)
      }
    }

    @Test func aPostAndAProgressPhotoAreMadeOnce() async throws {
      try await MessagingFixture.run { env in
        let create = Gym_Messaging_V1_CreatePostRequest.with {
          $0.text = "New squat PR"; $0.idempotencyKey = "post-1"
        }
        let made = try await env.messaging.createPost(create, metadata: env.ana.metadata).post
        #expect(try await env.messaging.createPost(create, metadata: env.ana.metadata).post.id == made.id)
        #expect(try await env.messaging.listUserPosts(.init(), metadata: env.ana.metadata).posts.count == 1)
        // Ben's key space is his own.
        #expect(try await env.messaging.createPost(create, metadata: env.ben.metadata).post.id != made.id)

        let picture = try await upload(env.messaging, TestImages.png(size: 400), filename: "front.png", as: env.ana)
        let add = Gym_Messaging_V1_AddProgressPhotoRequest.with {
          $0.attachmentID = picture.id;
          $0.takenOn = .with {
            $0.year = 2026; $0.month = 11; $0.day = 1
          }; $0.idempotencyKey = "photo-1"
        }
        let photo = try await env.messaging.addProgressPhoto(add, metadata: env.ana.metadata).photo
        // Without the key the second call would be "picture in use"; with it, the same photo.
        #expect(try await env.messaging.addProgressPhoto(add, metadata: env.ana.metadata).photo.id == photo.id)
        #expect(try await env.messaging.listProgressPhotos(.init(), metadata: env.ana.metadata).photos.count == 1)
        _ = try await env.messaging.deleteProgressPhoto(.with { $0.photoID = photo.id }, metadata: env.ana.metadata)
        let late = await rpcError { _ = try await env.messaging.addProgressPhoto(add, metadata: env.ana.metadata) }
        #expect(late?.code == .failedPrecondition)
      }
    }

    /// Without a key a second room would be made, a second friend request and report
    /// refused as pending or filed: a retried create hears what it made.
    @Test func aRoomAFriendRequestAndAReportAreMadeOnce() async throws {
      try await MessagingFixture.run { env in
        let create = Gym_Messaging_V1_CreateRoomRequest.with {
          $0.name = "Dawn rowers"; $0.idempotencyKey = "room-create-1"
        }
        let room = try await env.messaging.createRoom(create, metadata: env.ana.metadata).room
        #expect(try await env.messaging.createRoom(create, metadata: env.ana.metadata).room.id == room.id)
        let mine = try await env.messaging.listRooms(.with { $0.joinedOnly = true }, metadata: env.ana.metadata).rooms
        #expect(mine.map(\.id) == [room.id])

        let (benStream, _) = try await OpenStream.live(env, env.ben)
        let ask = Gym_Messaging_V1_SendFriendRequestRequest.with {
          $0.userID = env.ben.id; $0.idempotencyKey = "friend-1"
        }
        let request = try await env.messaging.sendFriendRequest(ask, metadata: env.ana.metadata).request
        #expect(try await env.messaging.sendFriendRequest(ask, metadata: env.ana.metadata).request.id == request.id)
        // Ben hears of it once: the event of a later message shows the first went by.
        _ = try await env.messaging.sendDirectMessage(
          .with {
            $0.username = "ben"; $0.text = "hi"
          }, metadata: env.ana.metadata)
        #expect(try await benStream.wait { $0.contains { $0.message.text == "hi" } })
        #expect(benStream.received.filter { $0.friendRequest.id == request.id }.count == 1)
        await benStream.close()
        // Once Ben accepts, the same retry answers with the request as it is now.
        _ = try await env.messaging.respondFriendRequest(
          .with {
            $0.requestID = request.id; $0.accept = true
          }, metadata: env.ben.metadata)
        let answered = try await env.messaging.sendFriendRequest(ask, metadata: env.ana.metadata).request
        #expect(answered.id == request.id && answered.state == .accepted)

        let report = Gym_Messaging_V1_CreateReportRequest.with {
          $0.userID = env.cat.id; $0.category = .spam; $0.idempotencyKey = "report-1"
        }
        let filed = try await env.messaging.createReport(report, metadata: env.ana.metadata).report
        let again = try await env.messaging.createReport(report, metadata: env.ana.metadata).report
        #expect(again.id == filed.id && again.targetID == env.cat.id && again.category == .spam)
        var other = report
        other.category = .harassment
        let changed = await rpcError { _ = try await env.messaging.createReport(other, metadata: env.ana.metadata) }
        #expect(changed?.code == .invalidArgument && changed?.fieldViolations.map(\.field) == ["idempotency_key"])
      }
    }
  }
}
