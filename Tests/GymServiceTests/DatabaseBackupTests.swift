import Foundation
import GRDB
import GymStore
import GymTesting
import Testing

/// Backups that restore: checked copies, owner-only, renamed into place only when whole.
@Suite struct DatabaseBackupTests {
  static func database(at path: String) throws -> DatabasePool {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE sets (id INTEGER PRIMARY KEY, reps INTEGER NOT NULL)") }
    return try GymDatabase.openPool(at: path, migrator: migrator)
  }

  static func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func aBackupIsACheckedOwnerOnlyCopyInAPrivateDirectory() async throws {
    let root = try temporaryDirectory()
    let pool = try Self.database(at: root + "/plan.sqlite")
    try await pool.write { db in for reps in 1...100 { try db.execute(sql: "INSERT INTO sets (reps) VALUES (?)", arguments: [reps]) } }
    let target = root + "/backups/nightly/plan-1.sqlite"
    try await DatabaseBackup.backup(pool, to: target)
    #expect(try Self.mode(target) == 0o600)
    #expect(try Self.mode(root + "/backups/nightly") == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/backups/nightly") == ["plan-1.sqlite"])
    try DatabaseBackup.check(target)
    let copy = try DatabaseQueue(path: target)
    #expect(try await copy.read { try Int.fetchOne($0, sql: "SELECT SUM(reps) FROM sets") } == 5050)
    // A second backup never overwrites the first.
    await #expect(throws: DatabaseBackup.Failure.self) { try await DatabaseBackup.backup(pool, to: target) }
    try pool.close()
  }

  @Test func restoreReplacesTheDatabaseAndDropsItsStaleLog() async throws {
    let root = try temporaryDirectory()
    let live = try Self.database(at: root + "/live/plan.sqlite")
    try await live.write { db in try db.execute(sql: "INSERT INTO sets (reps) VALUES (5)") }
    try await DatabaseBackup.backup(live, to: root + "/backup/plan.sqlite")
    try live.close()

    // The data directory holds a newer database whose WAL was never checkpointed.
    let data = root + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let newer = try Self.database(at: data + "/plan.sqlite")
    try await newer.write { db in try db.execute(sql: "INSERT INTO sets (reps) VALUES (99)") }
    try FileManager.default.copyItem(atPath: data + "/plan.sqlite-wal", toPath: root + "/stale-wal")
    try newer.close()
    try FileManager.default.copyItem(atPath: root + "/stale-wal", toPath: data + "/plan.sqlite-wal")

    let staged = try DatabaseBackup.stageRestore(from: root + "/backup/plan.sqlite", to: data + "/plan.sqlite")
    try staged.commit()
    #expect(!FileManager.default.fileExists(atPath: data + "/plan.sqlite-wal"))
    #expect(try Self.mode(data + "/plan.sqlite") == 0o600)
    let restored = try Self.database(at: data + "/plan.sqlite")
    #expect(try await restored.read { try Int.fetchAll($0, sql: "SELECT reps FROM sets") } == [5])
    try restored.close()
  }

  @Test func aDamagedBackupIsRefusedAndTheDatabaseLeftAsItWas() async throws {
    let root = try temporaryDirectory()
    let live = try Self.database(at: root + "/plan.sqlite")
    try await live.write { db in for reps in 1...2000 { try db.execute(sql: "INSERT INTO sets (reps) VALUES (?)", arguments: [reps]) } }
    try await DatabaseBackup.backup(live, to: root + "/backup.sqlite")
    try live.close()
    // Scribble over the pages after the header, as a bad disk would.
    let handle = try #require(FileHandle(forUpdatingAtPath: root + "/backup.sqlite"))
    try handle.seek(toOffset: 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
    try handle.close()

    let error = #expect(throws: DatabaseBackup.Failure.self) {
      _ = try DatabaseBackup.stageRestore(from: root + "/backup.sqlite", to: root + "/plan.sqlite")
    }
    #expect(error?.kind == .damaged)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains("partial") }.isEmpty)
    let untouched = try DatabaseQueue(path: root + "/plan.sqlite")
    #expect(try await untouched.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sets") } == 2000)
  }
}
