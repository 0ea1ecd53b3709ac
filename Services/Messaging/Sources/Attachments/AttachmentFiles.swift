import Crypto
import Foundation

/// Attachment bytes on disk beside the database, named by their SHA-256 (the same file
/// uploaded twice is stored once). A file is written to a temporary name while it
/// arrives and renamed into place once complete, so a reader never sees half a file.
public struct AttachmentFiles: Sendable {
  public let directory: String

  public init(directory: String) throws {
    self.directory = directory
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// A file being written.
  final class Upload {
    let temporaryPath: String
    private let handle: FileHandle
    private var hasher = SHA256()
    private(set) var size = 0
    private(set) var head: [UInt8] = []

    init(directory: String) throws {
      temporaryPath = (directory as NSString).appendingPathComponent(".upload-\(UUID().uuidString)")
      guard FileManager.default.createFile(atPath: temporaryPath, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
      }
      handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporaryPath))
    }

    func append(_ bytes: [UInt8]) throws {
      if head.count < MediaType.headLength { head += bytes.prefix(MediaType.headLength - head.count) }
      hasher.update(data: bytes)
      try handle.write(contentsOf: bytes)
      size += bytes.count
    }

    /// Flushes to disk and returns the hex digest.
    func finish() throws -> String {
      try handle.synchronize()
      try handle.close()
      return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    func discard() {
      // An abandoned upload: the temporary file goes if it can; the cleaner removes stray ones.
      try? handle.close()
      try? FileManager.default.removeItem(atPath: temporaryPath)
    }
  }

  func startUpload() throws -> Upload { try Upload(directory: directory) }

  /// A finished upload of a picture written again without its metadata
  /// (`ImageMetadata`), or nil when it had none: then the upload is kept as it is.
  func withoutMetadata(_ upload: Upload, type: String) throws -> Upload? {
    guard ImageMetadata.types.contains(type) else { return nil }
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: upload.temporaryPath)))
    let stripped = try ImageMetadata.stripped(original, type: type)
    guard stripped != original else { return nil }
    let clean = try startUpload()
    do {
      try clean.append(stripped)
    } catch {
      clean.discard()
      throw error
    }
    return clean
  }

  /// Moves a finished upload to its content address (or drops it when that file exists).
  func keep(temporaryPath: String, sha256: String) throws {
    let destination = path(sha256: sha256)
    if FileManager.default.fileExists(atPath: destination) {
      // The same bytes are stored already; a leftover temporary file only takes space.
      try? FileManager.default.removeItem(atPath: temporaryPath)
    } else {
      try FileManager.default.moveItem(atPath: temporaryPath, toPath: destination)
    }
  }

  /// Deletes a stored file; one already gone is fine.
  func remove(sha256: String) throws {
    let file = path(sha256: sha256)
    guard FileManager.default.fileExists(atPath: file) else { return }
    try FileManager.default.removeItem(atPath: file)
  }

  func path(sha256: String) -> String { (directory as NSString).appendingPathComponent(sha256) }
}
