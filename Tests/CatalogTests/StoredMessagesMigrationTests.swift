import Foundation
import GRDB
import GymCatalog
import GymTesting
import Logging
import Synchronization
import Testing

/// `stored-messages` on a database written before it: every existing exercise and
/// program gets the message the store writes for a new one.
@Suite struct StoredMessagesMigrationTests {
  @Test func theMigrationStoresWhatTheWritesWouldHave() async throws {
    let path = try temporaryDirectory() + "/catalog.sqlite"
    let store = try CatalogStore(path: path)
    try await ExerciseLibrary.seed(store, logger: Logger(label: "seed"))
    let squat = try #require(try await store.exercise("back-squat")).id
    for name in ["Old One", "Old Two", "Old Three"] {
      _ = try await store.insertProgram(testProgram(name, exercise: squat, now: Date()))
    }
    let viewer = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    var everything = CatalogStore.ExerciseQuery()
    everything.limit = 1_000
    let programs = try await store.listProgramMessages(.init(), withDays: true, viewer: viewer, now: Date())
    let exercises = try await store.listExerciseMessages(everything)
    #expect(programs.count == 3 && exercises.messages.count == exercises.total && exercises.total > 50)

    // The file as it was before the migration: no messages, the migration not applied.
    try await store.writer.write { db in
      try db.execute(
        sql: """
          DROP TABLE program_messages; DROP TABLE exercise_messages;
          DELETE FROM grdb_migrations WHERE identifier = 'stored-messages'
          """)
    }
    let migrated = try CatalogStore(path: path)
    #expect(try await migrated.listProgramMessages(.init(), withDays: true, viewer: viewer, now: Date()) == programs)
    let after = try await migrated.listExerciseMessages(everything)
    #expect(after.messages == exercises.messages && after.total == exercises.total)
  }

  /// A release whose encoder says another version encodes every stored message again at
  /// its first start, and only then.
  @Test func aNewEncoderVersionEncodesEveryStoredMessageOnceAtStartUp() async throws {
    let path = try temporaryDirectory() + "/catalog.sqlite"
    let store = try CatalogStore(path: path)
    try await ExerciseLibrary.seed(store, logger: Logger(label: "seed"))
    let squat = try #require(try await store.exercise("back-squat")).id
    _ = try await store.insertProgram(testProgram("Kept", exercise: squat, now: Date()))
    let encodings = Counter()
    var next = CatalogMessageEncoder.proto
    next.version = CatalogMessageEncoder.proto.version + 1
    let proto = CatalogMessageEncoder.proto
    next.exercise = { record in
      encodings.add()
      return try proto.exercise(record) + Data([0x48, 0x01])  // field 9 varint: what version 2 adds
    }
    _ = try CatalogStore(path: path, encoder: next)
    let exercises = try await store.writer.read { db in try Data.fetchAll(db, sql: "SELECT message FROM exercise_messages") }
    #expect(!exercises.isEmpty && exercises.allSatisfy { $0.suffix(2) == Data([0x48, 0x01]) })
    #expect(encodings.value == exercises.count)
    _ = try CatalogStore(path: path, encoder: next)
    #expect(encodings.value == exercises.count, "the same version twice encodes nothing again")
  }
}

final class Counter: Sendable {
  private let count = Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
