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
    try await refuseWhileRunning()
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

  /// A running service keeps its database open and would overwrite the restored file
  /// with its own pages: every process of the stack must be stopped.
  private func refuseWhileRunning() async throws {
    let layout = stack.layout
    let security = try layout.clientSecurity()
    let answering = await withTaskGroup(of: String?.self) { group in
      for service in ManagedService.all {
        group.addTask {
          let address = service.address(in: layout)
          return await HealthProbe.check(address, timeout: .milliseconds(500), security: security).status == nil ? nil : "\(service.name) (\(address))"
        }
      }
      return await group.reduce(into: [String]()) { if let name = $1 { $0.append(name) } }
    }
    guard answering.isEmpty else {
      throw OperatorFailure(
        "the stack is running (\(answering.sorted().joined(separator: ", ")) answered): stop it first (Ctrl-C gymctl up, docker compose stop)")
    }
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
