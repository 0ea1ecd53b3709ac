import Foundation
import GRDB

/// Opens a service's SQLite file the one way docs/architecture.md describes: a `DatabasePool` in WAL
/// mode with `synchronous=FULL` (an acknowledged write survives power loss and kill -9),
/// foreign keys on, a busy timeout instead of GRDB's immediate SQLITE_BUSY, and the
/// service's named, append-only migrations applied.
public enum GymDatabase {
  public static let busyTimeout: TimeInterval = 5

  /// What bounds a pool's memory: each connection keeps its own page cache, so a
  /// process holds at most `(readers + 1) × cacheKiB` of cached pages.
  public struct Tuning: Sendable, Equatable {
    /// Page cache per connection, in KiB (SQLite's default is 2 MiB).
    public var cacheKiB: Int
    /// Concurrent read connections (GRDB's default is 5).
    public var readers: Int

    public init(cacheKiB: Int = 8192, readers: Int = 3) {
      self.cacheKiB = cacheKiB
      self.readers = readers
    }
  }

  public static func openPool(at path: String, migrator: DatabaseMigrator, tuning: Tuning = Tuning()) throws -> DatabasePool {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    // "DATA/auth.sqlite" → "auth", the database's name in its transactions' spans.
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    var config = Configuration()
    config.foreignKeysEnabled = true
    config.busyMode = .timeout(busyTimeout)
    config.maximumReaderCount = max(1, tuning.readers)
    config.prepareDatabase { db in
      // Readers too; the writer is set again below because GRDB's WAL setup lowers it.
      try db.execute(sql: "PRAGMA synchronous = FULL")
      // List and search pages re-read the same index and FTS pages; a bounded cache
      // keeps memory honest where mmap would inflate every connection's RSS.
      try db.execute(sql: "PRAGMA cache_size = -\(max(64, tuning.cacheKiB))")
      TransactionSpans.attach(to: db, database: name)
    }
    let pool = try DatabasePool(path: path, configuration: config)
    // DatabasePool switches its writer to synchronous=NORMAL while enabling WAL, after
    // prepareDatabase has run; the writer is the only connection that commits.
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    try migrator.migrate(pool)
    return pool
  }

  /// Size of the main file plus its WAL, in bytes.
  public static func sizeOnDisk(path: String) -> Int64 {
    [path, path + "-wal"].reduce(0) { total, file in
      // No WAL file (checkpointed, or never written) is 0 bytes, the truth.
      let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
      return total + size
    }
  }

  /// One transaction whose deletions overwrite the bytes they free (`PRAGMA
  /// secure_delete`): an erased user's words do not linger in the file's free pages
  /// (copies in older backups are the operator's to expire).
  public static func erase<T: Sendable>(_ writer: any DatabaseWriter, _ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await writer.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA secure_delete = ON")
      // Leaving secure_delete on costs only speed; the operation's own error matters more.
      defer { try? db.execute(sql: "PRAGMA secure_delete = OFF") }
      var result: T?
      try db.inTransaction {
        result = try updates(db)
        return .commit
      }
      return result!
    }
  }

  /// A cheap query that fails when the file is unreadable; used by health probes.
  public static func probe(_ reader: any DatabaseReader) async throws {
    _ = try await reader.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
  }
}
