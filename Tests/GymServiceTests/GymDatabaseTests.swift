import Foundation
import GRDB
import GymStore
import GymTesting
import Synchronization
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

  /// Memory is bounded by configuration: every connection gets the configured page
  /// cache, and no more readers than configured are opened however many reads wait.
  @Test func tuningBoundsEachConnectionsCacheAndTheReaderCount() async throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    let path = try temporaryDirectory() + "/z.sqlite"
    let pool = try GymDatabase.openPool(at: path, migrator: migrator, tuning: GymDatabase.Tuning(cacheKiB: 1024, readers: 2))
    #expect(try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -1024)
    #expect(try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -1024)
    let readers = Concurrency()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try await pool.read { _ in
            readers.enter()
            Thread.sleep(forTimeInterval: 0.02)
            readers.leave()
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(readers.peak == 2)
    try pool.close()
  }
}

/// How many callers are inside at once, and the most there ever were.
private final class Concurrency: Sendable {
  private let state = Mutex((now: 0, peak: 0))
  var peak: Int { state.withLock { $0.peak } }
  func enter() {
    state.withLock {
      $0.now += 1; $0.peak = max($0.peak, $0.now)
    }
  }
  func leave() { state.withLock { $0.now -= 1 } }
}
