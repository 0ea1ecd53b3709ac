import Foundation
import Synchronization

/// Users' time zones for a minute, so a LogSet or a stats read does not ask auth every
/// time (perf: that lookup was the largest share of a LogSet). Bounded: when full, it
/// starts over.
final class TimeZoneCache: Sendable {
  private let entries = Mutex<[String: (zone: TimeZone, until: ContinuousClock.Instant)]>([:])
  private let lifetime: Duration
  private let capacity: Int

  init(lifetime: Duration = .seconds(60), capacity: Int = 10_000) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  func zone(of userID: String, lookup: () async throws -> TimeZone) async throws -> TimeZone {
    let now = ContinuousClock.now
    if let hit = entries.withLock({ $0[userID] }), hit.until > now { return hit.zone }
    let zone = try await lookup()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[userID] = (zone, now + lifetime)
    }
    return zone
  }
}
