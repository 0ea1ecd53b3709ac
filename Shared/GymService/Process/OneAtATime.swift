import Synchronization

/// Admits one holder at a time and turns the others away (never queues them): a second
/// backup while one runs is refused, not delayed.
public final class OneAtATime: Sendable {
  private let busy = Mutex(false)

  public init() {}

  /// False when someone holds it already.
  public func begin() -> Bool {
    busy.withLock { busy in
      guard !busy else { return false }
      busy = true
      return true
    }
  }

  public func end() { busy.withLock { $0 = false } }
}
