import Foundation
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// Started from a shell with a permissive umask, the stack's processes still create
  /// every file and folder for their own user alone: databases and their WAL, signing
  /// keys, attachments.
  @Test func everyFileTheServicesCreateIsOwnerOnly() async throws {
    let data = try temporaryDirectory("gym-modes")
    // The processes inherit the umask when they are started; it is set back once they run.
    let previous = umask(0o022)
    defer { _ = umask(previous) }
    try await Self.withStack(dataDirectory: data) { _, _ in
      _ = umask(previous)
      let created = try Self.createdByTheServices(in: data)
      #expect(created.contains { $0.hasSuffix(".sqlite") })
      for path in created {
        let mode = try SecretFile.permissions(of: path)
        #expect(mode & 0o077 == 0, "\(path) has mode \(String(mode, radix: 8))")
      }
    }
  }

  /// `gymctl tls init --force` over keys someone made readable: the new keys are not.
  @Test func replacedTLSKeysAreOwnerOnly() throws {
    let directory = TLSDirectory(path: try temporaryDirectory("gym-tls") + "/tls")
    try directory.create(hosts: [])
    for key in [directory.caKeyFile, directory.gatewayKeyFile, directory.internalKeyFile] {
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
    }
    try directory.create(hosts: [])
    for key in [directory.caKeyFile, directory.gatewayKeyFile, directory.internalKeyFile] {
      #expect(try SecretFile.permissions(of: key) == 0o600, "\(key)")
    }
    #expect(try SecretFile.permissions(of: directory.caFile) == 0o644)
  }

  /// Every path under the data directory but the supervisor's own logs (written by this
  /// test process, under its umask).
  static func createdByTheServices(in data: String) throws -> [String] {
    let relative = try FileManager.default.subpathsOfDirectory(atPath: data)
    return relative.filter { $0 != "logs" && !$0.hasPrefix("logs/") }.map { (data as NSString).appendingPathComponent($0) }
  }
}
