import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Rooms at scale: one stored copy per message, read cursors, caps, closing, and
  /// programs checked with the catalog.
  @Suite struct RoomTests {
    /// One 16 KB message to 151 members used to add 151 copies (2.4 MB) to the event
    /// log; now the database grows by about the message itself.
    @Test func aMessageToAHundredAndFiftyOneMembersIsStoredOnce() async throws {
      try await MessagingFixture.run { env in
        let room = try await env.messaging.createRoom(.with { $0.name = "Big room" }, metadata: env.ana.metadata).room
        for user in [env.ben, env.cat] { _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: user.metadata) }
        for index in 0..<148 {
          let member = try await env.running.register("member\(index)", verified: false)
          _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: member.metadata)
        }
        let joined = try await env.messaging.listRooms(.with { $0.joinedOnly = true }, metadata: env.ana.metadata).rooms
        #expect(joined.first?.memberCount == 151)

        let database = try DatabaseQueue(
          path: (env.dataDirectory as NSString).appendingPathComponent("messaging.sqlite"), configuration: readOnly())
        func usedBytes() throws -> Int {
          try database.read { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            return (pages - free) * (try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
          }
        }
        let before = try usedBytes()
        let text = String(repeating: "💪", count: 4000)  // 16,000 bytes of UTF-8
        _ = try await env.messaging.postRoomMessage(
          .with {
            $0.roomID = room.id; $0.text = text
          }, metadata: env.ana.metadata)
        let growth = try usedBytes() - before
        // The message row and the room's one event: two copies of the text, not 151.
        #expect(growth < 4 * 16_000, "the database grew by \(growth) bytes")
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.cat.metadata).messages.map(\.text) == [text])
      }
    }

    /// The stream resumes from a cursor through the room's single copy, and a block
    /// made after the message was posted still keeps it from the reader.
    @Test func aResumedStreamGetsRoomMessagesOnceWithBlocksAppliedWhenRead() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)
        let live = OpenStream(env.messaging, env.ben.metadata)
        #expect(try await liveNow(live, env.ben, env))
        let first = try await say("first", in: room, as: env.ana, env)
        #expect(try await live.wait { $0.contains { $0.message.id == first.id } })
        let cursor = try #require(live.messages.first { $0.message.id == first.id }).id
        await live.close()

        let fromAna = try await say("while away", in: room, as: env.ana, env)
        _ = try await say("from cat", in: room, as: env.cat, env)
        // Ben blocks Cat after her message was posted: he must not read it on resuming.
        _ = try await env.messaging.blockUser(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata)
        let resumed = OpenStream(env.messaging, env.ben.metadata, after: cursor)
        #expect(try await liveNow(resumed, env.ben, env))
        #expect(resumed.messages.map(\.message.text) == ["while away"])
        #expect(resumed.messages.first?.id ?? 0 > cursor)
        #expect(resumed.messages.first?.message.id == fromAna.id)

        // Live, too: Cat's next message reaches Ana but not Ben; Ana's reaches both.
        let anaStream = OpenStream(env.messaging, env.ana.metadata)
        #expect(try await liveNow(anaStream, env.ana, env))
        _ = try await say("cat again", in: room, as: env.cat, env)
        let last = try await say("ana again", in: room, as: env.ana, env)
        #expect(try await resumed.wait { $0.contains { $0.message.id == last.id } })
        #expect(try await anaStream.wait { $0.contains { $0.message.id == last.id } })
        #expect(resumed.messages.map(\.message.text) == ["while away", "ana again"])
        #expect(anaStream.messages.map(\.message.text) == ["cat again", "ana again"])
        await resumed.close()
        await anaStream.close()
      }
    }

    /// The room's one copy of a removed message is scrubbed: an open stream hears it
    /// once, a replay from an earlier cursor shows it deleted, never its words.
    @Test func aRoomMessageAnAdminRemovesLeavesTheRoomsLog() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)
        let admin = try await env.running.makeAdmin()
        let (benStream, cursor) = try await OpenStream.live(env, env.ben)
        let abuse = try await say("you are worthless", in: room, as: env.ana, env)
        let kind = try await say("see you at 7", in: room, as: env.ana, env)
        #expect(try await benStream.wait { $0.contains { $0.message.id == kind.id } })
        _ = try await env.messaging.deleteMessage(
          .with {
            $0.id = abuse.id; $0.reason = "harassment"
          }, metadata: admin.metadata)
        #expect(try await benStream.wait { $0.contains { $0.message.id == abuse.id && $0.message.deleted } })
        #expect(try await liveNow(benStream, env.ben, env))
        #expect(benStream.received.filter { $0.message.id == abuse.id }.count == 2)
        await benStream.close()

        // Cat, resuming from before it all, reads the same single copy.
        let replayed = try await OpenStream.replay(env, env.cat, after: cursor) { events in
          events.filter { $0.message.id == abuse.id }.count == 2 && events.contains { $0.message.id == kind.id }
        }
        let copies = replayed.filter { $0.message.id == abuse.id }
        #expect(copies.count == 2 && copies.allSatisfy { $0.message.deleted && $0.message.text.isEmpty })
        #expect(replayed.contains { $0.message.id == kind.id && $0.message.text == "see you at 7" })
        #expect(!replayed.contains { $0.message.text.contains("worthless") })
      }
    }

    @Test func aMemberReadCursorCountsWhatIsUnread() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)
        func unread(_ user: MessagingFixture.User) async throws -> Int32? {
          try await env.messaging.listRooms(.with { $0.joinedOnly = true }, metadata: user.metadata).rooms.first { $0.id == room.id }?.unreadCount
        }
        #expect(try await unread(env.ben) == 0)
        let one = try await say("one", in: room, as: env.ana, env)
        _ = try await say("two", in: room, as: env.ana, env)
        _ = try await say("ben's own", in: room, as: env.ben, env)
        #expect(try await unread(env.ben) == 2)
        let left = try await env.messaging.markRoomRead(
          .with {
            $0.roomID = room.id; $0.upToMessageID = one.id
          }, metadata: env.ben.metadata)
        #expect(left.unreadCount == 1)
        #expect(try await env.messaging.markRoomRead(.with { $0.roomID = room.id }, metadata: env.ben.metadata).unreadCount == 0)
        // Never back.
        #expect(
          try await env.messaging.markRoomRead(
            .with {
              $0.roomID = room.id; $0.upToMessageID = one.id
            }, metadata: env.ben.metadata
          ).unreadCount == 0)
        // A blocked sender's messages are not unread for the blocker.
        _ = try await env.messaging.blockUser(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata)
        _ = try await say("from cat", in: room, as: env.cat, env)
        #expect(try await unread(env.ben) == 0)
        // Ana's own messages are never unread for her: Ben's and Cat's are.
        #expect(try await unread(env.ana) == 2)
        let stranger = await rpcError {
          _ = try await env.messaging.markRoomRead(
            .with {
              $0.roomID = room.id; $0.upToMessageID = "nope"
            }, metadata: env.ben.metadata)
        }
        #expect(stranger?.code == .notFound)
      }
    }

    @Test func theOwnerOrAnAdminClosesARoomAndMembersAreTold() async throws {
      try await MessagingFixture.run { env in
        let room = try await roomOfThree(env)
        let posted = try await say("before closing", in: room, as: env.ben, env)
        let benStream = OpenStream(env.messaging, env.ben.metadata)
        #expect(try await liveNow(benStream, env.ben, env))

        let notOwner = await rpcError { _ = try await env.messaging.closeRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata) }
        #expect(notOwner?.code == .permissionDenied)
        let closed = try await env.messaging.closeRoom(.with { $0.roomID = room.id }, metadata: env.ana.metadata).room
        #expect(closed.closed && closed.hasClosedAt)
        #expect(try await benStream.wait { $0.contains { $0.kind == .roomClosed && $0.room.id == room.id && $0.room.closed } })
        // Closing again tells no one twice.
        _ = try await env.messaging.closeRoom(.with { $0.roomID = room.id }, metadata: env.ana.metadata)

        let post = await rpcError { _ = try await say("after", in: room, as: env.ben, env) }
        #expect(post?.code == .failedPrecondition)
        #expect(post?.message.contains("closed") == true)
        let outsider = try await env.running.register("dan")
        let join = await rpcError { _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: outsider.metadata) }
        #expect(join?.code == .failedPrecondition)
        // Members keep the history and find the room; others no longer see it listed.
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.cat.metadata).messages.map(\.id) == [posted.id])
        #expect(try await env.messaging.listRooms(.with { $0.query = "morning" }, metadata: env.cat.metadata).rooms.map(\.closed) == [true])
        #expect(try await env.messaging.listRooms(.with { $0.query = "morning" }, metadata: outsider.metadata).rooms.isEmpty)

        let other = try await env.messaging.createRoom(.with { $0.name = "Evening lifters" }, metadata: env.cat.metadata).room
        let admin = try await env.running.makeAdmin()
        #expect(try await env.messaging.closeRoom(.with { $0.roomID = other.id }, metadata: admin.metadata).room.closed)
        #expect(try await liveNow(benStream, env.ben, env))
        #expect(benStream.received.filter { $0.kind == .roomClosed }.count == 1)
        await benStream.close()
      }
    }

    @Test func roomsAreCappedInMembersPostingRateAndRoomsPerOwner() async throws {
      try await MessagingFixture.run(configure: { $0.rooms = .init(membersPerRoom: 2, postsPerMinute: 2, roomsPerOwner: 2) }) { env in
        let room = try await env.messaging.createRoom(.with { $0.name = "Small room" }, metadata: env.ana.metadata).room
        _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        let full = await rpcError { _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.cat.metadata) }
        #expect(full?.code == .resourceExhausted)
        #expect(full?.message.contains("2 members") == true)
        // The kept count follows a leave, and the room has space again.
        _ = try await env.messaging.leaveRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
        #expect(try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.cat.metadata).room.memberCount == 2)

        _ = try await say("one", in: room, as: env.ana, env)
        _ = try await say("two", in: room, as: env.ana, env)
        let third = await rpcError { _ = try await say("three", in: room, as: env.ana, env) }
        #expect(third?.code == .resourceExhausted)
        #expect(third?.message.contains("try again in") == true)
        #expect(try await env.messaging.listRoomMessages(.with { $0.roomID = room.id }, metadata: env.cat.metadata).messages.count == 2)
        // The rate is the sender's: Cat may still post.
        _ = try await say("cat's", in: room, as: env.cat, env)

        _ = try await env.messaging.createRoom(.with { $0.name = "Second room" }, metadata: env.ana.metadata)
        let tooMany = await rpcError { _ = try await env.messaging.createRoom(.with { $0.name = "Third room" }, metadata: env.ana.metadata) }
        #expect(tooMany?.code == .resourceExhausted)
      }
    }

    @Test func aRoomsProgramIsCheckedWithTheCatalog() async throws {
      try await MessagingFixture.run(catalog: .running) { env in
        let catalog = try #require(env.catalog)
        let squat = try await catalog.getExercise(.with { $0.id = "back-squat" }, metadata: env.ana.metadata).exercise.id
        let program = try await catalog.createProgram(
          .with { $0.program = .fiveByFive(squat: squat) }, metadata: env.ana.metadata
        ).program
        let room = try await env.messaging.createRoom(
          .with {
            $0.name = "Five by Five talk"; $0.programID = program.id
          }, metadata: env.ben.metadata
        ).room
        #expect(room.programID == program.id)
        #expect(try await env.messaging.listRooms(.with { $0.programID = program.id }, metadata: env.cat.metadata).rooms.map(\.id) == [room.id])

        let unknown = await rpcError {
          _ = try await env.messaging.createRoom(
            .with {
              $0.name = "Ghost talk"; $0.programID = "no-such-program"
            }, metadata: env.ben.metadata)
        }
        #expect(unknown?.code == .notFound)
        #expect(unknown?.message.contains("program_id") == true)
        #expect(try await env.messaging.listRooms(.with { $0.query = "ghost" }, metadata: env.ben.metadata).rooms.isEmpty)
      }
    }

    @Test func aRoomAboutAProgramIsRefusedWhileTheCatalogIsDown() async throws {
      try await MessagingFixture.run(catalog: .unreachable) { env in
        let down = await rpcError {
          _ = try await env.messaging.createRoom(
            .with {
              $0.name = "Five by Five talk"; $0.programID = "p1"
            }, metadata: env.ben.metadata)
        }
        #expect(down?.code == .unavailable)
        // Rooms without a program do not need the catalog.
        _ = try await env.messaging.createRoom(.with { $0.name = "Plain talk" }, metadata: env.ben.metadata)
      }
    }
  }
}

private func readOnly() -> Configuration {
  var configuration = Configuration()
  configuration.readonly = true
  return configuration
}

/// A room Ana made that Ben, then Cat, joined.
private func roomOfThree(_ env: MessagingFixture.Env) async throws -> Gym_Messaging_V1_Room {
  let room = try await env.messaging.createRoom(.with { $0.name = "Morning lifters" }, metadata: env.ana.metadata).room
  _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.ben.metadata)
  _ = try await env.messaging.joinRoom(.with { $0.roomID = room.id }, metadata: env.cat.metadata)
  return room
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

/// Notifies `user` until a notification shows on `stream`: then the stream is live and
/// whatever reached it before (a replay included) has arrived, as the hub and the
/// replay hand items to a stream in order.
private func liveNow(_ stream: OpenStream, _ user: MessagingFixture.User, _ env: MessagingFixture.Env) async throws -> Bool {
  for _ in 0..<5 {
    let title = "live \(UUID().uuidString)"
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
