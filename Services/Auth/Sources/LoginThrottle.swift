import Foundation
import Synchronization

/// Budgets for password checks (and other abusable requests) in a sliding window, per
/// account and client address together, per client address, and per account.
///
/// A check reserves its place before the password is hashed (`begin`), so a burst of
/// concurrent guesses counts in full, and is settled afterwards (`finish`). Knowing a
/// username is not enough to lock its owner out: the hard limits are per address (the
/// pair, and the address across accounts), while failures of one account from every
/// address only slow further wrong answers down, with a growing delay; the right
/// password still gets through. In memory: a restart forgets, which only ever lets a
/// few more guesses through.
public final class LoginThrottle: Sendable {
  public struct Limits: Sendable, Equatable {
    /// Wrong passwords for one account from one address.
    public var perPair: Int
    /// Uses of one account's budget from every address; unlimited for sign-in, where
    /// it would let anyone lock the owner out.
    public var perAccount: Int
    /// Wrong passwords from one address, all accounts.
    public var perAddress: Int
    public var window: Duration
    /// Wrong passwords for one account from all addresses before each further wrong one
    /// is answered after a delay (1 s, doubling, up to `maxDelay`).
    public var slowAfter: Int
    public var maxDelay: Duration

    public init(
      perPair: Int = 5, perAccount: Int = .max, perAddress: Int = 500, window: Duration = .seconds(900),
      slowAfter: Int = 10, maxDelay: Duration = .seconds(30)
    ) {
      self.perPair = perPair
      self.perAccount = perAccount
      self.perAddress = perAddress
      self.window = window
      self.slowAfter = slowAfter
      self.maxDelay = maxDelay
    }

    /// Reset mail: a few per address and account, a handful per account in all (the
    /// owner already holds every code sent), never slowed.
    public static let resets = Limits(perPair: 3, perAccount: 5, perAddress: 200, window: .seconds(3600), slowAfter: .max)
    /// New accounts per client address. Hundreds of people share one address (a gym's
    /// Wi-Fi, a campus, a carrier's NAT), so this is generous: the hash queue already
    /// makes a flood pay in time, and a taken name costs no hash.
    public static let registrations = Limits.registrations(perAddress: 200)

    /// Registrations with `perAddress` an hour. The pair is ("register", address), so
    /// it is the same budget (and, without an address, one shared budget).
    public static func registrations(perAddress: Int) -> Limits {
      Limits(perPair: perAddress, perAddress: perAddress, window: .seconds(3600), slowAfter: .max)
    }
  }

  /// A reserved place; settle it with `finish`. Its keys: the pair first, the account last.
  public struct Attempt: Sendable {
    fileprivate var keys: [String]
  }

  public enum Outcome: Sendable {
    case succeeded
    case failed
    /// Not a verdict on the password (the hash queue was full, the caller went away).
    case abandoned
  }

  private struct Entry {
    var failures: [ContinuousClock.Instant] = []
    var inFlight = 0
  }

  private let limits: Limits
  private let entries = Mutex<[String: Entry]>([:])
  /// Bounds memory under a spraying attack: entries without recent failures go first.
  private let maxKeys: Int

  public init(limits: Limits = Limits(), maxKeys: Int = 100_000) {
    self.limits = limits
    self.maxKeys = maxKeys
  }

  /// Reserves a check of `account`'s password from `address`: the reservation, or how
  /// long to wait.
  public func begin(account: String, address: String?) -> Result<Attempt, Refused> {
    let now = ContinuousClock.now
    let budgets =
      [("p:" + account + "|" + (address ?? "-"), limits.perPair)]
      + (address.map { [("ip:" + $0, limits.perAddress)] } ?? []) + [("a:" + account, limits.perAccount)]
    return entries.withLock { entries in
      if entries.count >= maxKeys { Self.prune(&entries, window: limits.window, now: now, keep: maxKeys / 2) }
      var waits: [Duration] = []
      for (key, limit) in budgets {
        var entry = entries[key] ?? Entry()
        entry.failures.removeAll { now - $0 >= limits.window }
        entries[key] = entry
        if entry.failures.count + entry.inFlight >= limit {
          // Full of checks still running: they settle within seconds.
          waits.append(entry.failures.count >= limit ? limits.window - (now - entry.failures[0]) : .seconds(1))
        }
      }
      if let wait = waits.max() { return .failure(Refused(retryAfter: wait)) }
      for (key, _) in budgets { entries[key, default: Entry()].inFlight += 1 }
      return .success(Attempt(keys: budgets.map(\.0)))
    }
  }

  public struct Refused: Error, Equatable {
    public var retryAfter: Duration
  }

  /// Settles a check. For a wrong password, returns how long to hold the answer.
  @discardableResult
  public func finish(_ attempt: Attempt, _ outcome: Outcome) -> Duration {
    let now = ContinuousClock.now
    return entries.withLock { entries in
      for key in attempt.keys { entries[key]?.inFlight -= 1 }
      switch outcome {
      case .abandoned:
        return .zero
      case .succeeded:
        // The right password clears the pair's and the account's failures, not the address's.
        entries.removeValue(forKey: attempt.keys.first!)
        entries.removeValue(forKey: attempt.keys.last!)
        return .zero
      case .failed:
        for key in attempt.keys { entries[key, default: Entry()].failures.append(now) }
        let recent = entries[attempt.keys.last!]!.failures.count
        guard recent > limits.slowAfter else { return .zero }
        let doublings = min(recent - limits.slowAfter - 1, 20)
        return min(.seconds(1) * (1 << doublings), limits.maxDelay)
      }
    }
  }

  /// Keys held now (bounded by `maxKeys`).
  var keyCount: Int { entries.withLock { $0.count } }

  /// Counts one use of a budget at once (a reset request, a registration): refused
  /// when spent, else spent.
  public func spend(account: String, address: String?) -> Refused? {
    switch begin(account: account, address: address) {
    case .failure(let refused): return refused
    case .success(let attempt):
      finish(attempt, .failed)
      return nil
    }
  }

  private static func prune(_ entries: inout [String: Entry], window: Duration, now: ContinuousClock.Instant, keep: Int) {
    entries = entries.filter { _, entry in entry.inFlight > 0 || entry.failures.contains { now - $0 < window } }
    if entries.count > keep {
      let oldest = entries.filter { $0.value.inFlight == 0 }
        .sorted { ($0.value.failures.last ?? now) < ($1.value.failures.last ?? now) }
        .prefix(entries.count - keep)
      for (key, _) in oldest { entries.removeValue(forKey: key) }
    }
  }
}
