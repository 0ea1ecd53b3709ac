import Foundation
import GymStore
import Logging
import ServiceLifecycle
import Synchronization

/// Profile views, taken off GetProfile's read path: a view is noted in memory and the
/// notes are counted in one transaction every `interval` (and once more at shutdown), so
/// reading a profile never waits on the single SQLite writer. Each viewer counts once per
/// profile and UTC day (the store keeps who saw whom for that). At most `capacity`
/// distinct views wait; past that new ones are dropped rather than memory grown, and
/// the drop is logged.
public final class ProfileViewCounter: Service, Sendable {
  private let store: AuthStore
  private let interval: Duration
  private let capacity: Int
  private let logger: Logger
  private let pending = Mutex(Pending())

  private struct Pending {
    var views: Set<AuthStore.ProfileView> = []
    var dropped = 0
  }

  public init(store: AuthStore, interval: Duration, capacity: Int = 100_000, logger: Logger) {
    self.store = store
    self.interval = interval
    self.capacity = capacity
    self.logger = logger
  }

  /// Notes that `viewerID` looked at `profileID`; the owner's own looks do not count.
  public func record(profileID: String, viewerID: String, at now: Date = Date()) {
    guard profileID != viewerID else { return }
    let view = AuthStore.ProfileView(profileID: profileID, viewerID: viewerID, day: Self.day(of: now))
    pending.withLock { pending in
      if pending.views.count < capacity || pending.views.contains(view) {
        pending.views.insert(view)
      } else {
        pending.dropped += 1
      }
    }
  }

  /// Counts what is noted so far; a failed batch is kept for the next attempt.
  @discardableResult
  public func flush() async -> Int {
    let (views, dropped) = pending.withLock { pending in
      defer { pending = Pending() }
      return (pending.views, pending.dropped)
    }
    if dropped > 0 { logger.warning("profile views dropped: too many waiting to be counted", metadata: ["dropped": "\(dropped)"]) }
    do {
      return try await store.countViews(views)
    } catch {
      logger.error("counting profile views failed; will try again", metadata: ["error": "\(error)", "views": "\(views.count)"])
      pending.withLock { pending in
        for view in views where pending.views.count < capacity { pending.views.insert(view) }
      }
      return 0
    }
  }

  /// Counts every `interval`, and once more after the server has drained.
  public func run() async throws {
    try await PeriodicService(
      every: interval, start: .afterInterval, failure: "counting profile views failed", logger: logger,
      stopped: { await self.flush() }, pass: { await self.flush() }
    ).run()
  }

  /// The UTC day as stored: days since 1970-01-01 (cheap enough for every GetProfile).
  static func day(of date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }
}
