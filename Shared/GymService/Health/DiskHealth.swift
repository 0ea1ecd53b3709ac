import Foundation
import GymStore
import Logging
import Synchronization

/// Whether the process can write to its data directory. A full disk is a state of the
/// server, not a crash: writes answer RESOURCE_EXHAUSTED while reads go on, and health
/// reports it under the name `disk` (NOT_SERVING while writes fail) while the process
/// itself stays SERVING, so orchestrators keep routing reads to it and do not restart it.
///
/// A small file written and synced in the data directory is the probe: every
/// `interval`, and at every health tick after a request hit a storage fault, until a
/// probe succeeds again.
public final class DiskHealth: Sendable {
  /// The `grpc.health.v1` name that reports the disk.
  public static let healthName = "disk"
  /// Bytes each probe writes: a few SQLite pages, the least a commit needs.
  static let probeBytes = 16 * 1024

  private struct State {
    var full = false
    /// A request failed on the disk since the last probe.
    var suspect = false
    var lastProbe: ContinuousClock.Instant?
  }

  public let directory: String
  private let interval: Duration
  private let logger: Logger
  private let state = Mutex(State())

  public init(directory: String, interval: Duration, logger: Logger) {
    self.directory = directory
    self.interval = interval
    self.logger = logger
  }

  /// A request (or worker) failed with `fault`: the next health tick probes.
  public func note(_ fault: StorageFault) {
    state.withLock { $0.suspect = true }
  }

  /// True while the disk is full; probes first when one is due.
  public func check(now: ContinuousClock.Instant = .now) -> Bool {
    let due = state.withLock { state in
      state.full || state.suspect || state.lastProbe.map { now - $0 >= interval } ?? true
    }
    guard due else { return state.withLock { $0.full } }
    let failure = Self.probe(in: directory)
    let (was, isFull) = state.withLock { state in
      let was = state.full
      state.full = failure != nil
      state.suspect = false
      state.lastProbe = now
      return (was, state.full)
    }
    if isFull != was {
      if let failure {
        logger.error("disk full: writes fail until space is freed; reads go on", metadata: ["directory": "\(directory)", "error": "\(failure)"])
      } else {
        logger.info("disk has space again; writes resume", metadata: ["directory": "\(directory)"])
      }
    }
    return isFull
  }

  /// nil when `probeBytes` could be written and synced in `directory`; else why not.
  static func probe(in directory: String) -> String? {
    let path = (directory as NSString).appendingPathComponent(".disk-probe")
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return "open: \(String(cString: strerror(errno)))" }
    defer {
      close(fd)
      unlink(path)
    }
    let bytes = [UInt8](repeating: 0, count: probeBytes)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
      if result < 0 {
        if errno == EINTR { continue }
        return "write: \(String(cString: strerror(errno)))"
      }
      written += result
    }
    if fsync(fd) != 0 { return "fsync: \(String(cString: strerror(errno)))" }
    return nil
  }
}
