import Crypto
import Foundation

/// The owner-only file work backups and restores share: directories 0700, files 0600
/// created exclusively (never through a file or link already there), every byte flushed
/// before a caller renames or reports it. Backups hold password hashes, messages and
/// signing keys.
enum PrivateFiles {
  /// Creates `path` (0700); one that exists must be a real directory, not a link.
  static func makeDirectory(_ path: String) throws {
    if mkdir(path, 0o700) != 0 {
      guard errno == EEXIST else { throw failure("create the directory \(path)") }
      guard isDirectory(path) else {
        throw BackupFailure(kind: .io, description: "\(path) exists and is not a directory (links are not followed)")
      }
    }
  }

  /// Creates `path` and any missing parents (0700).
  static func makeDirectoryTree(_ path: String) throws {
    guard !isDirectory(path) else { return }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try makeDirectoryTree(parent) }
    try makeDirectory(path)
  }

  /// A real directory (`lstat`: a link to one is not).
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The regular files directly in `directory`, by name, sorted; hidden names (files
  /// still being written, such as `.upload-…`), links and subdirectories left out. A
  /// missing directory has none.
  static func regularFiles(in directory: String) throws -> [String] {
    guard FileManager.default.fileExists(atPath: directory) else { return [] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw BackupFailure(kind: .io, description: "cannot read \(directory): \(error.localizedDescription)")
    }
    return names.sorted().filter { name in
      var info = stat()
      let path = (directory as NSString).appendingPathComponent(name)
      return !name.hasPrefix(".") && lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
  }

  /// Copies `source` to a new file `destination` (0600), flushed; returns its size and
  /// SHA-256, computed from the bytes written.
  static func copy(_ source: String, to destination: String) throws -> (size: Int64, sha256: String) {
    let input = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard input >= 0 else { throw failure("open \(source)") }
    let reader = FileHandle(fileDescriptor: input, closeOnDealloc: true)
    let output = open(destination, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard output >= 0 else { throw failure("create \(destination)") }
    let writer = FileHandle(fileDescriptor: output, closeOnDealloc: true)
    var hasher = SHA256()
    var size: Int64 = 0
    do {
      while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
        try writer.write(contentsOf: chunk)
        hasher.update(data: chunk)
        size += Int64(chunk.count)
      }
      try writer.synchronize()
    } catch {
      throw BackupFailure(kind: .io, description: "cannot copy \(source) to \(destination): \(error.localizedDescription)")
    }
    return (size, hex(hasher.finalize()))
  }

  /// Writes `data` to a new file beside `target` and renames it over `target`, so a reader
  /// sees the old file or the whole new one.
  static func replace(_ target: String, with data: Data) throws {
    let directory = (target as NSString).deletingLastPathComponent
    let temporary = (directory as NSString).appendingPathComponent(
      ".\((target as NSString).lastPathComponent).partial-\(UUID().uuidString.prefix(8))")
    let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("create \(temporary)") }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: data)
      try handle.synchronize()
      guard rename(temporary, target) == 0 else { throw failure("rename \(temporary) to \(target)") }
    } catch {
      // Cleanup after the failure reported below; a stray temporary file is harmless.
      try? FileManager.default.removeItem(atPath: temporary)
      if error is BackupFailure { throw error }
      throw BackupFailure(kind: .io, description: "cannot write \(target): \(error.localizedDescription)")
    }
    try fsync(directory)
  }

  /// Makes a file's bytes, or a directory's entries, durable.
  static func fsync(_ path: String) throws {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure("open \(path)") }
    defer { close(fd) }
    guard Foundation.fsync(fd) == 0 else { throw failure("fsync \(path)") }
  }

  static func hex(_ digest: SHA256.Digest) -> String {
    digest.map { String(format: "%02x", $0) }.joined()
  }

  /// `.io` with the system's reason for the last call that failed.
  static func failure(_ action: String) -> BackupFailure {
    BackupFailure(kind: .io, description: "cannot \(action): \(String(cString: strerror(errno)))")
  }
}
