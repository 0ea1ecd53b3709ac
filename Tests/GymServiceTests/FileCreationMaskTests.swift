import Foundation
import GymTesting
import Testing

@testable import GymService

/// The tests that set the process's umask, one at a time: it is one value for the whole
/// test process, and two of them side by side would each see the other's.
@Suite(.serialized) enum UmaskChanging {}

extension UmaskChanging {
  /// What every gym process does first (`GymMain.run`, `gymctl`): owner-only files.
  @Suite struct FileCreationMaskTests {
    @Test func afterStartUpEveryNewFileAndDirectoryIsTheOwnersAlone() throws {
      let previous = umask(0o022)
      defer { _ = umask(previous) }
      #expect(FileCreationMask.restrictToOwner() == 0o022)
      #expect(FileCreationMask.current == FileCreationMask.ownerOnly)

      let directory = try temporaryDirectory("gym-umask")
      let file = directory + "/plain.txt"
      #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
      #expect(try SecretFile.permissions(of: file) == 0o600)
      let folder = directory + "/attachments"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      #expect(try SecretFile.permissions(of: folder) == 0o700)
    }
  }
}
