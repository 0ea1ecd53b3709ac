import Crypto
import Foundation

/// What one backup run holds, written as `manifest.json` in the run's directory once
/// every service's copies are in place, and checked file by file before a restore: a
/// run without a manifest is incomplete and is never restored.
public struct BackupManifest: Codable, Sendable, Equatable {
  public static let fileName = "manifest.json"
  public static let currentFormat = 1

  /// One file of the run, by its path relative to the run's directory.
  public struct File: Codable, Sendable, Equatable {
    /// `<service>/<service>.sqlite` or `<service>/<directory>/<name>`.
    public var path: String
    public var sizeBytes: Int64
    /// Lower-case hex.
    public var sha256: String

    public init(path: String, sizeBytes: Int64, sha256: String) {
      self.path = path
      self.sizeBytes = sizeBytes
      self.sha256 = sha256
    }

    enum CodingKeys: String, CodingKey {
      case path
      case sizeBytes = "size_bytes"
      case sha256
    }
  }

  /// One service's part: its database, and directories restored whole (listed even when
  /// empty, so a restore empties them too).
  public struct Service: Codable, Sendable, Equatable {
    public var files: [File]
    public var directories: [String]

    public init(files: [File], directories: [String]) {
      self.files = files
      self.directories = directories
    }
  }

  public var format: Int
  public var runID: String
  public var createdAt: Date
  /// By service name ("auth", "catalog", …).
  public var services: [String: Service]

  public init(runID: String, createdAt: Date, services: [String: Service]) {
    self.format = Self.currentFormat
    self.runID = runID
    self.createdAt = createdAt
    self.services = services
  }

  enum CodingKeys: String, CodingKey {
    case format
    case runID = "run_id"
    case createdAt = "created_at"
    case services
  }

  /// Pretty, sorted JSON with ISO 8601 instants: the same manifest is the same bytes.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(self)
  }

  /// Parses a manifest and checks that every path in it stays inside the run: a
  /// manifest is read from disk, and a restore copies what it names.
  public static func decode(_ data: Data) throws -> BackupManifest {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let manifest: BackupManifest
    do {
      manifest = try decoder.decode(BackupManifest.self, from: data)
    } catch {
      throw BackupFailure(kind: .damaged, description: "the manifest is not valid JSON of a backup run: \(error)")
    }
    guard manifest.format == currentFormat else {
      throw BackupFailure(
        kind: .damaged, description: "the manifest's format \(manifest.format) is not \(currentFormat); use the gymctl of the release that wrote it")
    }
    if let problem = BackupName.problem(with: manifest.runID) {
      throw BackupFailure(kind: .damaged, description: "the manifest's run_id \(manifest.runID) \(problem)")
    }
    for (name, service) in manifest.services {
      guard BackupName.problem(with: name) == nil else {
        throw BackupFailure(kind: .damaged, description: "the manifest names a service '\(name)' that is no plain name")
      }
      for directory in service.directories where BackupName.problem(with: directory) != nil {
        throw BackupFailure(kind: .damaged, description: "the manifest names a directory '\(directory)' of \(name) that is no plain name")
      }
      for file in service.files {
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let inside =
          parts.first == name && parts.allSatisfy { BackupName.problem(with: $0) == nil }
          && (parts.count == 2 || (parts.count == 3 && service.directories.contains(parts[1])))
        guard inside else {
          throw BackupFailure(kind: .damaged, description: "the manifest lists \(file.path), which is not a file of \(name)'s part of the run")
        }
      }
    }
    return manifest
  }

  /// The manifest of the run in `runDirectory`.
  public static func read(runDirectory: String) throws -> BackupManifest {
    let path = (runDirectory as NSString).appendingPathComponent(fileName)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BackupFailure(
        kind: .missing,
        description: "no \(fileName) in \(runDirectory): it is not a backup run, or the run is incomplete (a service's copy failed) and cannot be restored")
    }
    return try decode(data)
  }

  /// Every file of the run is there with the size and SHA-256 listed; throws on the
  /// first that is not.
  public func verify(runDirectory: String) throws {
    for (_, service) in services.sorted(by: { $0.key < $1.key }) {
      for file in service.files {
        let path = (runDirectory as NSString).appendingPathComponent(file.path)
        let actual: File
        do {
          actual = try Self.describe(path, as: file.path)
        } catch {
          throw BackupFailure(kind: .damaged, description: "\(path) is missing or unreadable: \(error)")
        }
        guard actual.sizeBytes == file.sizeBytes, actual.sha256 == file.sha256 else {
          throw BackupFailure(
            kind: .damaged,
            description: "\(path) does not match the manifest (\(actual.sizeBytes) bytes, SHA-256 \(actual.sha256.prefix(12))…; "
              + "listed \(file.sizeBytes) bytes, \(file.sha256.prefix(12))…): the backup was changed or damaged")
        }
      }
    }
  }

  /// A file's size and SHA-256, read in 1 MiB pieces.
  public static func describe(_ path: String, as relativePath: String) throws -> File {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw PrivateFiles.failure("open \(path)") }
    // Closing a file that was only read cannot lose anything.
    defer { try? handle.close() }
    var hasher = SHA256()
    var size: Int64 = 0
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      hasher.update(data: chunk)
      size += Int64(chunk.count)
    }
    return File(path: relativePath, sizeBytes: size, sha256: PrivateFiles.hex(hasher.finalize()))
  }
}
