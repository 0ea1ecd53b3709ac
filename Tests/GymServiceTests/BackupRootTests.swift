import Foundation
import GRDB
import GymStore
import GymTesting
import Testing

/// Backup runs on disk: parts under the root only, every file described, nothing half
/// kept, and a manifest that cannot point a restore outside the run.
@Suite struct BackupRootTests {
  @Test func aPartCopiesTheDatabaseAndItsDirectoryButNoHalfWrittenFileOrLink() async throws {
    let data = try temporaryDirectory()
    let pool = try DatabaseBackupTests.database(at: data + "/messaging.sqlite")
    try await pool.write { db in try db.execute(sql: "INSERT INTO sets (reps) VALUES (5)") }
    let attachments = data + "/attachments"
    try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
    try Data("photo".utf8).write(to: URL(fileURLWithPath: attachments + "/abc123"))
    try Data("half".utf8).write(to: URL(fileURLWithPath: attachments + "/.upload-1"))
    try FileManager.default.createSymbolicLink(atPath: attachments + "/link", withDestinationPath: "/etc/passwd")

    let root = BackupRoot(path: data + "/backups", minimumFreeBytes: 0)
    let part = try await root.write(
      run: "r1", service: "messaging", database: pool, databasePath: data + "/messaging.sqlite",
      directories: [.init(name: "attachments", path: attachments)])
    #expect(part.files.map(\.path) == ["messaging/messaging.sqlite", "messaging/attachments/abc123"])
    #expect(part.files[1].sizeBytes == 5)
    #expect(try BackupManifest.describe(data + "/backups/r1/messaging/attachments/abc123", as: "x").sha256 == part.files[1].sha256)
    #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/backups/r1/messaging/attachments") == ["abc123"])

    // Discarding removes the part, and the run's directory once it is empty.
    try root.discard(run: "r1", service: "messaging")
    #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/backups").isEmpty)
    try pool.close()
  }

  /// GYM_BACKUP_KEEP: after a run completes, each service removes its parts of complete
  /// runs older than the newest `keep`; the run whose last part goes loses its manifest
  /// and directory. A run without a manifest (failed, or still being written) is left.
  @Test func retentionKeepsTheNewestCompleteRunsAndRemovesOldRunsWhole() async throws {
    let data = try temporaryDirectory()
    let plan = try DatabaseBackupTests.database(at: data + "/plan.sqlite")
    let places = try DatabaseBackupTests.database(at: data + "/places.sqlite")
    let root = BackupRoot(path: data + "/backups", minimumFreeBytes: 0, keep: 2)
    func run(_ id: String, complete: Bool) async throws {
      for (service, pool) in [("plan", plan), ("places", places)] {
        _ = try await root.write(run: id, service: service, database: pool, databasePath: data + "/\(service).sqlite", directories: [])
      }
      guard complete else { return }
      _ = try root.writeManifest(BackupManifest(runID: id, createdAt: Date(), services: [:]))
    }
    // Run ids start with their UTC time.
    try await run("20261101T030000Z-nightly", complete: true)
    try await run("20261102T030000Z-nightly", complete: false)  // failed elsewhere, never finished
    try await run("20261103T030000Z-nightly", complete: true)
    try await run("20261104T030000Z-nightly", complete: true)

    #expect(try root.prune(service: "plan") == ["20261101T030000Z-nightly"])
    // places has not pruned yet: the oldest run keeps its manifest and places' part.
    #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/backups/20261101T030000Z-nightly").sorted() == ["manifest.json", "places"])
    #expect(try root.prune(service: "places") == ["20261101T030000Z-nightly"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: data + "/backups").sorted() == [
        "20261102T030000Z-nightly", "20261103T030000Z-nightly", "20261104T030000Z-nightly",
      ])
    // Nothing more to do until a newer run completes; keep 0 keeps everything.
    #expect(try root.prune(service: "plan").isEmpty)
    #expect(try BackupRoot(path: data + "/backups", minimumFreeBytes: 0).prune(service: "places").isEmpty)
    try plan.close()
    try places.close()
  }

  @Test func namesThatAreNotPlainAreRefusedBeforeAnythingIsWritten() async throws {
    let data = try temporaryDirectory()
    let pool = try DatabaseBackupTests.database(at: data + "/plan.sqlite")
    let root = BackupRoot(path: data + "/backups", minimumFreeBytes: 0)
    for run in ["../out", "/tmp/out", "a/b", "..", "", ".x", "sp ace"] {
      let failure = await #expect(throws: BackupFailure.self) {
        _ = try await root.write(run: run, service: "plan", database: pool, databasePath: data + "/plan.sqlite", directories: [])
      }
      #expect(failure?.kind == .invalidName, "\(run)")
    }
    #expect(!FileManager.default.fileExists(atPath: data + "/backups"))
    try pool.close()
  }

  @Test func aManifestThatPointsOutsideItsRunIsRefused() throws {
    func manifest(_ path: String, directories: [String] = []) throws -> Data {
      try BackupManifest(
        runID: "r1", createdAt: Date(),
        services: ["auth": .init(files: [.init(path: path, sizeBytes: 1, sha256: "00")], directories: directories)]
      ).encoded()
    }
    _ = try BackupManifest.decode(try manifest("auth/auth.sqlite"))
    _ = try BackupManifest.decode(try manifest("auth/signing-keys/k.key", directories: ["signing-keys"]))
    for path in ["../auth.sqlite", "auth/../../etc/passwd", "/etc/passwd", "plan/plan.sqlite", "auth/other/k.key", "auth/a/b/c"] {
      let failure = #expect(throws: BackupFailure.self, "\(path)") { _ = try BackupManifest.decode(try manifest(path)) }
      #expect(failure?.kind == .damaged)
    }
  }

  @Test func aStagedDirectoryReplacesTheOldOneWholeOnlyOnCommit() throws {
    let root = try temporaryDirectory()
    try FileManager.default.createDirectory(atPath: root + "/backup/keys", withIntermediateDirectories: true)
    try Data("new".utf8).write(to: URL(fileURLWithPath: root + "/backup/keys/b.key"))
    try FileManager.default.createDirectory(atPath: root + "/data/keys", withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/data/keys/a.key"))

    let staged = try StagedDirectory.stage(from: root + "/backup/keys", to: root + "/data/keys")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/data/keys") == ["a.key"])
    try staged.commit()
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/data/keys") == ["b.key"])
    #expect(try FileManager.default.attributesOfItem(atPath: root + "/data/keys/b.key")[.posixPermissions] as? Int == 0o600)
    #expect(try FileManager.default.attributesOfItem(atPath: root + "/data/keys")[.posixPermissions] as? Int == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/data") == ["keys"])
  }
}
