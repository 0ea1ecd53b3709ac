import Foundation
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
