import Foundation
import GymCatalog
import GymStore
import GymTesting
import Testing

/// Bans as catalog learns them from auth's outbox (in its updates, which carry the
/// ban on the account's version), on a real SQLite file.
@Suite struct StandingTests {
  @Test func aLateOlderStandingNeverUndoesANewerOne() async throws {
    let store = try await seededStore()
    let squat = try #require(try await store.exercise("back-squat")).id
    let id = try await store.insertProgram(testProgram("Author's Plan", exercise: squat, author: "author-9", now: Date())).program.id
    let viewer = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    func visible() async throws -> Bool { try await store.program(id: id, viewer: viewer, now: Date()) != nil }
    func standing(banned: Bool, until: Date? = nil, version: Int64) async throws -> Bool {
      try await UserProjection.apply(projectedAuthor("author-9", banned: banned, until: until, version: version), to: store.writer)
    }

    // Unban (version 7) arrives before the ban it follows (version 5): the ban is stale.
    #expect(try await standing(banned: false, version: 7))
    #expect(try await !standing(banned: true, version: 5))
    #expect(try await visible())
    // A newer ban applies; a redelivery of it changes nothing.
    #expect(try await standing(banned: true, version: 9))
    #expect(try await !standing(banned: true, version: 9))
    #expect(try await !visible())
    #expect(try await store.program(id: id, viewer: .init(userID: "author-9", isAdmin: false), now: Date()) != nil, "authors still see their own")
  }

  @Test func aTimedBanHidesProgramsOnlyUntilItEnds() async throws {
    let store = try await seededStore()
    let squat = try #require(try await store.exercise("back-squat")).id
    let now = Date()
    _ = try await store.insertProgram(testProgram("Timed", exercise: squat, author: "author-7", now: now))
    _ = try await UserProjection.apply(projectedAuthor("author-7", banned: true, until: now.addingTimeInterval(3600), version: 1), to: store.writer)
    let viewer = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    #expect(try await store.listPrograms(.init(), viewer: viewer, now: now).isEmpty)
    let later = now.addingTimeInterval(3601)
    #expect(try await store.listPrograms(.init(), viewer: viewer, now: later).map(\.program.name) == ["Timed"])
  }
}

/// An author as auth's `UpdateUser` describes them.
func projectedAuthor(
  _ id: String, username: String? = nil, displayName: String = "", banned: Bool = false, until: Date? = nil, version: Int64
) -> UserProjection.User {
  UserProjection.User(
    userID: id, username: username ?? id, displayName: displayName, avatarURL: "", timeZone: "", role: "trainer", banned: banned,
    bannedUntil: until, isPrivate: false, version: version, updatedAt: Date())
}
