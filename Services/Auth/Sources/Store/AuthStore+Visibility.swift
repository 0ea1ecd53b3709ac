import Foundation
import GRDB
import GymStore

/// Whether a profile is private reaches the services that show its content (messaging's
/// posts and follow lists) through the outbox, as bans do.
extension AuthStore {
  public struct Visibility: Codable, Sendable, Equatable {
    public var userID: String
    public var isPrivate: Bool
  }

  static func enqueueVisibility(_ db: Database, _ visibility: Visibility, to destinations: [Outbox.Destination], now: Date) throws {
    let payload = try JSONEncoder().encode(visibility)
    for destination in destinations {
      try Outbox.enqueue(db, destination: destination, kind: .userVisibility, payload: payload, now: now)
    }
  }
}

extension UserRecord {
  /// `visibility` holds the proto's number: PRIVATE is 2.
  public static let privateVisibility = 2
  public var isPrivate: Bool { visibility == Self.privateVisibility }
}
