import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// A block holds both ways wherever one user's messages, presence, files or follows
  /// would reach the other. (No feed test: a block ends follows and friendships and
  /// refuses new ones, so no RPC can put a blocked author back in a feed; the feed's
  /// filter is there should one outlive a block.)
  @Suite struct BlockTests {
    @Test func roomMessagesReachNeitherSideOfABlock() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)
        try await block(env.ben, by: env.ana, env)
        let anaStream = OpenStream(env.messaging, env.ana.metadata)
        let benStream = OpenStream(env.messaging, env.ben.metadata)
        #expect(try await barrier(anaStream, env.ana, env))
        #expect(try await barrier(benStream, env.ben, env))

        _ = try await say("from ben", in: room, as: env.ben, env)
        _ = try await say("from ana", in: room, as: env.ana, env)
        // Cat speaks last: once her message is on a stream, theirs would be too.
        let fromCat = try await say("from cat", in: room, as: env.cat, env)
        #expect(try await anaStream.wait { $0.contains { $0.message.id == fromCat.id } })
        #expect(try await benStream.wait { $0.contains { $0.message.id == fromCat.id } })
        #expect(anaStream.messages.map(\.message.text) == ["from ana", "from cat"])
        #expect(benStream.messages.map(\.message.text) == ["from ben", "from cat"])

        func texts(_ user: MessagingFixture.User, pageSize: Int32 = 0) async throws -> [String] {
          try await env.messaging.listRoomMessages(
            .with {
              $0.roomID = room.id; $0.pageSize = pageSize
            }, metadata: user.metadata
          )
          .messages.map(\.text)
        }
        #expect(try await texts(env.ana) == ["from cat", "from ana"])
        // A full first page: the filter runs before LIMIT, not after (Ana's message is
        // among the newest two of the room).
        #expect(try await texts(env.ben, pageSize: 2) == ["from cat", "from ben"])
        #expect(try await texts(env.cat) == ["from cat", "from ana", "from ben"])

        // Hidden, not deleted: unblocking shows them again.
        _ = try await env.messaging.unblockUser(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(try await texts(env.ana) == ["from cat", "from ana", "from ben"])
        await anaStream.close()
        await benStream.close()
      }
    }

    @Test func roomMemberListsLeaveOutTheOtherSideAndStillFillPages() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)  // joined in the order Ana, Ben, Cat
        try await block(env.ben, by: env.ana, env)
        func firstPage(_ user: MessagingFixture.User, size: Int32) async throws -> [String] {
          try await env.messaging.listRoomMembers(
            .with {
              $0.roomID = room.id; $0.pageSize = size
            }, metadata: user.metadata
          )
          .members.map(\.user.username)
        }
        func everyPage(_ user: MessagingFixture.User, size: Int32) async throws -> [String] {
          var names: [String] = []
          var token = ""
          repeat {
            let page = try await env.messaging.listRoomMembers(
              .with {
                $0.roomID = room.id; $0.pageSize = size; $0.pageToken = token
              }, metadata: user.metadata)
            names += page.members.map(\.user.username)
            token = page.nextPageToken
          } while !token.isEmpty && names.count < 10
          return names
        }
        // Filtering after LIMIT would leave Ana ["ana"] and Ben ["ben"] here.
        #expect(try await firstPage(env.ana, size: 2) == ["ana", "cat"])
        #expect(try await firstPage(env.ben, size: 2) == ["ben", "cat"])
        #expect(try await everyPage(env.ana, size: 1) == ["ana", "cat"])
        #expect(try await everyPage(env.ben, size: 1) == ["ben", "cat"])
        #expect(try await everyPage(env.cat, size: 1) == ["ana", "ben", "cat"])
      }
    }

    @Test func presenceIsNotAnnouncedAcrossABlockEitherWay() async throws {
      try await MessagingFixture.run { env in
        _ = try await roomOfThree(env)
        try await block(env.ben, by: env.ana, env)
        func heard(_ stream: OpenStream, about user: MessagingFixture.User, online: Bool? = nil) -> Bool {
          stream.received.contains { $0.kind == .presence && $0.presence.userID == user.id && (online == nil || $0.presence.online == online) }
        }
        let catStream = OpenStream(env.messaging, env.cat.metadata)
        #expect(try await barrier(catStream, env.cat, env))
        let benStream = OpenStream(env.messaging, env.ben.metadata)
        #expect(try await barrier(benStream, env.ben, env))

        // Ana comes online: Cat hears of it, Ben does not. Her stream announces before
        // it writes anything, so her barrier arriving means the announcement was handed out.
        let anaStream = OpenStream(env.messaging, env.ana.metadata)
        #expect(try await barrier(anaStream, env.ana, env))
        #expect(try await catStream.wait { _ in heard(catStream, about: env.ana, online: true) })
        #expect(try await barrier(benStream, env.ben, env))
        #expect(!heard(benStream, about: env.ana))

        // Ben goes offline: Cat hears of it, Ana does not.
        await benStream.close()
        #expect(try await catStream.wait { _ in heard(catStream, about: env.ben, online: false) })
        #expect(try await barrier(anaStream, env.ana, env))
        #expect(!heard(anaStream, about: env.ben))
        await anaStream.close()
        await catStream.close()
      }
    }

    @Test func attachmentsInASharedRoomAreNotFoundAcrossABlock() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)
        let anaPhoto = try await upload(env.messaging, jpeg(size: 1000), as: env.ana)
        _ = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.attachmentIds = [anaPhoto.id]
          }, metadata: env.ana.metadata)
        let benPhoto = try await upload(env.messaging, jpeg(size: 2000), as: env.ben)
        _ = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.attachmentIds = [benPhoto.id]
          }, metadata: env.ben.metadata)
        // Room mates fetch each other's files until the block.
        _ = try await download(env.messaging, anaPhoto.id, as: env.ben)
        _ = try await download(env.messaging, benPhoto.id, as: env.ana)

        try await block(env.ben, by: env.ana, env)
        let benFetchesAnas = await rpcError { _ = try await download(env.messaging, anaPhoto.id, as: env.ben) }
        let anaFetchesBens = await rpcError { _ = try await download(env.messaging, benPhoto.id, as: env.ana) }
        let unknown = await rpcError { _ = try await download(env.messaging, "no-such-attachment", as: env.ben) }
        #expect(benFetchesAnas?.code == .notFound)
        #expect(anaFetchesBens?.code == .notFound)
        // The same answer as for an attachment that does not exist.
        #expect(benFetchesAnas?.message == unknown?.message.replacingOccurrences(of: "no-such-attachment", with: anaPhoto.id))

        // Each still has their own, and Cat, in no block, has both.
        _ = try await download(env.messaging, anaPhoto.id, as: env.ana)
        _ = try await download(env.messaging, benPhoto.id, as: env.ben)
        _ = try await download(env.messaging, anaPhoto.id, as: env.cat)
        _ = try await download(env.messaging, benPhoto.id, as: env.cat)
      }
    }

    @Test func followListsLeaveOutTheOtherSideAndAreClosedBetweenThem() async throws {
      try await MessagingFixture.run { env in
        _ = try await env.messaging.follow(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata)
        _ = try await env.messaging.follow(.with { $0.userID = env.cat.id }, metadata: env.ana.metadata)
        try await block(env.ben, by: env.ana, env)
        func followers(of user: MessagingFixture.User, as viewer: MessagingFixture.User) async throws -> [String] {
          try await env.messaging.listFollowers(.with { $0.userID = user.id }, metadata: viewer.metadata).users.map(\.username).sorted()
        }
        #expect(try await followers(of: env.cat, as: env.ana) == ["ana"])
        #expect(try await followers(of: env.cat, as: env.ben) == ["ben"])
        #expect(try await followers(of: env.cat, as: env.cat) == ["ana", "ben"])
        // Like their posts, each other's follow lists are closed to them.
        let benLooks = await rpcError { _ = try await env.messaging.listFollowing(.with { $0.userID = env.ana.id }, metadata: env.ben.metadata) }
        let anaLooks = await rpcError { _ = try await env.messaging.listFollowers(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata) }
        #expect(benLooks?.code == .permissionDenied)
        #expect(anaLooks?.code == .permissionDenied)
      }
    }
  }
}

/// A room Ana made that Ben, then Cat, joined.
private func roomOfThree(_ env: MessagingFixture.Env) async throws -> Gym_Messaging_V1_Room {
  let room = try await env.messaging.createRoom(.with { $0.name = "Morning lifters" }, metadata: env.ana.metadata).room
  _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
  _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.cat.metadata)
  return room
}

private func block(_ blocked: MessagingFixture.User, by blocker: MessagingFixture.User, _ env: MessagingFixture.Env) async throws {
  _ = try await env.messaging.blockUser(.with { $0.userID = blocked.id }, metadata: blocker.metadata)
}

private func say(
  _ text: String, in room: Gym_Messaging_V1_Room, as user: MessagingFixture.User, _ env: MessagingFixture.Env
) async throws -> Gym_Messaging_V1_Message {
  try await env.messaging.postRoomMessage(
    .with {
      $0.roomID = room.id; $0.text = text
    }, metadata: user.metadata
  ).message
}

/// Notifies `user` until a notification shows on `stream` (a few tries: one sent before
/// the stream joined the hub is not replayed). Once it has arrived the stream is live,
/// and whatever reached the user's stream before it (events, presence) has arrived
/// too: the hub hands items to a stream in order. Bounds a wait for what must not come.
private func barrier(_ stream: OpenStream, _ user: MessagingFixture.User, _ env: MessagingFixture.Env) async throws -> Bool {
  for _ in 0..<5 {
    let title = "barrier \(UUID().uuidString)"
    _ = try await env.messagingInternal.notify(
      .with {
        $0.userID = user.id; $0.kind = "test-barrier"; $0.title = title
      })
    if try await stream.wait(seconds: 1, until: { $0.contains { $0.kind == .notification && $0.notification.title == title } }) {
      return true
    }
  }
  return false
}
