import Foundation
import GRDB
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymAuth

/// Messaging learns which profiles are private from auth's outbox: on every change, and
/// once for profiles made private before it was told.
@Suite struct VisibilityOutboxTests {
  static func user(_ name: String, visibility: Int) -> UserRecord {
    let now = Date()
    var user = UserRecord(
      id: ID.make(), email: "\(name)@example.com", username: name, usernameKey: name, displayName: name, role: "member",
      passwordHash: "$scrypt$x", termsVersion: "1", termsAcceptedAt: now, createdAt: now, updatedAt: now)
    user.visibility = visibility
    return user
  }

  static func visibilityJobs(_ db: Database) throws -> [AuthStore.Visibility] {
    try Data.fetchAll(
      db, sql: "SELECT payload FROM outbox WHERE kind = ? AND destination = 'messaging' ORDER BY id",
      arguments: [
        Outbox.Kind.userVisibility.rawValue
      ]
    ).map { try JSONDecoder().decode(AuthStore.Visibility.self, from: $0) }
  }

  @Test func profilesPrivateBeforeTheMigrationAreToldOnce() throws {
    let database = try DatabaseQueue(path: try temporaryDirectory() + "/auth.sqlite")
    try AuthMigrations.migrator.migrate(database, upTo: "v5-mail-retries-verification-failures")
    let hidden = Self.user("hidden", visibility: UserRecord.privateVisibility)
    try database.write { db in
      // The columns of that schema only: later migrations add more to the record.
      for user in [hidden, Self.user("open", visibility: 0)] {
        try db.execute(
          sql: """
            INSERT INTO users (id, email, username, username_key, display_name, role, password_hash, terms_version, terms_accepted_at,
              created_at, updated_at, visibility)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            user.id, user.email, user.username, user.usernameKey, user.displayName, user.role, user.passwordHash, user.termsVersion,
            user.termsAcceptedAt, user.createdAt, user.updatedAt, user.visibility,
          ])
      }
    }
    try AuthMigrations.migrator.migrate(database)
    let jobs = try database.read(Self.visibilityJobs)
    #expect(jobs == [AuthStore.Visibility(userID: hidden.id, isPrivate: true)])
    // Written by SQL with CURRENT_TIMESTAMP: due at once by the worker's comparison.
    let due = try database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE next_attempt_at <= ?", arguments: [Date().addingTimeInterval(1)])
    }
    #expect(due == 1)
  }

  @Test func aChangeOfVisibilityIsQueuedWithTheChangeAndOnlyThen() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    let user = Self.user("ana", visibility: 0)
    _ = try await store.createUser(user, firstSession: nil)
    _ = try await store.updateUser(id: user.id, lifecycleDestinations: [.messaging], now: Date()) { $0.bio = "squats" }
    _ = try await store.updateUser(id: user.id, lifecycleDestinations: [.messaging], now: Date()) {
      $0.visibility = UserRecord.privateVisibility
    }
    _ = try await store.updateUser(id: user.id, lifecycleDestinations: [.messaging], now: Date()) { $0.bio = "deadlifts" }
    _ = try await store.updateUser(id: user.id, lifecycleDestinations: [.messaging], now: Date()) { $0.visibility = 0 }
    #expect(
      try await store.writer.read(Self.visibilityJobs) == [
        AuthStore.Visibility(userID: user.id, isPrivate: true), AuthStore.Visibility(userID: user.id, isPrivate: false),
      ])
  }
}
