import ArgumentParser
import Dispatch
import Foundation

/// `gymctl up`: the whole platform on this machine until Ctrl-C.
struct Up: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Start every service on loopback, wait until all are healthy, restart one that exits, stop them all on Ctrl-C.")

  @OptionGroup var stack: StackOptions

  @Option(help: "Directory holding the gym-* executables and their *.resources bundles (default: next to gymctl).")
  var binDir: String?

  @Option(help: "Exits in a row, each within a minute of its start, after which a service is not started again and the platform stops.")
  var restartLimit = 5

  @Flag(help: "Stop the whole platform when any service exits, instead of starting it again.")
  var noRestart = false

  func validate() throws {
    guard restartLimit >= 1 else { throw ValidationError("--restart-limit must be at least 1") }
  }

  func run() async throws {
    // A process that exits is started again after a backoff; the others keep serving.
    let supervisor = Supervisor(
      layout: stack.layout, binDirectory: binDir ?? Supervisor.defaultBinDirectory(),
      restart: noRestart ? nil : Supervisor.RestartPolicy(maximumExitsInARow: restartLimit))
    // Handle Ctrl-C and SIGTERM ourselves so children get a graceful stop.
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    // Progress on a closed pipe is lost, not a reason to stop the platform.
    signal(SIGPIPE, SIG_IGN)
    let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
    let sources = [SIGINT, SIGTERM].map { number in
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(number) }
      source.resume()
      return source
    }
    defer { sources.forEach { $0.cancel() } }

    let json = stack.json
    func say(_ line: String) { GymCtl.say(json: json, line) }
    if let tls = stack.layout.tls, !tls.exists {
      try tls.create(hosts: [])
      say("wrote a development CA and certificates to \(tls.path)")
    }
    let started = ContinuousClock.now
    do {
      try await supervisor.start { GymCtl.say(json: json, $0) }
    } catch {
      say("gymctl: \(error)")
      await supervisor.stop()
      throw ExitCode.failure
    }
    say("all services healthy in \(started.duration(to: .now).formatted(.units(allowed: [.seconds, .milliseconds])))")
    say("gateway listening on \(stack.layout.host):\(stack.layout.basePort)  (data in \(stack.dataDir), logs in \(stack.dataDir)/logs)")
    if let tls = stack.layout.tls { say("TLS on every connection; clients trust \(tls.caFile)") }
    say("press Ctrl-C to stop")

    // Until Ctrl-C, or a service that stays down: given up on, or any exit with --no-restart.
    let failed = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        var iterator = signals.makeAsyncIterator()
        _ = await iterator.next()
        return false
      }
      group.addTask {
        for await exit in supervisor.unexpectedExits {
          GymCtl.say(json: json, "gymctl: \(exit)")
          if exit.restartIn == nil { return true }
        }
        return false
      }
      let failed = await group.next() ?? false
      group.cancelAll()
      return failed
    }
    say(failed ? "stopping the platform: a service stays down" : "stopping…")
    await supervisor.stop()
    continuation.finish()
    say("stopped")
    if failed { throw ExitCode.failure }
  }
}

/// Writes a line straight to stdout (unbuffered) so progress shows at once even when piped.
/// With `--json`, each line is an object: {"message": …}. A line stdout refuses (a full
/// disk, a closed pipe) is lost; the supervisor goes on.
func say(json: Bool = false, _ line: String) {
  let text = json ? Output.jsonLine(["message": line]) : line
  try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
}
