import Foundation
import GymCatalog
import GymTesting
import Testing

/// Bans as catalog learns them from auth's outbox, on a real SQLite file.
@Suite struct StandingTests {
  @Test func aLateOlderStandingNeverUndoesANewerOne() async throws {
    let store = try await seededStore()
    let squat = try #require(try await store.exercise("back-squat")).id
    let id = try await store.insertProgram(testProgram("Author's Plan", exercise: squat, author: "author-9", now: Date())).program.id
    let viewer = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    func visible() async throws -> Bool { try await store.program(id: id, viewer: viewer, now: Date()) != nil }

    // Unban (job 7) arrives before the ban it follows (job 5): the ban is stale.
    #expect(try await store.setStanding(userID: "author-9", banned: false, until: nil, sequence: 7, now: Date()))
    #expect(try await !store.setStanding(userID: "author-9", banned: true, until: nil, sequence: 5, now: Date()))
    #expect(try await visible())
    // A newer ban applies; a redelivery of it changes nothing.
    #expect(try await store.setStanding(userID: "author-9", banned: true, until: nil, sequence: 9, now: Date()))
    #expect(try await !store.setStanding(userID: "author-9", banned: true, until: nil, sequence: 9, now: Date()))
    #expect(try await !visible())
    #expect(try await store.program(id: id, viewer: .init(userID: "author-9", isAdmin: false), now: Date()) != nil, "authors still see their own")
  }

  @Test func aTimedBanHidesProgramsOnlyUntilItEnds() async throws {
    let store = try await seededStore()
    let squat = try #require(try await store.exercise("back-squat")).id
    let now = Date()
    _ = try await store.insertProgram(testProgram("Timed", exercise: squat, author: "author-7", now: now))
    _ = try await store.setStanding(userID: "author-7", banned: true, until: now.addingTimeInterval(3600), sequence: 1, now: now)
    let viewer = CatalogStore.Viewer(userID: "someone", isAdmin: false)
    #expect(try await store.listPrograms(.init(), viewer: viewer, now: now).isEmpty)
    let later = now.addingTimeInterval(3601)
    #expect(try await store.listPrograms(.init(), viewer: viewer, now: later).map(\.program.name) == ["Timed"])
  }
}
