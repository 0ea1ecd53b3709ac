import GymService
import GymTesting
import NIOCore
import Synchronization

/// A TCP relay between the gateway and a backend that can hold the backend's bytes back
/// (as a slow network holds answers in flight) and counts the HTTP/2 RST_STREAM frames
/// the gateway sends: a test can make answers arrive after the gateway reset their streams.
final class HoldingRelay: Sendable {
  private let holding = Atomic(false)
  private let resets = Atomic(0)
  /// Bytes towards the client still let through before holding starts by itself.
  private let allowance = Atomic(Int.max)

  /// Backend bytes wait while held; they arrive in order once released.
  func hold() { holding.store(true, ordering: .relaxed) }
  /// Holds once `bytes` more have gone through: a connection's set-up and a call's first
  /// answer pass, however late the test gets to hold it.
  func hold(after bytes: Int) { allowance.store(bytes, ordering: .relaxed) }
  func release() {
    allowance.store(Int.max, ordering: .relaxed)
    holding.store(false, ordering: .relaxed)
  }
  /// RST_STREAM frames the gateway has sent the backend.
  var resetsSent: Int { resets.load(ordering: .relaxed) }

  /// Runs the relay to `target` for the duration of `body`, which gets its address.
  func run<T: Sendable>(to target: HostPort, _ body: @Sendable (HostPort) async throws -> T) async throws -> T {
    try await withTCPRelay(
      to: target,
      taps: {
        let frames = Mutex(FrameCounter())
        return RelayTaps(
          toTarget: { bytes in self.resets.add(frames.withLock { $0.resets(in: bytes) }, ordering: .relaxed) },
          toClient: { bytes in
            if self.allowance.load(ordering: .relaxed) != Int.max,
              self.allowance.subtract(bytes.readableBytes, ordering: .relaxed).newValue < 0
            {
              self.hold()
            }
            while self.holding.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(5)) }
          })
      }, body)
  }

  /// Walks the client's HTTP/2 frames (after the 24-byte preface) across reads.
  private struct FrameCounter {
    private var pending: [UInt8] = []
    private var prefaceLeft = 24

    /// The RST_STREAM frames (type 3) completed by `bytes`.
    mutating func resets(in bytes: ByteBuffer) -> Int {
      pending += bytes.readableBytesView
      let skipped = min(prefaceLeft, pending.count)
      pending.removeFirst(skipped)
      prefaceLeft -= skipped
      var count = 0
      var offset = 0
      while pending.count - offset >= 9 {
        let length = Int(pending[offset]) << 16 | Int(pending[offset + 1]) << 8 | Int(pending[offset + 2])
        guard pending.count - offset >= 9 + length else { break }
        if pending[offset + 3] == 3 { count += 1 }
        offset += 9 + length
      }
      pending.removeFirst(offset)
      return count
    }
  }
}
