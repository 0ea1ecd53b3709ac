import Synchronization

/// What each user holds open at once in this process (live streams, uploads in flight),
/// so that one account cannot take what every user shares.
public final class PerUserSlots: Sendable {
  private let open = Mutex<[String: Int]>([:])

  public init() {}

  /// Takes one of `userID`'s slots; false when they hold `limit` already.
  public func take(_ userID: String, limit: Int) -> Bool {
    open.withLock { open in
      let count = open[userID, default: 0]
      guard count < limit else { return false }
      open[userID] = count + 1
      return true
    }
  }

  /// Gives back a slot `take` gave, whichever way its use ended.
  /// Slots held by everyone, for metrics.
  public var total: Int { open.withLock { $0.values.reduce(0, +) } }

  public func release(_ userID: String) {
    open.withLock { open in
      let left = open[userID, default: 1] - 1
      open[userID] = left > 0 ? left : nil
    }
  }
}
