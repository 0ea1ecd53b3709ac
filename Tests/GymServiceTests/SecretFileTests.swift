import Foundation
import GymTesting
import Testing

@testable import GymService

extension UmaskChanging {
  /// Secrets are owner-only from the first byte, whatever the umask, and never written
  /// through something already at their path.
  @Suite struct SecretFileTests {
    /// Runs `body` under the permissive umask of a typical shell, then puts the old one back.
    static func underPermissiveUmask<T>(_ body: () throws -> T) rethrows -> T {
      let previous = umask(0o022)
      defer { _ = umask(previous) }
      return try body()
    }

    @Test func aSecretIsOwnerOnlyUnderAPermissiveUmask() throws {
      let directory = try temporaryDirectory("gym-secret")
      let path = directory + "/signing.key"
      try Self.underPermissiveUmask { try SecretFile.write(Data("secret".utf8), to: path) }
      #expect(try SecretFile.permissions(of: path) == 0o600)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "secret")
    }

    @Test func aSecretIsNeverWrittenThroughWhatIsAlreadyThere() throws {
      let directory = try temporaryDirectory("gym-secret")
      let elsewhere = directory + "/elsewhere"
      #expect(FileManager.default.createFile(atPath: elsewhere, contents: Data("keep".utf8)))
      let planted = directory + "/service-credential"
      try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: elsewhere)
      do {
        try SecretFile.write(Data("secret".utf8), to: planted)
        Issue.record("a secret was written through an existing link")
      } catch let error as SecretFileError {
        #expect(error.alreadyExists)
      }
      #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "keep")
    }

    @Test func aReplacedSecretIsANewOwnerOnlyFile() throws {
      let directory = try temporaryDirectory("gym-secret")
      let path = directory + "/gateway-key.pem"
      #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644]))
      try Self.underPermissiveUmask { try SecretFile.replace(at: path, with: Data("new".utf8)) }
      #expect(try SecretFile.permissions(of: path) == 0o600)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
      // Nothing half-written is left beside it.
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["gateway-key.pem"])
    }

    @Test func theServiceCredentialIsCreatedOwnerOnlyAndKeptWhenThere() throws {
      let directory = try temporaryDirectory("gym-secret")
      let path = directory + "/data/service-credential"
      let created = try Self.underPermissiveUmask { try ServiceCredential.loadOrCreate(path: path) }
      #expect(try SecretFile.permissions(of: path) == 0o600)
      #expect(try SecretFile.permissions(of: directory + "/data") & 0o077 == 0)
      let again = try ServiceCredential.loadOrCreate(path: path)
      #expect(again.secret == created.secret)
    }
  }
}
