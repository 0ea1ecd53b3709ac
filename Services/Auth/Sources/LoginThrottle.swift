import Foundation
import Synchronization

/// Counts failed sign-ins per account and per client address in a sliding window and
/// refuses further attempts while a limit is reached, telling the caller when to retry.
/// In memory: a restart forgets, which only ever lets a few more guesses through.
public final class LoginThrottle: Sendable {
  public struct Limits: Sendable {
    public var perAccount: Int
    public var perAddress: Int
    public var window: Duration

    public init(perAccount: Int = 5, perAddress: Int = 50, window: Duration = .seconds(900)) {
      self.perAccount = perAccount
      self.perAddress = perAddress
      self.window = window
    }
  }

  private let limits: Limits
  private let failures = Mutex<[String: [ContinuousClock.Instant]]>([:])
  /// Bounds memory under a spraying attack: oldest keys are dropped first.
  private let maxKeys = 100_000

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// nil when an attempt may proceed, else how long to wait.
  public func retryAfter(account: String, address: String?) -> Duration? {
    let now = ContinuousClock.now
    return failures.withLock { failures in
      var waits: [Duration] = []
      if let wait = Self.wait(failures["a:" + account], limit: limits.perAccount, window: limits.window, now: now) {
        waits.append(wait)
      }
      if let address, let wait = Self.wait(failures["ip:" + address], limit: limits.perAddress, window: limits.window, now: now) {
        waits.append(wait)
      }
      return waits.max()
    }
  }

  public func recordFailure(account: String, address: String?) {
    let now = ContinuousClock.now
    failures.withLock { failures in
      if failures.count >= maxKeys { Self.prune(&failures, window: limits.window, now: now) }
      for key in ["a:" + account] + (address.map { ["ip:" + $0] } ?? []) {
        var times = failures[key, default: []].filter { now - $0 < limits.window }
        times.append(now)
        failures[key] = times
      }
    }
  }

  /// A successful sign-in clears the account's failures (not the address's).
  public func recordSuccess(account: String) {
    _ = failures.withLock { $0.removeValue(forKey: "a:" + account) }
  }

  private static func wait(_ times: [ContinuousClock.Instant]?, limit: Int, window: Duration, now: ContinuousClock.Instant) -> Duration? {
    guard let times else { return nil }
    let recent = times.filter { now - $0 < window }
    guard recent.count >= limit, let oldest = recent.first else { return nil }
    return window - (now - oldest)
  }

  private static func prune(_ failures: inout [String: [ContinuousClock.Instant]], window: Duration, now: ContinuousClock.Instant) {
    failures = failures.filter { _, times in times.contains { now - $0 < window } }
    if failures.count >= 100_000 {
      let oldest = failures.sorted { ($0.value.last ?? now) < ($1.value.last ?? now) }.prefix(failures.count / 2)
      for (key, _) in oldest { failures.removeValue(forKey: key) }
    }
  }
}
