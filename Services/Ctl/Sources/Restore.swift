import ArgumentParser
import Foundation
import GymService
import GymStore

/// `gymctl restore --run RUN_ID`: puts one backup run back whole, exactly the files its
/// manifest lists (every service's database, auth's signing keys, messaging's
/// attachments), after checking each one's size and SHA-256, with every service stopped.
struct Restore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Restore one backup run, or every database from its Litestream replica, into the data directory (every service stopped).",
    discussion: """
      The run is the one `gymctl backup` named; its manifest.json lists every file. Each is checked \
      against the manifest and every database with PRAGMA integrity_check before anything is replaced. \
      Every service's lock on the data directory is taken first: while any service runs on it, nothing is touched.
      """)

  @OptionGroup var stack: StackOptions
  @Option(help: "The run to restore: its id, as `gymctl backup` printed it.") var run: String?
  @Option(help: "The directory holding the runs (default: DATA_DIR/backups, the services' default GYM_BACKUP_DIR).")
  var backupDir: String?
  @Option(help: "The run's manifest.json, instead of --run.") var manifest: String?
  @Option(
    help:
      "Restore every database from Litestream's replica instead of a backup run: its URL (file:///…, s3://bucket/path), under which each service replicates to /<service>."
  )
  var fromReplica: String?
  @Option(help: "With --from-replica: the moment to restore to (RFC 3339, e.g. 2026-11-26T18:05:00Z); default the latest.")
  var at: String?
  @Option(help: "With --from-replica: the litestream executable (default: litestream on PATH).") var litestream: String?
  @Option(help: .hidden) var from: String?

  func validate() throws {
    if from != nil {
      throw ValidationError("--from is gone: a restore takes one run, --run RUN_ID (see `ls DATA_DIR/backups`) or --manifest FILE")
    }
    guard [run, manifest, fromReplica].compactMap({ $0 }).count == 1 else {
      throw ValidationError(
        "give one thing to restore: --run RUN_ID (as `gymctl backup` printed it), --manifest FILE or --from-replica URL")
    }
    if at != nil, fromReplica == nil {
      throw ValidationError("--at is a moment in a replica's history: it goes with --from-replica")
    }
    if let at, Self.rfc3339(at) == nil {
      throw ValidationError("--at \(at) is not an RFC 3339 time: give e.g. 2026-11-26T18:05:00Z")
    }
    if let run, let problem = BackupName.problem(with: run) {
      throw ValidationError("--run \(problem): give the run's id, not a path (--backup-dir says where the runs are)")
    }
  }

  func run() async throws {
    if let fromReplica { return try await restoreFromReplica(fromReplica) }
    let runDirectory: String
    if let manifest {
      runDirectory = (manifest as NSString).deletingLastPathComponent
    } else {
      let root = backupDir ?? (stack.dataDir as NSString).appendingPathComponent("backups")
      runDirectory = (root as NSString).appendingPathComponent(run ?? "")
    }
    let locks = try Self.lockEveryService(in: stack.dataDir)
    defer { locks.forEach { $0.release() } }

    let manifest = try Self.readManifest(manifest, runDirectory: runDirectory)
    if let run, manifest.runID != run {
      throw OperatorFailure("\(runDirectory)/\(BackupManifest.fileName) is the manifest of run \(manifest.runID), not \(run); nothing was restored")
    }
    let services = ManagedService.all.filter { $0.name != ManagedService.gateway.name }
    let missing = services.filter { manifest.services[$0.name] == nil }.map(\.name)
    guard missing.isEmpty else {
      throw OperatorFailure("run \(manifest.runID) holds no part of \(missing.joined(separator: ", ")); nothing was restored")
    }
    try manifest.verify(runDirectory: runDirectory)

    // Everything is staged and checked before anything is replaced: a damaged run
    // leaves the data directory as it was.
    var databases: [DatabaseBackup.StagedRestore] = []
    var directories: [StagedDirectory] = []
    do {
      for service in services {
        let part = manifest.services[service.name]!
        let database = "\(service.name)/\(service.name).sqlite"
        guard part.files.contains(where: { $0.path == database }) else {
          throw OperatorFailure("run \(manifest.runID) has no database of \(service.name); nothing was restored")
        }
        databases.append(
          try DatabaseBackup.stageRestore(
            from: (runDirectory as NSString).appendingPathComponent(database), to: Self.databasePath(service, in: stack.dataDir)))
        for directory in part.directories {
          directories.append(
            try StagedDirectory.stage(
              from: (runDirectory as NSString).appendingPathComponent("\(service.name)/\(directory)"),
              to: (stack.dataDir as NSString).appendingPathComponent(directory)))
        }
      }
    } catch {
      databases.forEach { $0.discard() }
      directories.forEach { $0.discard() }
      throw error
    }
    for copy in databases { try copy.commit() }
    for copy in directories { try copy.commit() }

    let rows = services.map { service -> [String] in
      let part = manifest.services[service.name]!
      let to = ([Self.databasePath(service, in: stack.dataDir)] + part.directories.map { (stack.dataDir as NSString).appendingPathComponent($0) })
        .joined(separator: ", ")
      return [service.name, "\(part.files.count)", Output.bytes(part.files.reduce(0) { $0 + $1.sizeBytes }), to]
    }
    if stack.json {
      print(Output.jsonLine(rows.map { ["service": $0[0], "files": $0[1], "size": $0[2], "to": $0[3]] }))
    } else {
      Output.table(["SERVICE", "FILES", "SIZE", "TO"], rows)
      print("restored run \(manifest.runID) (made \(manifest.createdAt.formatted(Date.ISO8601FormatStyle())))")
    }
  }

  private static func readManifest(_ file: String?, runDirectory: String) throws -> BackupManifest {
    guard let file else { return try BackupManifest.read(runDirectory: runDirectory) }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw OperatorFailure("cannot read \(file): give the manifest.json of a backup run")
    }
    return try BackupManifest.decode(data)
  }

  /// Every backend's lock on its data directory, held until the restore is done: a
  /// running service holds its own (whatever port it listens on, answering or not), so
  /// a restore never renames a file under a live database, and none starts meanwhile.
  static func lockEveryService(in dataDirectory: String) throws -> [DirectoryLock] {
    var locks: [DirectoryLock] = []
    var running: [String] = []
    for service in ManagedService.all where service.name != ManagedService.gateway.name {
      do {
        locks.append(try DirectoryLock.acquire(service: service.name, in: dataDirectory))
      } catch let failure as DirectoryLock.Failure where failure.kind == .held {
        running.append(service.executable)
      }
    }
    guard running.isEmpty else {
      locks.forEach { $0.release() }
      throw OperatorFailure(
        running.count == 1
          ? "\(running[0]) is still running (its data directory is locked); stop it first"
          : "\(running.joined(separator: ", ")) are still running (their data directories are locked); stop them first")
    }
    return locks
  }

  /// An RFC 3339 time, with or without fractional seconds, as Litestream reads it.
  static func rfc3339(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions.insert(.withFractionalSeconds)
    return formatter.date(from: text)
  }

  static func databasePath(_ service: ManagedService, in dataDirectory: String) -> String {
    (dataDirectory as NSString).appendingPathComponent("\(service.name).sqlite")
  }
}
