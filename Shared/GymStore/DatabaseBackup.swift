import Foundation
import GRDB

/// Copies of a service's database that can be trusted to restore: each is written to a
/// temporary file beside its target, flushed to disk, checked with
/// `PRAGMA integrity_check`, and only then renamed into place, owner-only (backups hold
/// password hashes and messages). A crash or a failed check leaves no half-written
/// file under the final name.
public enum DatabaseBackup {
  /// Why a copy was refused or failed; the message says what to do.
  public struct Failure: Error, CustomStringConvertible {
    public enum Kind: Sendable { case damaged, io }
    public var kind: Kind
    public var description: String
  }

  /// Online, consistent copy of a live database (`VACUUM INTO` runs beside readers and
  /// writers) to `target`; the directory is created owner-only when missing.
  public static func backup(_ database: any DatabaseReader, to target: String) async throws {
    let directory = (target as NSString).deletingLastPathComponent
    try createPrivateDirectory(directory)
    guard !FileManager.default.fileExists(atPath: target) else {
      throw Failure(kind: .io, description: "\(target) already exists")
    }
    let temporary = try createPrivateTemporaryFile(beside: target)
    do {
      // VACUUM INTO refuses to run inside a transaction, hence a read without one. It
      // accepts the empty file created above, so the copy is never readable by others.
      do {
        try await database.unsafeRead { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary]) }
      } catch {
        throw Failure(kind: .io, description: "VACUUM INTO \(temporary) failed: \(error)")
      }
      try fsync(path: temporary)
      try check(temporary)
      try rename(temporary, to: target)
    } catch {
      // Cleanup after the failure rethrown below; a stray temporary file is harmless.
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    }
  }

  /// A backup copied and checked beside the database it will replace.
  public struct StagedRestore: Sendable {
    public let target: String
    let temporary: String

    /// Puts the copy in place of the database, which no process may have open: stale
    /// `-wal`/`-shm` files of the old database go first, so SQLite can never replay the
    /// old database's log onto the restored one.
    public func commit() throws {
      for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: target + suffix) {
        do {
          try FileManager.default.removeItem(atPath: target + suffix)
        } catch {
          throw Failure(kind: .io, description: "cannot remove \(target + suffix): \(error.localizedDescription)")
        }
      }
      try DatabaseBackup.rename(temporary, to: target)
    }

    public func discard() {
      // Discarding is cleanup after a failure the caller reports.
      try? FileManager.default.removeItem(atPath: temporary)
    }
  }

  /// Copies `source` (a backup) into a temporary file beside `target`, flushes and checks
  /// it; nothing is replaced until `commit`, so a restore of several databases can check
  /// them all first.
  public static func stageRestore(from source: String, to target: String) throws -> StagedRestore {
    try createPrivateDirectory((target as NSString).deletingLastPathComponent)
    let staged = StagedRestore(target: target, temporary: try createPrivateTemporaryFile(beside: target))
    do {
      try copyContents(of: source, to: staged.temporary)
      try fsync(path: staged.temporary)
      try check(staged.temporary)
    } catch {
      staged.discard()
      throw error
    }
    return staged
  }

  /// `PRAGMA integrity_check` on a database file that no one writes; throws `.damaged`
  /// with SQLite's first complaints unless it answers "ok".
  public static func check(_ path: String) throws {
    var configuration = Configuration()
    configuration.readonly = true
    let result: [String]
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
      try queue.close()
      // A read-only open of a WAL-mode file leaves an empty log and its index beside it,
      // which no one would ever remove once the file is renamed.
      let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue
      if log == 0 {
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
      }
    } catch {
      throw Failure(kind: .damaged, description: "\(path) is not a readable SQLite database: \(error)")
    }
    guard result == ["ok"] else {
      throw Failure(
        kind: .damaged, description: "\(path) failed its integrity check: \(result.prefix(3).joined(separator: "; "))")
    }
  }

  /// Renames and makes the new directory entry durable.
  private static func rename(_ temporary: String, to target: String) throws {
    guard Foundation.rename(temporary, target) == 0 else { throw posixFailure("rename \(temporary) to \(target)") }
    try fsync(path: (target as NSString).deletingLastPathComponent)
  }

  private static func createPrivateDirectory(_ directory: String) throws {
    guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw Failure(kind: .io, description: "cannot create \(directory): \(error.localizedDescription)")
    }
  }

  /// An empty file, mode 0600, in the target's directory (so the rename stays on one
  /// file system), named so that it is recognisably unfinished.
  private static func createPrivateTemporaryFile(beside target: String) throws -> String {
    let directory = (target as NSString).deletingLastPathComponent
    let name = ".\((target as NSString).lastPathComponent).partial-\(UUID().uuidString.prefix(8))"
    let path = (directory as NSString).appendingPathComponent(name)
    let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw posixFailure("create \(path)") }
    close(fd)
    return path
  }

  private static func copyContents(of source: String, to destination: String) throws {
    guard let input = FileHandle(forReadingAtPath: source) else { throw posixFailure("open \(source)") }
    // Neither close can lose data unnoticed: the source is only read, and the caller
    // fsyncs the copy, where a write that did not land shows.
    defer { try? input.close() }
    guard let output = FileHandle(forWritingAtPath: destination) else { throw posixFailure("open \(destination)") }
    defer { try? output.close() }
    do {
      while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
    } catch {
      throw Failure(kind: .io, description: "cannot copy \(source) to \(destination): \(error.localizedDescription)")
    }
  }

  private static func fsync(path: String) throws {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw posixFailure("open \(path)") }
    defer { close(fd) }
    guard Foundation.fsync(fd) == 0 else { throw posixFailure("fsync \(path)") }
  }

  private static func posixFailure(_ action: String) -> Failure {
    Failure(kind: .io, description: "cannot \(action): \(String(cString: strerror(errno)))")
  }
}
