import ArgumentParser
import Foundation
import GymAPI

/// `gymctl backup [--label L]`: one backup run while the stack keeps serving (the
/// gateway's `OperatorService.Backup`, which needs the service credential): every
/// service writes its part under its own GYM_BACKUP_DIR/RUN_ID (database checked with
/// `PRAGMA integrity_check`, auth's signing keys, messaging's attachments; files 0600 in
/// 0700 directories), then `manifest.json` with every file's size and SHA-256.
struct Backup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Back up every service into one run under the services' backup directory (GYM_BACKUP_DIR).")

  @OptionGroup var stack: StackOptions
  @Option(help: "A name for the run (letters, digits, '-', '_', '.'); the run id is the time, then this.") var label = ""
  @Option(help: .hidden) var dest: String?

  func validate() throws {
    if dest != nil {
      throw ValidationError(
        "--dest is gone: every service writes under its own GYM_BACKUP_DIR (default DATA_DIR/backups); name the run with --label")
    }
  }

  func run() async throws {
    let result = try await OperatorCall.with(.gateway, stack) { client in
      try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).backup(.with { $0.label = label })
    }
    if stack.json {
      try Output.json(result)
    } else {
      Output.table(
        ["SERVICE", "FILES", "SIZE", "DIRECTORY", "ERROR"],
        result.backups.map {
          [
            $0.name, $0.error.isEmpty ? "\($0.files.count)" : "-", $0.error.isEmpty ? Output.bytes($0.sizeBytes) : "-",
            $0.directory.isEmpty ? "-" : $0.directory, $0.error,
          ]
        })
      print(
        result.complete
          ? "run \(result.runID) is complete; restore it with: gymctl restore --run \(result.runID)"
          : "run \(result.runID) is incomplete and was removed; nothing of it can be restored")
    }
    if !result.complete { throw ExitCode.failure }
  }
}
