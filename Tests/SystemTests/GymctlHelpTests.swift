import Foundation
import GymCtl
import GymTesting
import Testing

/// Every gymctl command answers `--help` with ArgumentParser's own text and exit 0, and
/// a usage error with its usage and exit 64: never the generic failure line.
@Suite struct GymctlHelpTests {
  static let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"

  /// The subcommand names of a help text's SUBCOMMANDS section.
  static func subcommands(inHelp text: String) -> [String] {
    guard let section = text.range(of: "SUBCOMMANDS:\n") else { return [] }
    return text[section.upperBound...].split(separator: "\n").compactMap { line in
      // Names stand two spaces in; wrapped descriptions stand further in.
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
      return name == "See" ? nil : String(name)
    }
  }

  @Test func everyCommandPrintsItsHelp() async throws {
    var pending: [[String]] = [[]]
    var checked = 0
    while let path = pending.popLast() {
      let (status, output) = try await SystemTests.run(Self.gymctl, path + ["--help"])
      #expect(status == 0, "gymctl \(path.joined(separator: " ")) --help exited \(status)")
      #expect(output.contains("USAGE: gymctl") && !output.contains("CommandError"), "\(path): \(output.prefix(300))")
      pending += Self.subcommands(inHelp: output).map { path + [$0] }
      checked += 1
    }
    #expect(checked > 20, "every command and subcommand was asked (\(checked))")
  }

  @Test func aUsageErrorPrintsTheUsage() async throws {
    let (status, output) = try await SystemTests.run(Self.gymctl, ["users", "--no-such-option"])
    #expect(status == 64)
    #expect(output.contains("Unknown option '--no-such-option'") && output.contains("Usage: gymctl users"))
    #expect(!output.contains("CommandError"))
  }
}
