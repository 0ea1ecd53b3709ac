import Foundation
import GymTesting

/// A small tmpfs the test mounts (as root) so a service's disk can be filled in
/// moments without touching the machine's disks.
enum TmpfsMount {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Whether this machine lets the test mount one (root, with the capability to mount):
  /// tried once with a tiny one.
  static let permitted: Bool = {
    guard geteuid() == 0, let directory = try? temporaryDirectory("gym-tmpfs-check") else { return false }
    guard (try? mount(directory, sizeMiB: 1)) != nil else { return false }
    return (try? unmount(directory)) != nil
  }()

  /// A fresh directory with a tmpfs of `sizeMiB` mounted on it for the length of `body`;
  /// unmounted however `body` ends.
  static func with<T: Sendable>(sizeMiB: Int, _ body: (String) async throws -> T) async throws -> T {
    let directory = try temporaryDirectory("gym-full-disk")
    try mount(directory, sizeMiB: sizeMiB)
    let result: T
    do {
      result = try await body(directory)
    } catch {
      try? unmount(directory)
      throw error
    }
    try unmount(directory)
    return result
  }

  /// Writes zeros to `path` until the file system has no room left; the bytes written.
  static func fill(_ path: String) throws -> Int {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw Failure(description: "open \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var total = 0
    // Large chunks first, then small ones for the last pages.
    for size in [1 << 20, 4096, 512] {
      let chunk = [UInt8](repeating: 0, count: size)
      while true {
        let written = chunk.withUnsafeBytes { write(fd, $0.baseAddress, size) }
        if written > 0 {
          total += written
          continue
        }
        if written < 0 && errno == EINTR { continue }
        if written < 0 && errno != ENOSPC { throw Failure(description: "write \(path): \(String(cString: strerror(errno)))") }
        break
      }
    }
    return total
  }

  private static func mount(_ directory: String, sizeMiB: Int) throws {
    try run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeMiB)m,mode=0700", "tmpfs", directory])
  }

  /// A file still open (a child that outlived its stop) keeps it busy: then it is
  /// detached at once and freed when the last file closes.
  private static func unmount(_ directory: String) throws {
    do {
      try run("/usr/bin/umount", [directory])
    } catch {
      try run("/usr/bin/umount", ["-l", directory])
    }
  }

  private static func run(_ path: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(path) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
    }
  }
}
