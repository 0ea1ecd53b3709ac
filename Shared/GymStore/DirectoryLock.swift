import Foundation
import Synchronization

/// A service's claim on its files in a data directory: an exclusive `flock` on
/// `<directory>/<service>.lock`, taken before the database is opened and held for the
/// life of the process (the kernel lets go when the process ends, even by kill -9).
/// A second process for the same service and directory, and `gymctl restore`, find it
/// held and stop: two writers of one SQLite file, or a restore renamed under a live one,
/// lose data. Lock files are never deleted; removing one would let two holders exist.
public final class DirectoryLock: Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public enum Kind: Sendable { case held, io }
    public var kind: Kind
    public var description: String
  }

  public let service: String
  public let path: String
  private let descriptor: Mutex<Int32?>

  private init(service: String, path: String, descriptor: Int32) {
    self.service = service
    self.path = path
    self.descriptor = Mutex(descriptor)
  }

  /// The lock file of `service` in `directory`.
  public static func path(service: String, in directory: String) -> String {
    (directory as NSString).appendingPathComponent("\(service).lock")
  }

  /// Takes the lock without waiting; throws `.held` when anyone else has it (another
  /// process, or another acquisition in this one). The directory is created owner-only
  /// when missing.
  public static func acquire(service: String, in directory: String) throws -> DirectoryLock {
    if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw Failure(kind: .io, description: "cannot create the data directory \(directory): \(error.localizedDescription)")
      }
    }
    let path = Self.path(service: service, in: directory)
    // Close-on-exec: a child (gymctl up's services) must not inherit and keep the lock.
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw Failure(kind: .io, description: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno
      let holder = Self.holder(of: path)
      close(fd)
      guard reason == EWOULDBLOCK else {
        throw Failure(kind: .io, description: "cannot lock \(path): \(String(cString: strerror(reason)))")
      }
      throw Failure(
        kind: .held,
        description: "the data directory \(directory) is locked for \(service)\(holder.map { " by process \($0)" } ?? ""): "
          + "another gym-\(service) runs on it, or gymctl restore is writing to it; stop that first, or give this one another data directory")
    }
    // Who holds it, for the message another process prints.
    let pid = Data("\(getpid())\n".utf8)
    _ = ftruncate(fd, 0)
    _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    return DirectoryLock(service: service, path: path, descriptor: fd)
  }

  /// Lets go; later calls do nothing.
  public func release() {
    descriptor.withLock { fd in
      guard let open = fd else { return }
      close(open)  // drops the flock
      fd = nil
    }
  }

  deinit { release() }

  private static func holder(of path: String) -> Int32? {
    // Only for the message naming the holder: an unreadable lock file names none.
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
