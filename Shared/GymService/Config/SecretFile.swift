import Foundation

/// Files that hold secrets: auth's signing keys, the service credential, TLS private
/// keys. Each is created owner-only (0600) by the very `open` that creates it, so not
/// one byte is readable by others even for a moment, whatever the umask; and with
/// `O_EXCL`, so it is never written through a file or a symbolic link already there.
public enum SecretFile {
  /// Writes `data` to a new file at `path`, flushed to disk; refuses when anything is
  /// there already (a concurrent writer, a planted link).
  public static func write(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SecretFileError(path: path, action: "create", code: errno) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: data)
      try handle.synchronize()
      try handle.close()
    } catch {
      // Half a key is worse than none: the next start would read it.
      _ = unlink(path)
      throw SecretFileError(path: path, action: "write", description: "\(error)")
    }
  }

  /// Writes `data` to `path` whole, replacing any file there: written as a new
  /// owner-only file beside it, then renamed over it, so a reader sees the old
  /// contents or the new, never a mix, and the old file's mode is not inherited.
  public static func replace(at path: String, with data: Data) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let name = ".\((path as NSString).lastPathComponent).\(UUID().uuidString.prefix(8)).partial"
    let temporary = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
    try write(data, to: temporary)
    guard rename(temporary, path) == 0 else {
      let code = errno
      _ = unlink(temporary)
      throw SecretFileError(path: path, action: "replace", code: code)
    }
  }

  /// The permission bits of the file at `path` (for checks and tests).
  public static func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    // 0 would read as "private": a file system that reports no mode is an error instead.
    guard let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue else {
      throw SecretFileError(path: path, action: "read the mode of", description: "the file system reports none")
    }
    return mode
  }
}

/// A secret file that could not be created or written, and why.
public struct SecretFileError: Error, CustomStringConvertible, Equatable {
  public let path: String
  public let action: String
  public let description: String
  /// `EEXIST` when `SecretFile.write` found something at the path.
  public let code: Int32?

  init(path: String, action: String, code: Int32) {
    self.path = path
    self.action = action
    self.code = code
    self.description = "cannot \(action) \(path): \(String(cString: strerror(code)))"
  }

  init(path: String, action: String, description: String) {
    self.path = path
    self.action = action
    self.code = nil
    self.description = "cannot \(action) \(path): \(description)"
  }

  public var alreadyExists: Bool { code == EEXIST }
}
