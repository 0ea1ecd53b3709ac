import Foundation
import GymCtl
import GymService
import GymStore
import GymTesting
import Synchronization
import Testing

extension SystemTests {
  /// One process that exits does not stop the platform: `gymctl up` says so, starts it
  /// again after a backoff, and every other process keeps running; Ctrl-C still stops
  /// them all.
  @Test func gymctlUpRestartsAProcessThatExitsAndKeepsTheOthersRunning() async throws {
    let directory = try temporaryDirectory("gym-up")
    let basePort = try reserveStackBasePort()
    defer { releaseStackBasePort(basePort) }
    let (up, output) = try Self.gymctlUp(["--base-port", "\(basePort)", "--data-dir", directory])
    // However the test ends, gymctl stops its children (SIGTERM is its Ctrl-C).
    defer { if up.isRunning { kill(up.processIdentifier, SIGTERM) } }
    let pids = try await Self.startedProcesses(of: up, output)
    let messaging = try #require(pids["messaging"])
    kill(messaging, SIGKILL)

    let restarted = try await eventually(within: .seconds(60)) { output.contains("restarted gym-messaging") || !up.isRunning }
    #expect(restarted && up.isRunning, "gymctl up is still running after messaging died: \(output.text)")
    #expect(output.contains("messaging was killed by signal 9; restarting in"), "\(output.text)")
    let newPID = try #require(output.pid(restarted: "gym-messaging"), "\(output.text)")
    #expect(newPID != messaging && kill(newPID, 0) == 0)
    let address = ManagedService.messaging.address(in: StackLayout(basePort: basePort, dataDirectory: directory))
    #expect(try await eventually(within: .seconds(60)) { await HealthProbe.check(address).serving }, "messaging serves again")
    for (service, pid) in pids where service != "messaging" {
      #expect(kill(pid, 0) == 0, "\(service) kept running")
    }
    // `gymctl status` shows the restart, and no other.
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    let (_, status) = try await Self.run(gymctl, ["status", "--base-port", "\(basePort)", "--data-dir", directory])
    let rows = status.split(separator: "\n").map(String.init)
    #expect(rows.first?.contains("RESTARTS") == true, "\(status)")
    #expect(rows.contains { $0.contains("messaging") && $0.contains(" 1 (last: signal 9, ") }, "\(status)")
    #expect(rows.filter { $0.contains(" 1 (last:") }.count == 1, "\(status)")

    // Ctrl-C stops them all, the restarted one included.
    kill(up.processIdentifier, SIGINT)
    #expect(try await eventually(within: .seconds(60)) { !up.isRunning }, "gymctl up stops on SIGINT")
    #expect(up.terminationStatus == 0, "\(output.text)")
    for (service, pid) in pids.merging(["messaging": newPID], uniquingKeysWith: { $1 }) {
      #expect(kill(pid, 0) != 0, "\(service) was stopped")
    }
  }
}

extension SystemTests {
  /// A process that cannot start (here: another process holds its data directory's
  /// lock) is not restarted for ever: after `--restart-limit` exits in a row `gymctl up`
  /// says it gave up, stops the whole platform and exits with status 1, so whatever
  /// runs gymctl (systemd, an operator) sees the failure. With `--no-restart` the first
  /// exit does the same.
  @Test(arguments: [false, true]) func gymctlUpGivesUpOnAProcessThatKeepsExitingAndStopsThePlatform(noRestart: Bool) async throws {
    let directory = try temporaryDirectory("gym-up-limit")
    let basePort = try reserveStackBasePort()
    defer { releaseStackBasePort(basePort) }
    let (up, output) = try Self.gymctlUp(
      ["--base-port", "\(basePort)", "--data-dir", directory] + (noRestart ? ["--no-restart"] : ["--restart-limit", "3"]))
    defer { if up.isRunning { kill(up.processIdentifier, SIGTERM) } }
    let pids = try await Self.startedProcesses(of: up, output)

    // places dies and its data stays locked by someone else: every start fails at once.
    let places = try #require(pids["places"])
    kill(places, SIGKILL)
    var lock: DirectoryLock?
    _ = try await eventually(within: .seconds(5)) {
      lock = try? DirectoryLock.acquire(service: "places", in: directory)
      return lock != nil
    }
    try #require(lock != nil, "the test took places' lock: \(output.text)")

    let stopped = try await eventually(within: .seconds(120)) { !up.isRunning }
    #expect(stopped, "gymctl up stopped: \(output.text)")
    #expect(up.terminationStatus == 1, "\(output.text)")
    if noRestart {
      #expect(output.contains("places was killed by signal 9; see") && !output.contains("restarted gym-places"), "\(output.text)")
    } else {
      #expect(output.contains("places exited with status 1; it exited 3 times in a row, each soon after its start: not restarting it"), "\(output.text)")
    }
    #expect(output.contains("stopping the platform: a service stays down"), "\(output.text)")
    // The platform is down, and `gymctl status` says which service was given up on.
    let (statusCode, status) = try await Self.run(
      Supervisor.defaultBinDirectory() + "/gymctl", ["status", "--base-port", "\(basePort)", "--data-dir", directory, "--timeout", "1"])
    #expect(statusCode != 0)
    let expected = noRestart ? "places  0 (last: signal 9" : "places  gave up after 3 exits (last: status 1"
    #expect(status.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression).contains(expected), "\(status)")
    for (service, pid) in pids where service != "places" {
      #expect(kill(pid, 0) != 0, "\(service) was stopped")
    }
    _ = lock
  }
}

extension SystemTests {
  /// `gymctl up` with `arguments` after `up`, its output gathered as it prints it. (A
  /// Foundation `Process`: the test reads its lines while it runs.)
  static func gymctlUp(_ arguments: [String]) throws -> (Process, PrintedLines) {
    let up = Process()
    up.executableURL = URL(fileURLWithPath: Supervisor.defaultBinDirectory() + "/gymctl")
    up.arguments = ["up"] + arguments
    up.environment = ProcessInfo.processInfo.environment.merging([
      "GYM_PASSWORD_HASH_LOG_N": "10", "GYM_SHUTDOWN_GRACE_SECONDS": "5",
    ]) { $1 }
    let output = PrintedLines()
    let pipe = Pipe()
    up.standardOutput = pipe
    up.standardError = pipe
    up.standardInput = FileHandle.nullDevice
    try up.run()
    output.follow(pipe.fileHandleForReading)
    return (up, output)
  }

  /// Once `up` says the platform is up, the pid of each service it started.
  static func startedProcesses(of up: Process, _ output: PrintedLines) async throws -> [String: Int32] {
    let started = try await eventually(within: .seconds(180)) { output.contains("press Ctrl-C to stop") || !up.isRunning }
    try #require(started && up.isRunning, "gymctl up did not start: \(output.text)")
    var pids: [String: Int32] = [:]
    for service in ManagedService.all {
      pids[service.name] = try #require(output.pid(started: service.executable), "\(output.text)")
    }
    return pids
  }
}

extension SystemTests {
  /// A process that keeps dying is not restarted in a tight loop: the wait doubles up to
  /// the maximum, and starts over once a start lasted.
  @Test func restartsBackOffWhileAProcessKeepsDyingAndStartOverOnceOneLasts() {
    let policy = Supervisor.RestartPolicy(initialDelay: .seconds(1), maximumDelay: .seconds(30), stableAfter: .seconds(60))
    #expect(policy.delay(after: nil, ran: .seconds(1)) == .seconds(1))
    #expect(policy.delay(after: .seconds(1), ran: .seconds(2)) == .seconds(2))
    #expect(policy.delay(after: .seconds(8), ran: .seconds(2)) == .seconds(16))
    #expect(policy.delay(after: .seconds(16), ran: .seconds(2)) == .seconds(30))
    #expect(policy.delay(after: .seconds(30), ran: .seconds(2)) == .seconds(30))
    #expect(policy.delay(after: .seconds(30), ran: .seconds(61)) == .seconds(1))
    // Exits in a row count only quick ones; a start that lasted starts the count over.
    #expect(policy.exitsInARow(after: 0, ran: .seconds(1)) == 1)
    #expect(policy.exitsInARow(after: 3, ran: .seconds(2)) == 4)
    #expect(policy.exitsInARow(after: 4, ran: .seconds(61)) == 1)
  }
}

/// What a child process prints, gathered line by line as it comes.
final class PrintedLines: Sendable {
  private let lines = Mutex<[String]>([])

  var text: String { lines.withLock { $0.joined(separator: "\n") } }

  func contains(_ fragment: String) -> Bool { lines.withLock { $0.contains { $0.contains(fragment) } } }

  /// Reads `handle` on its own thread until end of file.
  func follow(_ handle: FileHandle) {
    let thread = Thread { [self] in
      var pending = Data()
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending = Data(pending[pending.index(after: newline)...])
          lines.withLock { $0.append(line) }
        }
      }
    }
    thread.start()
  }

  /// From "started gym-auth (pid 123) on …".
  func pid(started executable: String) -> Int32? { pid(after: "started \(executable) (pid ") }

  /// From "restarted gym-auth (pid 123)".
  func pid(restarted executable: String) -> Int32? { pid(after: "restarted \(executable) (pid ") }

  private func pid(after prefix: String) -> Int32? {
    lines.withLock { lines in
      for line in lines.reversed() {
        guard let range = line.range(of: prefix) else { continue }
        return Int32(line[range.upperBound...].prefix { $0.isNumber })
      }
      return nil
    }
  }
}
