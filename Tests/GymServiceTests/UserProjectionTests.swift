import Foundation
import GRDB
import GymAPI
import GymService
import GymStore
import GymTesting
import Synchronization
import Testing

/// A service's projection of users: auth's updates applied in version order, users it
/// lacks read from auth once and kept, on real SQLite.
@Suite struct UserProjectionTests {
  static func database() throws -> DatabasePool {
    var migrator = DatabaseMigrator()
    UserProjection.registerMigration(in: &migrator)
    UserProjection.registerUnitsMigration(in: &migrator)
    return try GymDatabase.openPool(at: try temporaryDirectory() + "/projection.sqlite", migrator: migrator)
  }

  static func user(_ id: String, zone: String, version: Int64) -> UserProjection.User {
    UserProjection.User(
      userID: id, username: id, displayName: id.capitalized, avatarURL: "", timeZone: zone, role: "member", banned: false,
      bannedUntil: nil, isPrivate: false, version: version, updatedAt: Date())
  }

  /// Auth as the fallback directory: the accounts it holds, and what it was asked.
  final class Auth: UserDirectory {
    let accounts: [String: Gym_Auth_V1_User]
    private let asked = Mutex<[[String]]>([])
    var lookups: [[String]] { asked.withLock { $0 } }

    init(_ accounts: [Gym_Auth_V1_User]) {
      self.accounts = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
    }

    func users(ids: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] {
      asked.withLock { $0.append(ids.sorted()) }
      return accounts.filter { ids.contains($0.key) }
    }

    func users(usernames: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] { [:] }
    func users(emails: [String]) async throws(DependencyError) -> [String: Gym_Auth_V1_User] { [:] }
  }

  static func account(_ id: String, zone: String, imperial: Bool = false) -> Gym_Auth_V1_User {
    .with {
      $0.id = id
      $0.username = id
      $0.roles = [.trainer]
      $0.profile = .with {
        $0.displayName = id.capitalized; $0.timeZone = zone; $0.visibility = .private
        $0.unitSystem = imperial ? .imperial : .metric
      }
    }
  }

  @Test func aLateUpdateNeverOverwritesANewerOne() async throws {
    let pool = try Self.database()
    let applied = try await pool.write { db in
      [
        try UserProjection.apply(db, Self.user("ana", zone: "Europe/Paris", version: 20)),
        try UserProjection.apply(db, Self.user("ana", zone: "Asia/Tokyo", version: 10)),
        try UserProjection.apply(db, Self.user("ana", zone: "Europe/Paris", version: 20)),
        try UserProjection.apply(db, Self.user("ana", zone: "America/Lima", version: 30)),
      ]
    }
    #expect(applied == [true, false, false, true])
    let kept = try await pool.read { db in try UserProjection.users(db, ids: ["ana", "nobody"]) }
    #expect(kept.keys.sorted() == ["ana"])
    #expect(kept["ana"]?.timeZone == "America/Lima")
    #expect(kept["ana"]?.version == 30)
  }

  @Test func aUserTheProjectionLacksIsReadFromAuthOnceAndAnyUpdateReplacesIt() async throws {
    let pool = try Self.database()
    let auth = Auth([Self.account("ben", zone: "Europe/Oslo", imperial: true), Self.account("cat", zone: "")])
    let users = ProjectedUsers(writer: pool, auth: auth)
    // An update that reached the projection first is kept over what auth is asked.
    _ = try await pool.write { db in try UserProjection.apply(db, Self.user("cat", zone: "Asia/Seoul", version: 5)) }

    let found = try await users.users(ids: ["ben", "cat", "gone"])
    #expect(found.keys.sorted() == ["ben", "cat"])
    #expect(found["ben"]?.timeZone == "Europe/Oslo")
    #expect(found["ben"]?.role == "trainer")
    #expect(found["ben"]?.isPrivate == true)
    #expect(found["ben"]?.imperial == true, "the profile's unit system comes along")
    #expect(found["cat"]?.timeZone == "Asia/Seoul")
    #expect(auth.lookups == [["ben", "gone"]])

    // Kept: the next read asks auth only about the user it still does not know.
    #expect(try await users.timeZone(of: "ben").identifier == "Europe/Oslo")
    #expect(try await users.timeZone(of: "gone") == TimeZone(identifier: "UTC"), "no such user: UTC")
    #expect(auth.lookups == [["ben", "gone"], ["gone"]])

    // A copy read from auth carries no version: the first update replaces it.
    let replaced = try await pool.write { db in try UserProjection.apply(db, Self.user("ben", zone: "Africa/Lagos", version: 1)) }
    #expect(replaced)
    #expect(try await users.timeZone(of: "ben").identifier == "Africa/Lagos")
    // The read-through never lowers a row an update wrote.
    _ = try await pool.write { db in try UserProjection.fill(db, [Self.user("ben", zone: "Europe/Oslo", version: 0)]) }
    #expect(try await users.timeZone(of: "ben").identifier == "Africa/Lagos")

    let removed = try await pool.write { db in try UserProjection.remove(db, userID: "ben") }
    #expect(removed == 1)
    #expect(try await pool.read { db in try UserProjection.users(db, ids: ["ben"]) }.isEmpty)
  }

  @Test func anUpdateFromAuthIsTheRowItDescribes() {
    let until = Date(timeIntervalSince1970: 1_900_000_000)
    let user = UserProjection.User(
      .with {
        $0.userID = "dan"
        $0.username = "dan_lifts"
        $0.displayName = "Dan"
        $0.avatarURL = "https://example.com/dan.png"
        $0.timeZone = "Europe/Rome"
        $0.roles = [.admin]
        $0.banned = true
        $0.bannedUntil = .init(date: until)
        $0.isPrivate = true
        $0.imperial = true
        $0.version = 42
      }, now: Date())
    #expect(user.username == "dan_lifts" && user.displayName == "Dan" && user.avatarURL == "https://example.com/dan.png")
    #expect(user.timeZone == "Europe/Rome" && user.role == "admin" && user.isPrivate && user.version == 42)
    #expect(user.imperial && Gym_Common_V1_UpdateUserRequest(user).imperial)
    #expect(user.isBanned(at: until.addingTimeInterval(-1)))
    #expect(!user.isBanned(at: until.addingTimeInterval(1)), "a ban with an end lapses by itself")
  }

  /// Auth's outbox may still hold jobs written before the unit system was sent: they
  /// describe metric users, and the row stored from them says so.
  @Test func aJobQueuedBeforeUnitsReadsAsMetric() async throws {
    let old = Data(
      #"{"user_id":"eve","username":"eve","display_name":"Eve","avatar_url":"","time_zone":"","role":"member","banned":false,"is_private":false,"version":7,"updated_at":1800000000}"#
        .utf8)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let user = try decoder.decode(UserProjection.User.self, from: old)
    #expect(!user.imperial && user.version == 7 && user.bannedUntil == nil)
    let pool = try Self.database()
    var changed = user
    changed.imperial = true
    changed.version = 8
    let imperial = changed
    let applied = try await pool.write { db in [try UserProjection.apply(db, user), try UserProjection.apply(db, imperial)] }
    #expect(applied == [true, true])
    #expect(try await pool.read { db in try UserProjection.users(db, ids: ["eve"]) }["eve"]?.imperial == true)
  }
}
