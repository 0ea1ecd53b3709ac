import Foundation
import GRDB
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymAuth

/// Plan's copy of accounts did not carry the unit system before: the migration that
/// adds it announces each imperial account to plan once, at a version plan takes, in
/// the payload `LifecycleEvent` reads.
@Suite struct UnitSystemMigrationTests {
  @Test func imperialAccountsAreAnnouncedToPlanOnceAtANewerVersion() throws {
    let database = try DatabaseQueue(path: try temporaryDirectory() + "/auth.sqlite")
    try AuthMigrations.migrator.migrate(database, upTo: "v10-profile-choices-coaching")
    let now = Date()
    let until = now.addingTimeInterval(86_400 * 3)
    try database.write { db in
      // The columns of that schema only: later migrations may add more to the record.
      for (name, units, visibility, bannedUntil) in [("ivy", 2, 2, until as Date?), ("max", 1, 0, nil), ("zoe", 0, 0, nil)] {
        try db.execute(
          sql: """
            INSERT INTO users (id, email, username, username_key, display_name, role, password_hash, terms_version, terms_accepted_at,
              created_at, updated_at, unit_system, visibility, time_zone, banned_at, banned_until, ban_reason, standing_version)
            VALUES (?, ?, ?, ?, ?, 'trainer', '$scrypt$x', '1', ?, ?, ?, ?, ?, 'America/Denver', ?, ?, ?, 5)
            """,
          arguments: [
            name, "\(name)@example.com", name, name, name.capitalized, now, now, now, units, visibility,
            bannedUntil == nil ? nil : now, bannedUntil, bannedUntil == nil ? nil : "spam",
          ])
      }
    }
    try AuthMigrations.migrator.migrate(database)

    let jobs = try database.read { db in
      try Row.fetchAll(db, sql: "SELECT destination, payload FROM outbox WHERE kind = 'user-updated' ORDER BY id")
    }
    #expect(jobs.map { $0["destination"] as String } == ["plan"], "one job: the imperial account, to plan")
    let job = try #require(jobs.first)
    // Read as LifecycleEvent reads a user-updated job.
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let update = Gym_Common_V1_UpdateUserRequest(try decoder.decode(UserProjection.User.self, from: job["payload"] as Data))
    #expect(update.userID == "ivy" && update.username == "ivy" && update.displayName == "Ivy" && update.timeZone == "America/Denver")
    #expect(update.imperial && update.isPrivate && update.roles == [.trainer])
    #expect(update.banned && abs(update.bannedUntil.date.timeIntervalSince(until)) < 1, "the ban and its end, as they stand")
    let version = try database.read { db in try Int64.fetchOne(db, sql: "SELECT standing_version FROM users WHERE id = 'ivy'") }
    #expect(update.version == version)
    #expect(update.version > Int64(now.timeIntervalSince1970 * 1_000_000) - 60_000_000, "from the clock: above anything sent before")
    let others = try database.read { db in try Int64.fetchAll(db, sql: "SELECT standing_version FROM users WHERE id != 'ivy'") }
    #expect(others == [5, 5], "metric accounts are left as they were")
  }
}
