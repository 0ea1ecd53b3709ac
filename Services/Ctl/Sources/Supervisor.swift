import Foundation
import GymService
import Synchronization

/// Runs the platform's executables as child processes on loopback: starts them in
/// order, waits for each to report SERVING, notices a child that dies, and stops them
/// all gracefully (SIGTERM, then SIGKILL after a grace period). Used by `gymctl up` and
/// by the system tests.
public final class Supervisor: Sendable {
  public struct ChildExit: Sendable, CustomStringConvertible {
    public var service: String
    public var status: Int32
    public var logFile: String
    public var description: String { "\(service) exited with status \(status); see \(logFile)" }
  }

  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  private struct Child {
    var service: ManagedService
    var process: Process
    var logFile: String
  }

  public let layout: StackLayout
  private let binDirectory: String
  private let services: [ManagedService]
  private let extraEnvironment: [String: String]
  private let children = Mutex<[Child]>([])
  private let stopping = Mutex(false)
  private let exits: AsyncStream<ChildExit>
  private let exitContinuation: AsyncStream<ChildExit>.Continuation

  public init(
    layout: StackLayout, binDirectory: String, services: [ManagedService] = ManagedService.all,
    extraEnvironment: [String: String] = [:]
  ) {
    self.layout = layout
    self.binDirectory = binDirectory
    self.services = services
    self.extraEnvironment = extraEnvironment
    (exits, exitContinuation) = AsyncStream.makeStream(of: ChildExit.self)
  }

  /// The directory holding the gym executables next to the running one.
  public static func defaultBinDirectory() -> String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return (executable as NSString).deletingLastPathComponent
  }

  /// Starts every service in order and waits until each is SERVING.
  public func start(timeout: Duration = .seconds(60), progress: @Sendable (String) -> Void = { _ in }) async throws {
    let logDirectory = (layout.dataDirectory as NSString).appendingPathComponent("logs")
    try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
    _ = try ServiceCredential.loadOrCreate(path: layout.credentialFile)
    for service in services {
      let path = (binDirectory as NSString).appendingPathComponent(service.executable)
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw StartError(description: "\(path) not found; build first with `swift build -c release`")
      }
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
      let name = service.name
      process.terminationHandler = { [weak self] finished in
        guard let self, !self.stopping.withLock({ $0 }) else { return }
        self.exitContinuation.yield(ChildExit(service: name, status: finished.terminationStatus, logFile: logFile))
      }
      try process.run()
      children.withLock { $0.append(Child(service: service, process: process, logFile: logFile)) }
      progress("started \(service.executable) (pid \(process.processIdentifier)) on \(service.address(in: layout))")
      try await waitUntilServing(service, process: process, logFile: logFile, timeout: timeout)
      progress("\(service.executable) is serving")
    }
  }

  /// The first child that exits without being asked to.
  public func nextUnexpectedExit() async -> ChildExit? {
    var iterator = exits.makeAsyncIterator()
    return await iterator.next()
  }

  public func pid(of service: String) -> Int32? {
    children.withLock { $0.first { $0.service.name == service }?.process.processIdentifier }
  }

  /// Exit status of each child that has stopped (after `stop`, all of them).
  public func exitStatuses() -> [String: Int32] {
    children.withLock { children in
      Dictionary(uniqueKeysWithValues: children.filter { !$0.process.isRunning }.map {
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
    while ContinuousClock.now < deadline {
      if !process.isRunning {
        throw StartError(description: "\(service.executable) exited with status \(process.terminationStatus) during start-up:\n" + Self.tail(of: logFile))
      }
      if await HealthProbe.check(address, timeout: .milliseconds(500), security: security).serving { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw StartError(description: "\(service.executable) was not serving on \(address) within \(timeout):\n" + Self.tail(of: logFile))
  }

  /// The last lines of a log, for error messages.
  public static func tail(of path: String, lines: Int = 15) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "(no log at \(path))" }
    return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
  }
}
