import Foundation
import GRPCCore
import GymStore
import GymVersion
import Logging
import ServiceLifecycle

/// The thin entry point every executable shares: `--help`, `--version`, configuration errors as a
/// clear message and exit code 2, logging, run until a signal, close, exit.
public enum GymMain {
  public static func run(
    process: String,
    keys: [ConfigKey],
    build: (Config, Logger) async throws -> BuiltProcess
  ) async -> Never {
    // Before anything is opened or written: every file the process creates is its own.
    FileCreationMask.restrictToOwner()
    // A log on a closed pipe is a failed write (dropped and counted), not a signal that
    // ends the process.
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      print(Config.usage(process: process, keys: keys))
      exit(0)
    }
    if arguments.contains("--version") {
      print(BuildVersion.description)
      exit(0)
    }
    if arguments.first == "health" {
      exit(await healthCheck(process: process, arguments: Array(arguments.dropFirst())))
    }
    let config: Config
    do {
      config = try Config(keys: keys)
    } catch {
      say("\(process): \(error)")
      exit(2)
    }
    // The keys have defaults, so reading them cannot fail; an unknown level logs at info.
    let formatName = (try? config.string(CommonKeys.logFormat)) ?? "logfmt"
    guard let format = StructuredLogHandler.Format(rawValue: formatName) else {
      say("\(process): GYM_LOG_FORMAT=\(formatName) must be logfmt or json")
      exit(2)
    }
    StructuredLogHandler.bootstrap(service: process, level: (try? config.string(CommonKeys.logLevel)) ?? "info", format: format)
    let logger = Logger(label: process)
    do {
      // Before anything is built: databases and clients see whether spans are wanted.
      let tracing = try TraceExport.bootstrap(process: process, endpoint: try config.string(CommonKeys.otlpEndpoint), logger: logger)
      CallOptions.internalCallTimeout = .seconds(try config.int(CommonKeys.internalCallTimeout, in: 1...600))
      let built = try await build(config, logger)
      try await built.server.run((tracing.map { [$0] } ?? []) + built.services)
      try built.close()
      finish(0)
    } catch let error as ConfigError {
      say("\(process): \(error)")
      finish(2)
    } catch let error as DirectoryLock.Failure {
      // Another process owns the data: said in one line, before anything was opened.
      say("\(process): cannot start: \(error)")
      finish(1)
    } catch {
      logger.critical("stopped with an error", metadata: ["error": "\(String(reflecting: error))"])
      finish(1)
    }
  }

  /// `gym-auth health [--addr HOST:PORT]`: exit 0 only when the process at the address
  /// (else GYM_HEALTH_ADDR) reports SERVING, 1 otherwise: the container health check of
  /// an image that holds one executable, no shell and no gymctl.
  private static func healthCheck(process: String, arguments: [String]) async -> Int32 {
    var address = ProcessInfo.processInfo.environment["GYM_HEALTH_ADDR"]
    if arguments.count == 2, arguments[0] == "--addr" {
      address = arguments[1]
    } else if !arguments.isEmpty {
      say("usage: \(process) health [--addr HOST:PORT]")
      return 2
    }
    guard let address, let target = HostPort(address) else {
      say("\(process) health: give --addr HOST:PORT (or GYM_HEALTH_ADDR), e.g. 127.0.0.1:7001")
      return 2
    }
    let result = await HealthProbe.check(target)
    let status = result.status.map { "\($0)".uppercased() } ?? "DOWN: \(result.error ?? "no answer")"
    print(result.serving ? "SERVING" : status)
    return result.serving ? 0 : 1
  }

  /// One line straight to stderr, after the queued log lines; a failed write is ignored.
  private static func say(_ line: String) {
    LogOutput.standardError.flush(timeout: .seconds(1))
    LogOutput.writeAll(Array((line + "\n").utf8), to: STDERR_FILENO)
  }

  /// Exits once the queued log lines are written, or a moment later if they cannot be.
  private static func finish(_ status: Int32) -> Never {
    LogOutput.standardError.flush(timeout: .seconds(2))
    exit(status)
  }
}
