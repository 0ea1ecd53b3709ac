import NIOCore

/// Paces the resets (RST_STREAM) the gateway sends on one backend connection. A server
/// closes a connection whose peer resets too many streams in a short time (NIO, which our
/// services run on: more than 200 in 30 s, its defence against rapid-reset attacks), and
/// every call on the connection fails with it. Calls of many users share a connection, so
/// one client that drops hundreds of calls at once would fail everyone else's.
///
/// A token bucket allows `burst` resets at once and one more each `refill`: at most 160 in
/// any 30 s. A reset beyond that waits its turn; meanwhile the relay drains the backend's
/// answer, and a call that ends first (most do, in milliseconds) needs no reset at all.
///
/// Used only on its event loop, as the `BackendLink` that owns it.
final class ResetPacer {
  static let burst = 100
  static let refill = TimeAmount.milliseconds(500)

  private let eventLoop: any EventLoop
  private var tokens = ResetPacer.burst
  private var refilledAt = NIODeadline.now()
  private var waiting = CircularBuffer<BackendStream>()
  private var scheduled: Scheduled<Void>?

  init(eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  /// Resets `stream` now if the budget allows, else as soon as it does (if it still needs it then).
  func reset(_ stream: BackendStream) {
    if waiting.isEmpty, take() {
      stream.resetNow()
    } else {
      waiting.append(stream)
      schedule()
    }
  }

  private func take() -> Bool {
    let now = NIODeadline.now()
    let earned = Int((now - refilledAt).nanoseconds / Self.refill.nanoseconds)
    if earned > 0 {
      tokens = min(Self.burst, tokens + earned)
      refilledAt = tokens == Self.burst ? now : refilledAt + Self.refill * Int64(earned)
    }
    guard tokens > 0 else { return false }
    tokens -= 1
    return true
  }

  private func schedule() {
    guard scheduled == nil else { return }
    scheduled = eventLoop.assumeIsolated().scheduleTask(deadline: refilledAt + Self.refill) { [self] in
      scheduled = nil
      // A stream that ended meanwhile costs nothing; the others take what the budget has.
      while let stream = waiting.first {
        if stream.needsReset {
          guard take() else { break }
          stream.resetNow()
        }
        waiting.removeFirst()
      }
      if !waiting.isEmpty { schedule() }
    }
  }
}
