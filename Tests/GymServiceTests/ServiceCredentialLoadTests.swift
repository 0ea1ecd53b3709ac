import Foundation
import GymTesting
import Testing

@testable import GymService

/// Loading the service credential says what is wrong: a missing file sends the operator
/// to create one; a file that is there but cannot be read is not called missing.
@Suite struct ServiceCredentialLoadTests {
  @Test func aMissingCredentialSaysHowToCreateOne() throws {
    let path = try temporaryDirectory("gym-credential") + "/service-credential"
    let error = try #require(throws: ConfigError.self) { _ = try ServiceCredential.load(path: path) }
    #expect(error.description.contains("no service credential at \(path)"))
  }

  @Test func aCredentialThatCannotBeReadIsNotCalledMissing() throws {
    // A directory at the path exists but is no readable file, whoever runs the test.
    let path = try temporaryDirectory("gym-credential") + "/service-credential"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let error = try #require(throws: ConfigError.self) { _ = try ServiceCredential.load(path: path) }
    #expect(error.description.contains("cannot be read"))
    #expect(!error.description.contains("no service credential"))
  }
}
