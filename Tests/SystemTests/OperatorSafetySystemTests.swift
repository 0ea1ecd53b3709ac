import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// A second gym-plan pointed at a data directory whose gym-plan is running stops at
  /// once with a clear message, before it opens the database.
  @Test func aSecondProcessOnTheSameDataDirectoryRefusesToStart() async throws {
    try await Self.withStack { supervisor, _ in
      let second = try Self.startAlone(.plan, layout: supervisor.layout)
      let exited = try await Self.waitForExit(second, within: .seconds(30))
      if !exited { second.process.terminate(); second.process.waitUntilExit() }
      #expect(exited, "a second gym-plan on \(supervisor.layout.dataDirectory) was still running")
      #expect(second.process.terminationStatus != 0)
      let log = try String(contentsOfFile: second.log, encoding: .utf8)
      #expect(log.contains("is locked"), "\(log)")
    }
  }

  /// A stopped stack restored while one gym-plan still runs on its data directory, at a
  /// port no health probe of the stack would try: the restore is refused and touches nothing.
  @Test func restoreIsRefusedWhileAnyServiceHoldsTheDataDirectory() async throws {
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    let backups = try temporaryDirectory("gym-backups") + "/nightly"
    let layout = try await Self.withStack { supervisor, _ in
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (status, output) = try Self.run(gymctl, ["backup", "--dest", backups] + stack)
      #expect(status == 0, "\(output)")
      return supervisor.layout
    }
    let lone = try Self.startAlone(.plan, layout: layout)
    defer { lone.process.terminate(); lone.process.waitUntilExit() }
    // It has opened its database once it answers at all (SERVING or not: auth is down).
    let answering = try await eventually(within: .seconds(30)) {
      await HealthProbe.check(lone.address, timeout: .seconds(1)).status != nil
    }
    #expect(answering, "\(Supervisor.tail(of: lone.log))")
    let database = layout.dataDirectory + "/plan.sqlite"
    let before = try FileManager.default.attributesOfItem(atPath: database)[.systemFileNumber] as? Int
    let (status, output, errors) = try Self.runSeparately(
      gymctl, ["restore", "--from", backups, "--data-dir", layout.dataDirectory, "--base-port", "\(layout.basePort)"])
    #expect(status != 0 && output.isEmpty, "\(output)")
    #expect(errors == "gymctl: gym-plan is still running (its data directory is locked); stop it first\n", "\(errors)")
    #expect(try FileManager.default.attributesOfItem(atPath: database)[.systemFileNumber] as? Int == before)
  }
}

extension SystemTests {
  /// One service's executable started by hand on a stack's data directory, on ports of
  /// its own, its output in a log file.
  struct LoneProcess {
    var process: Process
    var address: HostPort
    var log: String
  }

  static func startAlone(_ service: ManagedService, layout: StackLayout) throws -> LoneProcess {
    let address = HostPort(host: "127.0.0.1", port: try freePort())
    var environment = ProcessInfo.processInfo.environment.merging(layout.environment(for: service)) { $1 }
    environment["GYM_\(service.name.uppercased())_LISTEN"] = "\(address)"
    environment["GYM_METRICS_LISTEN"] = "127.0.0.1:\(try freePort())"
    let log = try temporaryDirectory("gym-lone") + "/\(service.executable).log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Supervisor.defaultBinDirectory() + "/" + service.executable)
    process.environment = environment
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return LoneProcess(process: process, address: address, log: log)
  }

  /// Whether `lone` exited before `within` ran out, measured from now.
  static func waitForExit(_ lone: LoneProcess, within: Duration) async throws -> Bool {
    let deadline = ContinuousClock.now + within
    while lone.process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    return !lone.process.isRunning
  }
}
