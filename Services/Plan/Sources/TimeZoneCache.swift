import Foundation
import GymService
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

  /// The user's IANA zone from their auth profile; UTC when unset or unknown.
  func zone(of userID: String, users: any UserDirectory) async throws -> TimeZone {
    let now = ContinuousClock.now
    if let hit = entries.withLock({ $0[userID] }), hit.until > now { return hit.zone }
    let name = try await users.user(id: userID)?.profile.timeZone ?? ""
    let zone = TimeZone(identifier: name) ?? TimeZone(identifier: "UTC")!
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[userID] = (zone, now + lifetime)
    }
    return zone
  }
}
