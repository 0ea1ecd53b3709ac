import Foundation
import GRDB

/// The directory a server writes its backups under (`GYM_BACKUP_DIR`). A run is
/// `<root>/<run id>/`: each service's part in `<service>/` and, once every part is in,
/// `manifest.json`. Callers name only the run (`BackupName`), never a path, so nothing
/// is written outside the root, and a part is refused unless the root's file system
/// keeps `minimumFreeBytes` free after it. Services may share one root (`gymctl up`).
public struct BackupRoot: Sendable, Equatable {
  public let path: String
  public let minimumFreeBytes: Int64
  /// Complete runs kept by `prune`; 0 keeps every run.
  public let keep: Int

  public init(path: String, minimumFreeBytes: Int64, keep: Int = 0) {
    self.path = path
    self.minimumFreeBytes = minimumFreeBytes
    self.keep = keep
  }

  /// Files a service keeps beside its database, copied and restored as a whole.
  public struct Directory: Sendable {
    /// Its name in the data directory, which is also its name in the run
    /// ("signing-keys", "attachments").
    public var name: String
    public var path: String

    public init(name: String, path: String) {
      self.name = name
      self.path = path
    }
  }

  /// One service's part of a run, as written.
  public struct Part: Sendable {
    public var directory: String
    public var files: [BackupManifest.File]
    public var directories: [String]
    public var sizeBytes: Int64 { files.reduce(0) { $0 + $1.sizeBytes } }
  }

  public func runDirectory(_ run: String) -> String {
    (path as NSString).appendingPathComponent(run)
  }

  /// Writes `service`'s part of `run`: an online, checked copy of its database
  /// (`DatabaseBackup`) and a copy of each of `directories`, every file described for
  /// the manifest. Nothing of the part is left behind when it fails.
  public func write(
    run: String, service: String, database: any DatabaseReader, databasePath: String, directories: [Directory]
  ) async throws -> Part {
    try Self.checkName(run, field: "run id")
    var needed = GymDatabase.sizeOnDisk(path: databasePath)
    for directory in directories {
      for name in try PrivateFiles.regularFiles(in: directory.path) {
        let file = (directory.path as NSString).appendingPathComponent(name)
        // A file gone since it was listed needs no room.
        needed += (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
      }
    }
    try checkRoom(for: needed, service: service)
    try PrivateFiles.makeDirectoryTree(path)
    let runDirectory = runDirectory(run)
    try PrivateFiles.makeDirectory(runDirectory)
    let part = (runDirectory as NSString).appendingPathComponent(service)
    guard mkdir(part, 0o700) == 0 else {
      guard errno == EEXIST else { throw PrivateFiles.failure("create \(part)") }
      throw BackupFailure(kind: .exists, description: "run \(run) already holds a copy of \(service): choose another label, or wait a second")
    }
    do {
      let databaseFile = (part as NSString).appendingPathComponent("\(service).sqlite")
      try await DatabaseBackup.backup(database, to: databaseFile)
      var files = [try BackupManifest.describe(databaseFile, as: "\(service)/\(service).sqlite")]
      for directory in directories {
        files += try copy(directory, into: part, service: service)
      }
      try PrivateFiles.fsync(part)
      try PrivateFiles.fsync(runDirectory)
      return Part(directory: part, files: files, directories: directories.map(\.name))
    } catch {
      // Cleanup after the failure rethrown below; a half-written part is never listed as a run.
      try? FileManager.default.removeItem(atPath: part)
      throw error
    }
  }

  /// Writes the run's manifest beside its parts, flushed and renamed into place (over
  /// the identical one a service sharing this root may have written). Returns its path.
  public func writeManifest(_ manifest: BackupManifest) throws -> String {
    try Self.checkName(manifest.runID, field: "run id")
    let runDirectory = runDirectory(manifest.runID)
    guard PrivateFiles.isDirectory(runDirectory) else {
      throw BackupFailure(kind: .missing, description: "run \(manifest.runID) has no directory in \(path)")
    }
    let target = (runDirectory as NSString).appendingPathComponent(BackupManifest.fileName)
    let data: Data
    do {
      data = try manifest.encoded()
    } catch {
      throw BackupFailure(kind: .io, description: "cannot encode the manifest of \(manifest.runID): \(error)")
    }
    try PrivateFiles.replace(target, with: data)
    return target
  }

  /// Removes `service`'s part of `run` (the run failed elsewhere), and the run's
  /// directory once no part is left in it.
  public func discard(run: String, service: String) throws {
    try Self.checkName(run, field: "run id")
    try removePart(of: run, service: service)
    _ = rmdir(runDirectory(run))
  }

  /// Removes `service`'s part of `run`; false when it had none.
  @discardableResult
  private func removePart(of run: String, service: String) throws -> Bool {
    let part = (runDirectory(run) as NSString).appendingPathComponent(service)
    guard FileManager.default.fileExists(atPath: part) else { return false }
    do {
      try FileManager.default.removeItem(atPath: part)
    } catch {
      throw BackupFailure(kind: .io, description: "cannot remove \(part): \(error.localizedDescription)")
    }
    return true
  }

  /// Retention, run by each service after a run completes: `service`'s parts of complete
  /// runs (those with a manifest) older than the newest `keep` are removed, and a run
  /// left with no part loses its manifest and directory. Run ids begin with their UTC
  /// time, so their order is their age. Runs without a manifest are not touched here: a
  /// failed run is discarded by its own backup, and one may still be being written.
  /// Returns the runs whose part was removed.
  @discardableResult
  public func prune(service: String) throws -> [String] {
    guard keep > 0 else { return [] }
    let runs = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { run in
      BackupName.problem(with: run) == nil
        && FileManager.default.fileExists(atPath: ((runDirectory(run)) as NSString).appendingPathComponent(BackupManifest.fileName))
    }.sorted()
    var pruned: [String] = []
    for run in runs.dropLast(keep) {
      let runDirectory = runDirectory(run)
      if try removePart(of: run, service: service) { pruned.append(run) }
      // Services sharing the root prune side by side: whoever removes the last part
      // removes the run; a removal that loses the race finds nothing to do.
      let left = ((try? FileManager.default.contentsOfDirectory(atPath: runDirectory)) ?? []).filter { $0 != BackupManifest.fileName }
      if left.isEmpty {
        try? FileManager.default.removeItem(atPath: (runDirectory as NSString).appendingPathComponent(BackupManifest.fileName))
        _ = rmdir(runDirectory)
      }
    }
    return pruned
  }

  /// Refuses a part of `bytes` that would leave the root's file system less than
  /// `minimumFreeBytes` free.
  public func checkRoom(for bytes: Int64, service: String) throws {
    guard let free = Self.freeBytes(near: path) else { return }
    guard free - bytes >= minimumFreeBytes else {
      throw BackupFailure(
        kind: .noSpace,
        description: "the backup directory \(path) has \(Self.mebibytes(free)) free; \(service)'s copy needs about "
          + "\(Self.mebibytes(bytes)) and \(Self.mebibytes(minimumFreeBytes)) must stay free (GYM_BACKUP_MIN_FREE_MIB): "
          + "remove old runs, or point GYM_BACKUP_DIR at a larger volume")
    }
  }

  private func copy(_ source: Directory, into part: String, service: String) throws -> [BackupManifest.File] {
    try Self.checkName(source.name, field: "directory name")
    let target = (part as NSString).appendingPathComponent(source.name)
    try PrivateFiles.makeDirectory(target)
    var files: [BackupManifest.File] = []
    for name in try PrivateFiles.regularFiles(in: source.path) {
      let from = (source.path as NSString).appendingPathComponent(name)
      guard BackupName.problem(with: name) == nil else {
        throw BackupFailure(kind: .io, description: "cannot back up \(from): its name is not a plain file name")
      }
      let copied = try PrivateFiles.copy(from, to: (target as NSString).appendingPathComponent(name))
      files.append(.init(path: "\(service)/\(source.name)/\(name)", sizeBytes: copied.size, sha256: copied.sha256))
    }
    try PrivateFiles.fsync(target)
    return files
  }

  static func checkName(_ name: String, field: String) throws {
    if let problem = BackupName.problem(with: name) {
      throw BackupFailure(kind: .invalidName, description: "the \(field) '\(name)' \(problem)")
    }
  }

  /// Space an unprivileged writer may still use on the file system holding `path` (or
  /// its nearest existing parent).
  static func freeBytes(near path: String) -> Int64? {
    var candidate = path
    while !FileManager.default.fileExists(atPath: candidate) {
      let parent = (candidate as NSString).deletingLastPathComponent
      if parent.isEmpty || parent == candidate { candidate = "."; break }
      candidate = parent
    }
    var info = statvfs()
    guard statvfs(candidate, &info) == 0 else { return nil }
    return Int64(info.f_bavail) * Int64(info.f_frsize)
  }

  static func mebibytes(_ bytes: Int64) -> String {
    "\(max(0, bytes) / (1 << 20)) MiB"
  }
}
