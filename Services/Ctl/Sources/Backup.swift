import ArgumentParser
import Foundation
import GymAPI

/// `gymctl backup --dest DIR`: an online copy of every service's database while the
/// stack keeps serving (the gateway's `OperatorService.Backup`; each copy passed
/// `PRAGMA integrity_check` before it was renamed into place, mode 0600).
struct Backup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Back up every service's database into a directory.")

  @OptionGroup var stack: StackOptions
  @Option(help: "Directory for the copies (created owner-only); relative paths are taken from here.") var dest: String

  func run() async throws {
    let destination = dest.hasPrefix("/") ? dest : FileManager.default.currentDirectoryPath + "/" + dest
    let result = try await OperatorCall.with(.gateway, stack) { client in
      try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).backup(.with { $0.destinationDir = destination })
    }
    if stack.json {
      try Output.json(result)
    } else {
      Output.table(
        ["SERVICE", "FILE", "SIZE", "ERROR"],
        result.backups.map { [$0.name, $0.path.isEmpty ? "-" : $0.path, $0.error.isEmpty ? Output.bytes($0.sizeBytes) : "-", $0.error] })
    }
    if !result.complete { throw ExitCode.failure }
  }
}
