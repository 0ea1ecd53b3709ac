import Synchronization

/// In-process wake-ups for `WatchRevocations` streams: the store notifies after a
/// commit that revoked something, and each stream then reads what is new.
public final class RevocationFeed: Sendable {
  private let listeners = Mutex<[Int: AsyncStream<Void>.Continuation]>([:])
  private let nextID = Mutex(0)

  public init() {}

  public func notify() {
    listeners.withLock { for continuation in $0.values { continuation.yield() } }
  }

  /// A stream that yields once now, after every notification, and at least every
  /// `heartbeat` (a safety net should a notification ever be missed).
  public func wakeUps(heartbeat: Duration = .seconds(1)) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = nextID.withLock { id in
      defer { id += 1 }
      return id
    }
    listeners.withLock { $0[id] = continuation }
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: heartbeat)
        continuation.yield()
      }
    }
    continuation.onTermination = { [weak self] _ in
      ticker.cancel()
      _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
    }
    continuation.yield()
    return stream
  }
}
