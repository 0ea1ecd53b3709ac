import Foundation
import GymService
import Synchronization

/// Runs the platform's executables as child processes on loopback: starts them in
/// order, waits for each to report SERVING, notices a child that dies (and, with a
/// restart policy, starts it again after a backoff while the others keep running), and
/// stops them all gracefully (SIGTERM, then SIGKILL after a grace period). Used by
/// `gymctl up` and by the system tests.
public final class Supervisor: Sendable {
  public struct ChildExit: Sendable, CustomStringConvertible {
    public var service: String
    /// The exit status, or the signal's number when `signaled`.
    public var status: Int32
    public var signaled = false
    public var logFile: String
    /// When the child will be started again; nil = it stays down.
    public var restartIn: Duration? = nil
    /// The restart policy gave up on it: this many exits in a row, each soon after its start.
    public var gaveUpAfter: Int? = nil
    public var description: String {
      let how = signaled ? "was killed by signal \(status)" : "exited with status \(status)"
      var next = restartIn.map { "; restarting in \($0.formatted(.units(allowed: [.seconds, .milliseconds])))" } ?? ""
      if let gaveUpAfter { next = "; it exited \(gaveUpAfter) times in a row, each soon after its start: not restarting it" }
      return "\(service) \(how)\(next); see \(logFile)"
    }
  }

  /// How a child that exits is started again: after `initialDelay`, doubling at each
  /// exit in a row up to `maximumDelay`; a child that ran `stableAfter` starts over at
  /// `initialDelay`. One process's failure never stops the others; a child that exits
  /// `maximumExitsInARow` times in a row, each within `stableAfter` of its start, is
  /// given up on (as systemd's start limit does), since starting it again will not help.
  public struct RestartPolicy: Sendable {
    public var initialDelay: Duration
    public var maximumDelay: Duration
    public var stableAfter: Duration
    public var maximumExitsInARow: Int

    public init(
      initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30), stableAfter: Duration = .seconds(60),
      maximumExitsInARow: Int = 5
    ) {
      self.initialDelay = initialDelay
      self.maximumDelay = maximumDelay
      self.stableAfter = stableAfter
      self.maximumExitsInARow = maximumExitsInARow
    }

    /// Exits in a row, counting this one, of a child that ran `ran` after `previous` of them.
    public func exitsInARow(after previous: Int, ran: Duration) -> Int {
      ran < stableAfter ? previous + 1 : 1
    }

    /// The wait before the next start of a child that ran `ran` after a start that
    /// waited `previous` (nil: its first start).
    public func delay(after previous: Duration?, ran: Duration) -> Duration {
      guard let previous, ran < stableAfter else { return initialDelay }
      return min(previous * 2, maximumDelay)
    }
  }

  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  private struct Child {
    var service: ManagedService
    var process: Process
    var logFile: String
    var started: ContinuousClock.Instant
    /// The delay before this start, when it was a restart.
    var restartDelay: Duration?
    /// Exits in a row, each soon after its start, before this start.
    var exitsInARow = 0
  }

  public let layout: StackLayout
  private let binDirectory: String
  private let services: [ManagedService]
  private let extraEnvironment: [String: String]
  private let restart: RestartPolicy?
  /// Where restarts are told (`start`'s progress).
  private let progress = Mutex<@Sendable (String) -> Void>({ _ in })
  private let children = Mutex<[Child]>([])
  /// What has happened to each service, kept in DATA_DIR/supervisor.json for `gymctl status`.
  private let state = Mutex(SupervisorState(supervisor: getpid()))
  private let stopping = Mutex(false)
  private let exits: AsyncStream<ChildExit>
  private let exitContinuation: AsyncStream<ChildExit>.Continuation

  public init(
    layout: StackLayout, binDirectory: String, services: [ManagedService] = ManagedService.all,
    extraEnvironment: [String: String] = [:], restart: RestartPolicy? = nil
  ) {
    self.layout = layout
    self.binDirectory = binDirectory
    self.services = services
    self.extraEnvironment = extraEnvironment
    self.restart = restart
    (exits, exitContinuation) = AsyncStream.makeStream(of: ChildExit.self)
  }

  /// The directory holding the gym executables next to the running one.
  public static func defaultBinDirectory() -> String {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return (executable as NSString).deletingLastPathComponent
  }

  /// Starts every service in order and waits until each is SERVING.
  public func start(timeout: Duration = .seconds(60), progress: @escaping @Sendable (String) -> Void = { _ in }) async throws {
    self.progress.withLock { $0 = progress }
    let logDirectory = (layout.dataDirectory as NSString).appendingPathComponent("logs")
    try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
    _ = try ServiceCredential.loadOrCreate(path: layout.credentialFile)
    for service in services {
      let path = (binDirectory as NSString).appendingPathComponent(service.executable)
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw StartError(description: "\(path) not found; build first with `swift build -c release`")
      }
      let child = try launch(service)
      progress("started \(service.executable) (pid \(child.process.processIdentifier)) on \(service.address(in: layout))")
      try await waitUntilServing(service, process: child.process, logFile: child.logFile, timeout: timeout)
      progress("\(service.executable) is serving")
    }
  }

  /// Starts `service` and records it as its current child (in the place of one that
  /// exited); refused once the supervisor is stopping.
  @discardableResult
  private func launch(_ service: ManagedService, restartDelay: Duration? = nil, exitsInARow: Int = 0) throws -> Child {
    let logDirectory = (layout.dataDirectory as NSString).appendingPathComponent("logs")
    let path = (binDirectory as NSString).appendingPathComponent(service.executable)
    let logFile = (logDirectory as NSString).appendingPathComponent("\(service.executable).log")
    _ = FileManager.default.createFile(atPath: logFile, contents: nil)
    let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
    try log.seekToEnd()

    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.environment = ProcessInfo.processInfo.environment
      .merging(extraEnvironment) { _, new in new }
      .merging(layout.environment(for: service)) { _, new in new }
    process.standardOutput = log
    process.standardError = log
    process.standardInput = FileHandle.nullDevice
    process.terminationHandler = { [weak self] finished in
      self?.exited(service, process: finished, logFile: logFile)
    }
    let child = Child(
      service: service, process: process, logFile: logFile, started: .now, restartDelay: restartDelay, exitsInARow: exitsInARow)
    // Under the lock, so `stop` sees every child it must stop, this one included.
    try children.withLock { children in
      guard !stopping.withLock({ $0 }) else { throw StartError(description: "stopping") }
      try process.run()
      if let index = children.firstIndex(where: { $0.service.name == service.name }) {
        children[index] = child
      } else {
        children.append(child)
      }
    }
    record(service) { entry in
      if entry.pid != nil { entry.restarts += 1 }
      entry.pid = process.processIdentifier
    }
    return child
  }

  /// A child ended without being asked to: told to `unexpectedExits`, and started
  /// again after the policy's delay (the others keep running).
  private func exited(_ service: ManagedService, process: Process, logFile: String) {
    guard !stopping.withLock({ $0 }) else { return }
    let previous = children.withLock { children in
      children.first { $0.process === process }.map { (started: $0.started, delay: $0.restartDelay, exits: $0.exitsInARow) }
    }
    var exit = ChildExit(
      service: service.name, status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, logFile: logFile)
    record(service) { entry in
      entry.lastExit = .init(status: exit.status, signaled: exit.signaled, at: Date())
    }
    if let restart, let previous {
      let ran = previous.started.duration(to: .now)
      let exits = restart.exitsInARow(after: previous.exits, ran: ran)
      if exits >= restart.maximumExitsInARow {
        exit.gaveUpAfter = exits
        record(service) { $0.gaveUpAfter = exits }
      } else {
        let delay = restart.delay(after: previous.delay, ran: ran)
        exit.restartIn = delay
        Task { await self.relaunch(service, after: delay, exitsInARow: exits) }
      }
    }
    exitContinuation.yield(exit)
  }

  private func record(_ service: ManagedService, _ change: (inout SupervisorState.Service) -> Void) {
    let directory = layout.dataDirectory
    state.withLock { state in
      change(&state.services[service.name, default: .init()])
      state.write(dataDirectory: directory)
    }
  }

  private func relaunch(_ service: ManagedService, after delay: Duration, exitsInARow: Int) async {
    try? await Task.sleep(for: delay)
    guard !stopping.withLock({ $0 }) else { return }
    let say = progress.withLock { $0 }
    do {
      let child = try launch(service, restartDelay: delay, exitsInARow: exitsInARow)
      say("restarted \(service.executable) (pid \(child.process.processIdentifier))")
    } catch {
      guard !stopping.withLock({ $0 }) else { return }
      // The start itself failed (the executable is gone): told, and tried again later.
      let next = restart.map { min(delay * 2, $0.maximumDelay) } ?? delay
      say("could not restart \(service.executable): \(error); trying again in \(next)")
      await relaunch(service, after: next, exitsInARow: exitsInARow)
    }
  }

  /// The first child that exits without being asked to.
  public func nextUnexpectedExit() async -> ChildExit? {
    var iterator = exits.makeAsyncIterator()
    return await iterator.next()
  }

  /// Every child that exits without being asked to, until `stop`.
  public var unexpectedExits: AsyncStream<ChildExit> { exits }

  public func pid(of service: String) -> Int32? {
    children.withLock { $0.first { $0.service.name == service }?.process.processIdentifier }
  }

  /// Exit status of each child that has stopped (after `stop`, all of them).
  public func exitStatuses() -> [String: Int32] {
    children.withLock { children in
      Dictionary(
        uniqueKeysWithValues: children.filter { !$0.process.isRunning }.map {
          ($0.service.name, $0.process.terminationStatus)
        })
    }
  }

  /// SIGTERM in reverse start order; SIGKILL whatever is still running after `grace`.
  public func stop(grace: Duration = .seconds(15)) async {
    stopping.withLock { $0 = true }
    let running = children.withLock { $0 }
    for child in running.reversed() where child.process.isRunning {
      kill(child.process.processIdentifier, SIGTERM)
      let deadline = ContinuousClock.now + grace
      while child.process.isRunning && ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(20))
      }
      if child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
    }
    exitContinuation.finish()
  }

  private func waitUntilServing(_ service: ManagedService, process: Process, logFile: String, timeout: Duration) async throws {
    let deadline = ContinuousClock.now + timeout
    let address = service.address(in: layout)
    let security = try layout.clientSecurity()
    let wait = try await HealthProbe.waitUntilServing(address, security: security, until: deadline) {
      if !process.isRunning {
        throw StartError(description: "\(service.executable) exited with status \(process.terminationStatus) during start-up:\n" + Self.tail(of: logFile))
      }
    }
    if wait.serving { return }
    throw StartError(description: "\(service.executable) was not serving on \(address) within \(timeout) (\(wait)):\n" + Self.tail(of: logFile))
  }

  /// The last lines of a log, for error messages.
  public static func tail(of path: String, lines: Int = 15) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "(no log at \(path))" }
    return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
  }
}
