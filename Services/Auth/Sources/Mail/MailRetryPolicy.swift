import Foundation

/// When a message that could not be delivered is tried again, and when it is given up:
/// the delay doubles from `firstDelay` up to `maxDelay`, for at most `maxAttempts`
/// attempts and never past `maxAge` after it was queued (its codes are long expired by then).
public struct MailRetryPolicy: Sendable, Equatable {
  public var firstDelay: TimeInterval = 60
  public var maxDelay: TimeInterval = 3600
  public var maxAttempts = 20
  public var maxAge: TimeInterval = 3 * 86_400

  public init() {}

  /// The time of the next attempt once `attempts` have failed, or nil: give up.
  public func nextAttempt(after attempts: Int, queuedAt: Date, now: Date) -> Date? {
    let deadline = queuedAt.addingTimeInterval(maxAge)
    guard attempts < maxAttempts, now < deadline else { return nil }
    let delay = min(maxDelay, firstDelay * Double(1 << min(max(attempts - 1, 0), 30)))
    // The last attempt falls on the deadline rather than after it.
    return min(now.addingTimeInterval(delay), deadline)
  }
}
