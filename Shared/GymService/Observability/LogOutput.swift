import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Where a process's log lines go: a bounded queue that one thread drains to stderr.
/// Logging never waits on the disk or a pipe and never stops the process: a line that
/// does not fit the queue, or whose write fails (a full disk, a closed pipe), is dropped
/// and counted, and the count is written once lines get through again.
public final class LogOutput: Sendable {
  /// stderr, for the whole process.
  public static let standardError = LogOutput(descriptor: STDERR_FILENO)
  /// Lines waiting beyond this many bytes are dropped (a stalled reader costs at most this).
  public static let capacityBytes = 1 << 20

  private struct State {
    var lines: [String] = []
    var bytes = 0
    /// A batch is being written (flush waits for it too).
    var writing = false
    /// Lines dropped since the last notice of it.
    var unreported = 0
    var dropped = 0
  }

  private let descriptor: Int32
  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)

  init(descriptor: Int32) {
    self.descriptor = descriptor
    let thread = Thread { [self] in drain() }
    thread.name = "log-output"
    thread.start()
  }

  /// Lines dropped since the process started.
  public var dropped: Int { state.withLock { $0.dropped } }

  /// Queues `line` (newline included); drops it when the queue is full.
  public func write(_ line: String) {
    let queued = state.withLock { state in
      guard state.bytes + line.utf8.count <= Self.capacityBytes else {
        state.dropped += 1
        state.unreported += 1
        return false
      }
      state.lines.append(line)
      state.bytes += line.utf8.count
      return true
    }
    if queued { wake.signal() }
  }

  /// Waits up to `timeout` for queued lines to be written (before the process exits).
  public func flush(timeout: Duration) {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if state.withLock({ $0.lines.isEmpty && !$0.writing }) { return }
      usleep(1000)
    }
  }

  private func drain() {
    while true {
      wake.wait()
      let (batch, unreported) = state.withLock { state in
        let batch = state.lines
        state.lines = []
        state.bytes = 0
        state.writing = !batch.isEmpty
        return (batch, state.unreported)
      }
      guard !batch.isEmpty else { continue }
      var text = batch.joined()
      if unreported > 0 {
        text = Self.notice(dropped: unreported) + text
      }
      let written = Self.writeAll(Array(text.utf8), to: descriptor)
      state.withLock { state in
        if written {
          state.unreported -= unreported
        } else {
          state.dropped += batch.count
          state.unreported += batch.count
        }
        state.writing = false
      }
    }
  }

  static func notice(dropped: Int) -> String {
    let now = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    return "ts=\(now) level=warning msg=\"log lines dropped: the log could not be written (disk full, closed pipe) or fell behind\" dropped=\(dropped)\n"
  }

  /// Writes `bytes` to `descriptor` whole; false when the descriptor refused them
  /// (ENOSPC, EPIPE, …). A part already written stays written.
  @discardableResult
  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if result < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += result
    }
    return true
  }
}
