import Foundation
import GRDB
import GymStore
import GymTesting
import Testing

/// The clients' create keys on real SQLite: a create made once under its key, kept 90
/// days, in the owner's export and gone with their account.
@Suite struct IdempotencyKeysTests {
  static func database() throws -> DatabasePool {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE notes (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL)") }
    IdempotencyKeys.registerMigration(in: &migrator)
    return try GymDatabase.openPool(at: try temporaryDirectory() + "/keys.sqlite", migrator: migrator)
  }

  static func key(_ owner: String, _ key: String, fields: UInt8 = 1) -> IdempotencyKeys.Key {
    IdempotencyKeys.Key(ownerID: owner, key: key, method: "CreateNote", fingerprint: Data([fields]))
  }

  /// A note made under `key` at `now`: its id, the first one's when the key was used.
  static func create(_ pool: DatabasePool, _ key: IdempotencyKeys.Key, id: String, now: Date = Date()) async throws -> String {
    try await pool.write { db in
      try IdempotencyKeys.once(
        db, key, existing: { $0 },
        create: {
          try db.execute(sql: "INSERT INTO notes (id, owner_id) VALUES (?, ?)", arguments: [id, key.ownerID])
          return id
        }, id: { $0 })
    }
  }

  @Test func aKeyIsKeptNinetyDaysThenForgottenAndGoesWithItsOwner() async throws {
    let pool = try Self.database()
    let now = Date()
    // Ana's old key, recorded 91 days ago; a fresh one; and Ben's.
    try await pool.write { db in
      try IdempotencyKeys.record(db, Self.key("ana", "old"), objectID: "n0", now: now.addingTimeInterval(-91 * 86_400))
    }
    #expect(try await Self.create(pool, Self.key("ana", "k1"), id: "n1") == "n1")
    #expect(try await Self.create(pool, Self.key("ana", "k1"), id: "n2") == "n1")
    #expect(try await Self.create(pool, Self.key("ben", "k1"), id: "n3") == "n3")
    #expect(try await pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM notes") } == 2)
    // The same key with other fields is the client's mistake, not a retry.
    await #expect(throws: GymError.self) { _ = try await Self.create(pool, Self.key("ana", "k1", fields: 2), id: "n4") }

    let export = IdempotencyKeys.exportTable(userID: "ana")
    let page = try await pool.read { try export.page($0, offset: 0, maxRows: 100, maxBytes: 1 << 20) }
    let rows = try JSONSerialization.jsonObject(with: page.json) as? [[String: Any]]
    #expect(rows?.compactMap { $0["key"] as? String } == ["old", "k1"])
    #expect(rows?.first { $0["key"] as? String == "k1" }?["object_id"] as? String == "n1")

    #expect(try await pool.write { try IdempotencyKeys.prune($0, before: IdempotencyKeys.cutoff(now: now)) } == 1)
    // Once forgotten, the old key makes a new note.
    #expect(try await Self.create(pool, Self.key("ana", "old"), id: "n5") == "n5")

    #expect(try await pool.write { try IdempotencyKeys.erase($0, ownerID: "ana") } == 2)
    let left = try await pool.read { try String.fetchAll($0, sql: "SELECT owner_id || '/' || key FROM idempotency_keys") }
    #expect(left == ["ben/k1"])
  }
}
