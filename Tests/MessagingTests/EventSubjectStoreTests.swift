import Foundation
import GRDB
import GymAPI
import Testing

@testable import GymMessaging

/// The event log's subjects, against an in-memory database.
@Suite struct EventSubjectStoreTests {
  /// Events stored before subjects existed get theirs from the payload, read by the wire
  /// format; those of messages already deleted then are dropped.
  @Test func theMigrationNamesTheSubjectsOfEventsAlreadyStored() throws {
    let queue = try DatabaseQueue()
    try MessagingMigrations.migrator.migrate(queue, upTo: "event-retention-v1")
    func payload(_ fill: (inout Gym_Messaging_V1_Event) -> Void) throws -> Data {
      var event = Gym_Messaging_V1_Event()
      fill(&event)
      return try event.serializedData()
    }
    let kept = try payload {
      $0.kind = .directMessage
      $0.message = .with {
        $0.id = "m-kept"; $0.text = "hi"; $0.sender = .with { $0.userID = "ana" }; $0.sentAt = .init(date: Date())
      }
    }
    let deleted = try payload {
      $0.kind = .roomMessage;
      $0.message = .with {
        $0.id = "m-deleted"; $0.text = "abuse"; $0.roomID = "r"
      }
    }
    let request = try payload {
      $0.kind = .friendRequest;
      $0.friendRequest = .with {
        $0.id = "f1"; $0.from = .with { $0.userID = "ana" }
      }
    }
    let note = try payload {
      $0.kind = .notification;
      $0.notification = .with {
        $0.id = "n1"; $0.title = "t"
      }
    }
    try queue.write { db in
      for (kind, data) in [(1, kept), (2, deleted), (4, request), (3, note)] {
        try db.execute(
          sql: "INSERT INTO events (user_id, kind, payload, created_at) VALUES ('ben', ?, ?, ?)", arguments: [kind, data, Date()])
      }
      try db.execute(
        sql: """
          INSERT INTO messages (id, sender_id, text, sent_at) VALUES ('m-kept', 'ana', 'hi', 0);
          INSERT INTO messages (id, sender_id, text, sent_at, deleted_reason) VALUES ('m-deleted', 'ana', 'abuse', 0, 'harassment');
          """)
    }
    try MessagingMigrations.migrator.migrate(queue)
    let subjects = try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT kind, subject_id FROM events ORDER BY id").map { "\($0["kind"] as Int):\($0["subject_id"] as String? ?? "-")" }
    }
    #expect(subjects == ["1:m-kept", "4:f1", "3:-"])
  }

  @Test func theWireReaderFindsNestedStringsAndRefusesMalformedBytes() throws {
    let event = try Gym_Messaging_V1_Event.with {
      $0.id = 7
      $0.kind = .directMessage
      $0.at = .init(date: Date())
      $0.message = .with {
        $0.id = "m-1"; $0.text = String(repeating: "x", count: 300)
      }
    }.serializedData()
    #expect(ProtoWire.string(at: [4, 1], in: event) == "m-1")
    #expect(ProtoWire.string(at: [6, 1], in: event) == nil)
    #expect(ProtoWire.string(at: [4, 1], in: event.prefix(event.count - 10)) == nil)
    #expect(ProtoWire.string(at: [4, 1], in: Data([0xFF, 0xFF, 0xFF])) == nil)
  }
}
