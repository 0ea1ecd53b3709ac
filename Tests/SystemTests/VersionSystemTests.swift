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

  /// What git says of the repository now.
  static func git(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let (status, output) = try await SystemTests.run("/usr/bin/env", ["git", "-C", SystemTests.repositoryRoot] + arguments)
    return (status, output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The commit a description names: the hash after "-g" (`v1.2-3-gabc1234`), or the
  /// description itself when it is a bare hash; "-dirty" dropped.
  static func commit(of description: String) -> String {
    let clean = description.hasSuffix("-dirty") ? String(description.dropLast("-dirty".count)) : description
    if let range = clean.range(of: "-g", options: .backwards) { return String(clean[range.upperBound...]) }
    return clean
  }

  @Test func everyExecutablePrintsTheGitDescription() async throws {
    let built = BuildVersion.description
    let now = try await Self.git(["describe", "--tags", "--always", "--dirty"])
    try #require(now.status == 0, "git describe failed: \(now.output)")
    if built != now.output {
      // Built before the last commit (a build, then a commit, then tests without a build):
      // the description must still name a commit this tree descends from.
      let ancestor = try await Self.git(["merge-base", "--is-ancestor", Self.commit(of: built), "HEAD"])
      #expect(ancestor.status == 0, "the tests were built from \(built), which names no commit of this history (now \(now.output))")
    }
    for name in Self.executables {
      let (status, output) = try await SystemTests.run(Supervisor.defaultBinDirectory() + "/" + name, ["--version"])
      #expect(status == 0, "\(name) --version exited \(status): \(output.prefix(300))")
      #expect(output == built + "\n", "\(name) --version printed \(output.prefix(300))")
    }
  }
}
