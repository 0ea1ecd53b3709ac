import ArgumentParser
import Foundation
import GymService
import GymStore

/// `gymctl restore --from DIR`: puts every service's database back from a backup
/// directory (`gymctl backup`'s files), with the stack stopped.
struct Restore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Restore every service's database from a backup directory into the data directory (stack stopped).")

  @OptionGroup var stack: StackOptions
  @Option(help: "Directory written by `gymctl backup`; the newest copy of each service is used.") var from: String

  func run() async throws {
    let locks = try Self.lockEveryService(in: stack.dataDir)
    defer { locks.forEach { $0.release() } }
    let plan = try Self.newestBackups(in: from)
    // Every copy is checked before any database is replaced: a damaged backup leaves the
    // data directory as it was.
    var staged: [DatabaseBackup.StagedRestore] = []
    do {
      for (service, source) in plan {
        staged.append(try DatabaseBackup.stageRestore(from: source, to: Self.databasePath(service, in: stack.dataDir)))
      }
    } catch {
      staged.forEach { $0.discard() }
      throw error
    }
    var restored: [[String]] = []
    for ((service, source), copy) in zip(plan, staged) {
      try copy.commit()
      restored.append([service.name, source, copy.target, Output.bytes(GymDatabase.sizeOnDisk(path: copy.target))])
    }
    if stack.json {
      print(Output.jsonLine(restored.map { ["service": $0[0], "from": $0[1], "to": $0[2]] }))
    } else {
      Output.table(["SERVICE", "FROM", "TO", "SIZE"], restored)
    }
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

  static func databasePath(_ service: ManagedService, in dataDirectory: String) -> String {
    (dataDirectory as NSString).appendingPathComponent("\(service.name).sqlite")
  }

  /// The newest `<service>-<time>.sqlite` of every service with a database.
  static func newestBackups(in directory: String) throws -> [(ManagedService, String)] {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      throw OperatorFailure("cannot read \(directory): give the directory `gymctl backup --dest` wrote")
    }
    var plan: [(ManagedService, String)] = []
    var missing: [String] = []
    for service in ManagedService.all where service.name != "gateway" {
      // ISO 8601 stamps in the names sort in time order.
      let newest = files.filter { $0.hasPrefix("\(service.name)-") && $0.hasSuffix(".sqlite") }.max()
      guard let newest else {
        missing.append(service.name)
        continue
      }
      plan.append((service, (directory as NSString).appendingPathComponent(newest)))
    }
    guard missing.isEmpty else {
      throw OperatorFailure(
        "\(directory) holds no backup of \(missing.joined(separator: ", ")) (files named <service>-<time>.sqlite); nothing was restored")
    }
    return plan
  }
}
