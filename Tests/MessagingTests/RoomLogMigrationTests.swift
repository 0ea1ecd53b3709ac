import Foundation
import GRDB
import GymAPI
import Testing

@testable import GymMessaging

/// "room-log-v1" on a database the old schema filled: per-member copies of room events
/// become one event per room, and every member's stream reads the same messages as
/// before, none lost, none twice.
@Suite struct RoomLogMigrationTests {
  @Test func perMemberCopiesBecomeOneRoomEventWithoutLosingOrRepeatingAny() async throws {
    let queue = try DatabaseQueue()
    try MessagingMigrations.migrator.migrate(queue, upTo: "erasure-v1")
    let t1 = Date(timeIntervalSince1970: 1_700_000_000)
    let (t2, t3) = (t1 + 60, t1 + 120)
    @Sendable func payload(_ id: String, _ text: String) throws -> Data {
      try Gym_Messaging_V1_Event.with {
        $0.kind = .roomMessage
        $0.message = .with {
          $0.id = id; $0.roomID = "room"; $0.text = text
        }
      }.serializedData()
    }
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO rooms (rid, id, name, name_key, topic, owner_id, created_at) VALUES (1, 'room', 'Room', 'room', '', 'ana', ?);
          INSERT INTO room_members (room_rid, user_id, joined_at) VALUES (1, 'ana', ?), (1, 'ben', ?), (1, 'cat', ?), (1, 'eve', ?);
          INSERT INTO messages (rid, id, room_rid, sender_id, text, sent_at) VALUES (1, 'm1', 1, 'ana', 'hello', ?), (2, 'm2', 1, 'ben', 'hi', ?);
          INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ('cat', 'ana', ?);
          """, arguments: [t1, t1, t1, t2, t3, t1, t2, t1])
      // Old layout: each posting copied to every member then (Dan has left since; Cat
      // joined after m1; Eve after everything), a removal announced to each again.
      let rows: [(String, Int, Data, Date, String?, String)] = [
        ("ben", 3, Data([1]), t1, nil, ""),
        ("ana", 2, try payload("m1", "hello"), t1, "m1", "ana"),
        ("ben", 2, try payload("m1", "hello"), t1, "m1", "ana"),
        ("dan", 2, try payload("m1", "hello"), t1, "m1", "ana"),
        ("ana", 1, Data([2]), t1, nil, "ben"),
        ("ana", 2, try payload("m2", "hi"), t2, "m2", "ben"),
        ("ben", 2, try payload("m2", "hi"), t2, "m2", "ben"),
        ("cat", 2, try payload("m2", "hi"), t2, "m2", "ben"),
        // The old removal announcement named nobody (about_id ''), and copies from
        // before erasure-v1 have none at all.
        ("ana", 2, try payload("m1", ""), t3, "m1", ""),
        ("ben", 2, try payload("m1", ""), t3, "m1", ""),
      ]
      for row in rows {
        try db.execute(
          sql: "INSERT INTO events (user_id, kind, payload, created_at, subject_id, about_id) VALUES (?, ?, ?, ?, ?, ?)",
          arguments: [row.0, row.1, row.2, row.3, row.4, row.5])
      }
    }
    let store = try MessagingStore(writer: queue) { _ in }

    let roomEvents = try await queue.read { db in
      try Row.fetchAll(db, sql: "SELECT id, user_id, subject_id FROM events WHERE room_rid IS NOT NULL ORDER BY id")
        .map { [$0["id"] as Int64: $0["subject_id"] as String] }
    }
    #expect(roomEvents == [[2: "m1"], [6: "m2"], [9: "m1"]])
    #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") } == 5)

    func ids(_ user: String, after cursor: Int64 = 0) async throws -> [Int64] {
      try await store.events(userID: user, after: cursor, limit: 100).map(\.id)
    }
    // Everything each member had, each once, at the first copy's place.
    #expect(try await ids("ana") == [2, 5, 6, 9])
    #expect(try await ids("ben") == [1, 2, 6, 9])
    // A cursor at Ben's own old copy of m1 does not give it again.
    #expect(try await ids("ben", after: 3) == [6, 9])
    #expect(try await ids("ben", after: 7) == [9])
    // Cat never had m1; Eve, with no copies, reads from now on; Dan left.
    let cat = try await ids("cat")
    #expect(cat.contains(6) && !cat.contains(2))
    // Room events carry their sender after the migration, so blocks hold on replay:
    // Cat blocked Ana, and the announcement about Ana's message stays out of hers.
    #expect(!cat.contains(9))
    #expect(try await ids("eve").isEmpty)
    #expect(try await ids("dan").isEmpty)
    let events = try await store.events(userID: "ben", after: 0, limit: 100)
    #expect(events.allSatisfy { $0.userID == "ben" })

    let room = try #require(try await store.room(id: "room", viewerID: "ben"))
    #expect(room.memberCount == 4)
    // Members have read what was there.
    #expect(room.unread == 0)
  }
}

/// The room's log on a real database: trimming it sets the floor of its members' cursors.
@Suite struct RoomLogStoreTests {
  @Test func trimmedRoomEventsExpireTheCursorsOfMembersWhoCouldHaveReadThem() async throws {
    let store = try MessagingStore(writer: try DatabaseQueue()) { _ in }
    let old = Date(timeIntervalSince1970: 1_700_000_000)
    let room = try await store.createRoom(id: "r1", name: "Room", topic: "", programID: nil, ownerID: "ana", now: old)
    _ = try await store.joinRoom(id: room.id, userID: "ben", now: old)
    for (index, id) in ["m1", "m2"].enumerated() {
      _ = try await store.postRoomMessage(
        messageID: id, roomID: room.id, senderID: "ana", text: "hi", now: old + Double(index)
      ) { _ in MessagingStore.EventDraft(userID: "", kind: 2, payload: Data(), subjectID: id, aboutID: "ana") }
    }
    let posted = try await store.events(userID: "ben", after: 0, limit: 10).map(\.id)
    #expect(posted.count == 2)
    #expect(try await store.eventFloor(userID: "ben") == 0)

    #expect(try await store.trimEvents(olderThan: old + 10) == 2)
    #expect(try await store.eventFloor(userID: "ben") == posted[1])
    #expect(try await store.events(userID: "ben", after: 0, limit: 10).isEmpty)
    // Cat joins after the trim: nothing she could have read is gone.
    _ = try await store.joinRoom(id: room.id, userID: "cat", now: old + 20)
    #expect(try await store.eventFloor(userID: "cat") == 0)
  }
}
