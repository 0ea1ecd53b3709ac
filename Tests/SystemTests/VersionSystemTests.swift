import Foundation
import GymCtl
import GymVersion
import Testing

/// Every executable answers `--version` with the version of the tree it was built from
/// (`git describe --tags --always --dirty`, written by the GitVersion plugin), exit 0.
@Suite struct VersionSystemTests {
  static let executables = [
    "gym-auth", "gym-catalog", "gym-plan", "gym-messaging", "gym-places", "gym-gateway", "gymctl", "gym-bench",
  ]

  /// What git says of the repository now; the build that made the executables ran the same.
  static func gitDescription() throws -> String {
    let (status, output) = try SystemTests.run(
      "/usr/bin/env", ["git", "-C", SystemTests.repositoryRoot, "describe", "--tags", "--always", "--dirty"])
    try #require(status == 0, "git describe failed: \(output)")
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func everyExecutablePrintsTheGitDescription() throws {
    let expected = try Self.gitDescription()
    #expect(!expected.isEmpty)
    #expect(BuildVersion.description == expected, "the tests were built from \(BuildVersion.description)")
    for name in Self.executables {
      let (status, output) = try SystemTests.run(Supervisor.defaultBinDirectory() + "/" + name, ["--version"])
      #expect(status == 0, "\(name) --version exited \(status): \(output.prefix(300))")
      #expect(output == expected + "\n", "\(name) --version printed \(output.prefix(300))")
    }
  }
}
