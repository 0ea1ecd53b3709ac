import Crypto
import Foundation
import GymService

/// Ed25519 signing keys kept in `<data dir>/signing-keys/<kid>.key` (base64 of the raw
/// private key, owner-only permissions). The newest key signs; every key in the folder
/// is published, so adding a new file rotates without invalidating live tokens.
public struct SigningKeyStore: Sendable {
  public struct Key: Sendable {
    public var kid: String
    public var privateKey: Curve25519.Signing.PrivateKey
    public var createdAt: Date
  }

  public let directory: String

  public init(dataDirectory: String) {
    self.directory = (dataDirectory as NSString).appendingPathComponent("signing-keys")
  }

  /// Loads every key, creating the first one on first start.
  public func loadOrCreate() throws -> [Key] {
    let fm = FileManager.default
    try fm.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try fm.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
    var keys = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".key") }.sorted().map { name in
      try load(name: name)
    }
    if keys.isEmpty { keys = [try create()] }
    return keys
  }

  /// Writes a new key; it becomes the signing key at the next start.
  @discardableResult
  public func create() throws -> Key {
    let key = Curve25519.Signing.PrivateKey()
    let kid = ID.make()
    let path = (directory as NSString).appendingPathComponent("\(kid).key")
    let contents = Data(key.rawRepresentation.base64EncodedString().utf8)
    do {
      try SecretFile.write(contents, to: path)
    } catch {
      throw SigningKeyError(message: "cannot write signing key to \(path): \(error)")
    }
    return Key(kid: kid, privateKey: key, createdAt: Date())
  }

  private func load(name: String) throws -> Key {
    let path = (directory as NSString).appendingPathComponent(name)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    if let mode = attributes[.posixPermissions] as? NSNumber, mode.intValue & 0o077 != 0 {
      throw SigningKeyError(message: "\(path) is readable by others (mode \(String(mode.intValue, radix: 8))); run chmod 600")
    }
    let text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let raw = Data(base64Encoded: text), let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
      throw SigningKeyError(message: "\(path) does not hold a base64 Ed25519 private key")
    }
    return Key(kid: String(name.dropLast(4)), privateKey: key, createdAt: attributes[.creationDate] as? Date ?? Date())
  }
}

public struct SigningKeyError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
