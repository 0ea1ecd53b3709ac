import Foundation
import GRDB
import GymAPI
import Testing

@testable import GymMessaging

/// Events stored before they said whom they are about: a purge reads their payloads,
/// so a deleted user's messages and requests still leave everyone's log.
@Suite struct EventErasureTests {
  @Test func eventsFromBeforeAboutIdAreClassifiedFromTheirPayloads() async throws {
    let store = try MessagingStore(writer: DatabaseQueue()) { _ in }
    func payload(_ fill: (inout Gym_Messaging_V1_Event) -> Void) throws -> Data {
      var event = Gym_Messaging_V1_Event()
      fill(&event)
      return try event.serializedData()
    }
    let fromZed = try payload {
      $0.message = .with {
        $0.sender = .with { $0.userID = "zed" }; $0.conversationID = "c1"; $0.text = "hi"
      }
    }
    let anasOwn = try payload {
      $0.message = .with {
        $0.sender = .with { $0.userID = "ana" }; $0.conversationID = "c1"; $0.text = "hey"
      }
    }
    let request = try payload {
      $0.friendRequest = .with {
        $0.from = .with { $0.userID = "zed" }; $0.to = .with { $0.userID = "ben" }
      }
    }
    let fromBen = try payload {
      $0.message = .with {
        $0.sender = .with { $0.userID = "ben" }; $0.roomID = "r1"; $0.text = "room"
      }
    }
    try await store.writer.write { db in
      try db.execute(sql: "INSERT INTO conversations (id, user_a, user_b, created_at) VALUES ('c1', 'ana', 'zed', ?)", arguments: [Date()])
      // As written before the erasure migration: no about_id.
      for (owner, kind, bytes) in [("ana", 1, fromZed), ("ana", 1, anasOwn), ("ben", 4, request), ("ana", 2, fromBen), ("ana", 3, Data([0xFF]))] {
        try db.execute(
          sql: "INSERT INTO events (user_id, kind, payload, created_at) VALUES (?, ?, ?, ?)", arguments: [owner, kind, bytes, Date()])
      }
    }

    _ = try await store.purgeUser("zed", subjects: MessagingService.subjects)

    let left = try await store.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT user_id, kind, about_id FROM events ORDER BY id").map {
        "\($0["user_id"] as String)/\($0["kind"] as Int)/\($0["about_id"] as String)"
      }
    }
    // Ben's room message stays (about Ben); an unreadable payload names no one and stays.
    #expect(left == ["ana/2/ben", "ana/3/"])
  }
}
