import GRDB
import GymStore
import GymTesting
import Testing

@Suite struct GymDatabaseTests {
  @Test func poolIsDurableWALWithForeignKeysAndBusyTimeout() async throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    let path = try temporaryDirectory() + "/x.sqlite"
    let pool = try GymDatabase.openPool(at: path, migrator: migrator)
    let (journal, synchronous, foreignKeys, busy) = try await pool.writeWithoutTransaction { db in
      (
        try String.fetchOne(db, sql: "PRAGMA journal_mode"),
        try Int.fetchOne(db, sql: "PRAGMA synchronous"),
        try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
        try Int.fetchOne(db, sql: "PRAGMA busy_timeout")
      )
    }
    #expect(journal == "wal")
    #expect(synchronous == 2, "synchronous must be FULL (2), GRDB's pool default is NORMAL (1)")
    #expect(foreignKeys == 1)
    #expect(busy == 5000)
    #expect(try await pool.read { db in try db.tableExists("t") })
    try pool.close()
  }

  @Test func reopeningAppliesOnlyNewMigrations() throws {
    let path = try temporaryDirectory() + "/y.sqlite"
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE a (id INTEGER PRIMARY KEY)") }
    try GymDatabase.openPool(at: path, migrator: migrator).close()
    migrator.registerMigration("v2") { db in try db.execute(sql: "CREATE TABLE b (id INTEGER PRIMARY KEY)") }
    let pool = try GymDatabase.openPool(at: path, migrator: migrator)
    #expect(try pool.read { try migrator.appliedMigrations($0) } == ["v1", "v2"])
    try pool.close()
  }
}
