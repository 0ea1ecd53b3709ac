import Foundation
import GRDB
import GymService
import GymStore
import Testing

@testable import GymMessaging

/// Every friendship that begins or ends is queued for auth in the transaction that
/// changes it (auth's copy opens PRIVATE profiles), and the ones from before the
/// copy existed are queued once.
@Suite struct FriendshipOutboxTests {
  static func changes(_ db: Database) throws -> [FriendshipChange] {
    try Data.fetchAll(
      db, sql: "SELECT payload FROM outbox WHERE destination = ? AND kind = ? ORDER BY id",
      arguments: [Outbox.Destination.auth.rawValue, Outbox.Kind.friendship.rawValue]
    ).map { try JSONDecoder().decode(FriendshipChange.self, from: $0) }
  }

  @Test func beginningAndEveryWayOfEndingAFriendshipIsQueuedForAuthOnce() async throws {
    let queue = try DatabaseQueue()
    let store = try MessagingStore(writer: queue) { _ in }
    let now = Date()
    @Sendable func befriend(_ from: String, _ to: String) async throws {
      let request = try await store.sendFriendRequest(id: ID.make(), fromID: from, toID: to, now: now) { _ in [] }
      _ = try await store.respondFriendRequest(id: request.id, userID: to, accept: true, now: now)
    }
    try await befriend("ben", "ana")
    // A declined request changes nothing.
    let declined = try await store.sendFriendRequest(id: ID.make(), fromID: "cat", toID: "ana", now: now) { _ in [] }
    _ = try await store.respondFriendRequest(id: declined.id, userID: "ana", accept: false, now: now)
    try await store.removeFriend("ana", "ben", now: now)
    try await store.removeFriend("ana", "ben", now: now)  // no friendship left: nothing to say
    try await befriend("ana", "ben")
    try await store.block(blockerID: "ben", blockedID: "ana", now: now)
    try await store.block(blockerID: "cat", blockedID: "ana", now: now)  // never friends

    #expect(
      try await queue.read(Self.changes) == [
        FriendshipChange(userA: "ana", userB: "ben", friends: true),
        FriendshipChange(userA: "ana", userB: "ben", friends: false),
        FriendshipChange(userA: "ana", userB: "ben", friends: true),
        FriendshipChange(userA: "ana", userB: "ben", friends: false),
      ])
  }

  @Test func friendshipsFromBeforeTheCopyAreQueuedOnce() throws {
    let queue = try DatabaseQueue()
    try MessagingMigrations.migrator.migrate(queue, upTo: "users-v2-projection")
    try queue.write { db in
      try db.execute(
        sql: "INSERT INTO friendships (user_a, user_b, since) VALUES ('ana', 'ben', ?), ('ben', 'cat', ?)", arguments: [Date(), Date()])
    }
    try MessagingMigrations.migrator.migrate(queue)
    try MessagingMigrations.migrator.migrate(queue)
    #expect(
      try queue.read(Self.changes) == [
        FriendshipChange(userA: "ana", userB: "ben", friends: true), FriendshipChange(userA: "ben", userB: "cat", friends: true),
      ])
  }

  @Test func messagingsOutboxDestinationIsTheManifestsAuth() {
    #expect(Outbox.Destination.auth == PlatformManifest.auth.outboxDestination)
    #expect(PlatformManifest.messaging.calls.contains(PlatformManifest.auth.name))
  }
}
