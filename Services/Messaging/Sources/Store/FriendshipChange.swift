import Foundation
import GRDB
import GymStore

/// A friendship that began or ended, on its way to auth through messaging's outbox:
/// auth keeps a copy so a PRIVATE profile opens to friends without asking messaging.
/// The job's id orders one pair's changes (ids only grow).
public struct FriendshipChange: Codable, Sendable, Equatable {
  public var userA: String
  public var userB: String
  public var friends: Bool

  /// Queues the change inside the caller's transaction.
  static func enqueue(_ db: Database, _ userA: String, _ userB: String, friends: Bool, now: Date) throws {
    let payload = try JSONEncoder().encode(FriendshipChange(userA: userA, userB: userB, friends: friends))
    try Outbox.enqueue(db, destination: .auth, kind: .friendship, payload: payload, now: now)
  }
}

extension Outbox.Destination {
  /// Where friendship changes go (`friendship`). The store imports no gRPC, so not the
  /// manifest itself; `MessagingOutboxDestinationTests` holds it to it.
  static let auth: Outbox.Destination = "auth"
}
