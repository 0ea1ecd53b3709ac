import Foundation
import Synchronization

/// `TimeZone(identifier:)` reads the tz database on every call on Linux; imports and
/// searches ask for the same few zones millions of times.
enum TimeZones {
  private static let cache = Mutex<[String: TimeZone?]>([:])

  static func named(_ identifier: String) -> TimeZone? {
    if let cached = cache.withLock({ $0[identifier] }) { return cached }
    let zone = TimeZone(identifier: identifier)
    cache.withLock { $0[identifier] = zone }
    return zone
  }
}
