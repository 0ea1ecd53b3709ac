import Foundation
import GymStore
import Logging
import ServiceLifecycle

/// The thin entry point every executable shares: `--help`, configuration errors as a
/// clear message and exit code 2, logging, run until a signal, close, exit.
public enum GymMain {
  public static func run(
    process: String,
    keys: [ConfigKey],
    build: (Config, Logger) async throws -> BuiltProcess
  ) async -> Never {
    // Before anything is opened or written: every file the process creates is its own.
    FileCreationMask.restrictToOwner()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      print(Config.usage(process: process, keys: keys))
      exit(0)
    }
    let config: Config
    do {
      config = try Config(keys: keys)
    } catch {
      FileHandle.standardError.write(Data("\(process): \(error)\n".utf8))
      exit(2)
    }
    StructuredLogHandler.bootstrap(service: process, level: (try? config.string(CommonKeys.logLevel)) ?? "info")
    let logger = Logger(label: process)
    do {
      let built = try await build(config, logger)
      try await built.server.run(built.services)
      try built.close()
      exit(0)
    } catch let error as ConfigError {
      FileHandle.standardError.write(Data("\(process): \(error)\n".utf8))
      exit(2)
    } catch let error as DirectoryLock.Failure {
      // Another process owns the data: said in one line, before anything was opened.
      FileHandle.standardError.write(Data("\(process): cannot start: \(error)\n".utf8))
      exit(1)
    } catch {
      logger.critical("stopped with an error", metadata: ["error": "\(String(reflecting: error))"])
      exit(1)
    }
  }
}
