import Foundation
import GRDB

/// Opens a service's SQLite file the one way DESIGN.md asks for: a `DatabasePool` in WAL
/// mode with `synchronous=FULL` (an acknowledged write survives power loss and kill -9),
/// foreign keys on, a busy timeout instead of GRDB's immediate SQLITE_BUSY, and the
/// service's named, append-only migrations applied.
public enum GymDatabase {
  public static let busyTimeout: TimeInterval = 5

  public static func openPool(at path: String, migrator: DatabaseMigrator) throws -> DatabasePool {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    var config = Configuration()
    config.foreignKeysEnabled = true
    config.busyMode = .timeout(busyTimeout)
    config.prepareDatabase { db in
      // Readers too; the writer is set again below because GRDB's WAL setup lowers it.
      try db.execute(sql: "PRAGMA synchronous = FULL")
      // 16 MiB of page cache per connection (SQLite's default is 2 MiB): list and search
      // pages re-read the same index and FTS pages, and a bounded cache keeps memory honest
      // where mmap would inflate every connection's RSS.
      try db.execute(sql: "PRAGMA cache_size = -16384")
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
      let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
      return total + size
    }
  }

  /// A cheap query that fails when the file is unreadable; used by health probes.
  public static func probe(_ reader: any DatabaseReader) async throws {
    _ = try await reader.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
  }
}
