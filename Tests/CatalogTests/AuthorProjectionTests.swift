import Foundation
import GRDB
import GymStore
import GymTesting
import Logging
import Testing

@testable import GymCatalog

/// Authors' names and bans live in catalog's projection of users: the upgrade carries
/// what the old `authors` table held into it, and auth's updates keep it, on real SQLite.
@Suite struct AuthorProjectionTests {
  /// A database as the last release left it (up to the last migration before the
  /// projection), with `authors` rows written as that release wrote them.
  static func previousRelease(authors: [(id: String, username: String, name: String, banned: Bool, until: Date?, sequence: Int64)])
    throws -> DatabasePool
  {
    let pool = try DatabasePool(path: try temporaryDirectory() + "/catalog.sqlite")
    try CatalogMigrations.migrator.migrate(pool, upTo: "v1-exercises-programs-votes")
    try pool.write { db in
      for author in authors {
        try db.execute(
          sql: """
            INSERT INTO authors (user_id, username, display_name, banned, banned_until, standing_sequence, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [author.id, author.username, author.name, author.banned, author.until, author.sequence, Self.written])
      }
    }
    return pool
  }

  static let written = Date(timeIntervalSince1970: 1_767_225_600)

  @Test func theUpgradeCopiesAnAuthorsRowIntoTheProjection() async throws {
    let until = Date(timeIntervalSince1970: 1_893_456_000)
    let pool = try Self.previousRelease(authors: [("author-1", "tom_trainer", "Tom Trainer", true, until, 42)])
    _ = try CatalogStore(writer: pool)

    let row = try await pool.read { db in try UserProjection.User.fetchOne(db, key: "author-1") }
    #expect(
      row
        == UserProjection.User(
          userID: "author-1", username: "tom_trainer", displayName: "Tom Trainer", avatarURL: "", timeZone: "", role: "member",
          banned: true, bannedUntil: until, isPrivate: false, version: 42, updatedAt: Self.written))
    #expect(try await pool.read { db in try !db.tableExists("authors") }, "the old table goes")
  }

  @Test func aBannedAuthorsProgramsStayHiddenAfterTheUpgrade() async throws {
    let pool = try Self.previousRelease(authors: [
      ("banned-author", "bad", "Bad Author", true, nil, 5), ("good-author", "good", "Good Author", false, nil, 0),
    ])
    let store = try CatalogStore(writer: pool)
    try await ExerciseLibrary.seed(store, logger: Logger(label: "seed"))
    let squat = try #require(try await store.exercise("back-squat")).id
    let now = Date()
    let hidden = try await store.insertProgram(testProgram("Banned's", exercise: squat, author: "banned-author", now: now)).program.id
    _ = try await store.insertProgram(testProgram("Good's", exercise: squat, author: "good-author", now: now))

    let someone = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    let listed = try await store.listPrograms(.init(), viewer: someone, now: now)
    #expect(listed.map(\.program.name) == ["Good's"])
    #expect(listed.first?.author?.displayName == "Good Author", "names come along")
    #expect(try await store.program(id: hidden, viewer: someone, now: now) == nil)
    #expect(try await store.program(id: hidden, viewer: .init(userID: "banned-author", isAdmin: false), now: now) != nil)
    // The ban's sequence is its version: an older update does not lift it, a newer one does.
    #expect(try await !UserProjection.apply(projectedAuthor("banned-author", version: 4), to: store.writer))
    #expect(try await store.listPrograms(.init(), viewer: someone, now: now).count == 1)
    #expect(try await UserProjection.apply(projectedAuthor("banned-author", version: 6), to: store.writer))
    #expect(try await store.listPrograms(.init(), viewer: someone, now: now).count == 2)
  }

  @Test func anUpdateReplacesNamesAndBanOnlyWhenNewer() async throws {
    let store = try await seededStore()
    let squat = try #require(try await store.exercise("back-squat")).id
    let id = try await store.insertProgram(testProgram("Tom's", exercise: squat, author: "tom", now: Date())).program.id
    let someone = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    let own = CatalogStore.Viewer(userID: "tom", isAdmin: false)

    #expect(try await UserProjection.apply(projectedAuthor("tom", username: "tom", displayName: "Tom", version: 5), to: store.writer))
    #expect(try await store.program(id: id, viewer: someone, now: Date())?.author?.displayName == "Tom")

    // Newer: renamed and banned.
    #expect(try await UserProjection.apply(projectedAuthor("tom", username: "tom2", displayName: "Tom Renamed", banned: true, version: 7), to: store.writer))
    #expect(try await store.program(id: id, viewer: someone, now: Date()) == nil)
    var seen = try #require(try await store.program(id: id, viewer: own, now: Date())?.author)
    #expect(seen.username == "tom2" && seen.displayName == "Tom Renamed")

    // Older, arriving late: neither its names nor its lifted ban apply.
    #expect(try await !UserProjection.apply(projectedAuthor("tom", username: "tom", displayName: "Tom Old", version: 6), to: store.writer))
    #expect(try await store.program(id: id, viewer: someone, now: Date()) == nil)
    seen = try #require(try await store.program(id: id, viewer: own, now: Date())?.author)
    #expect(seen.username == "tom2" && seen.displayName == "Tom Renamed")
  }
}
