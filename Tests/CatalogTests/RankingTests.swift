import Foundation
import GymAPI
import GymCatalog
import GymTesting
import Testing

/// Votes, scores and ranking on a real SQLite file.
@Suite struct RankingTests {
  @Test func wilsonScoreRewardsConfidenceNotJustTheShareOfUpVotes() {
    #expect(WilsonScore.lowerBound(up: 0, down: 0) == 0)
    #expect(abs(WilsonScore.lowerBound(up: 3, down: 0) - 0.4385) < 0.001)
    #expect(abs(WilsonScore.lowerBound(up: 300, down: 20) - 0.9051) < 0.001)
    #expect(WilsonScore.lowerBound(up: 300, down: 20) > WilsonScore.lowerBound(up: 3, down: 0))
    #expect(WilsonScore.lowerBound(up: 0, down: 50) == 0)
  }

  @Test func topRatedOrdersACraftedVoteSetByConfidence() async throws {
    let store = try await seededStore(rules: ModerationRules(hideBelowScore: 0.1, minimumVotes: 1_000))
    let squat = try #require(try await store.exercise("back-squat")).id
    // name: (up, down)
    let votes: [(String, Int, Int)] = [
      ("Three Up None Down", 3, 0), ("Three Hundred Up Twenty Down", 300, 20), ("Split Twenty", 10, 10),
      ("Untried", 0, 0), ("Fifty Five Up Five Down", 50, 5), ("Mostly Down", 2, 30),
    ]
    for (name, up, down) in votes {
      let now = Date()
      var record = try await store.insertProgram(testProgram(name, exercise: squat, now: now)).program
      for voter in 0..<(up + down) {
        _ = try await store.rate(programID: record.id, userID: "voter-\(voter)", vote: voter < up ? 1 : -1, now: now)
      }
      record = try #require(try await store.program(id: record.id, viewer: .init(userID: "x", isAdmin: false), now: now)).program
      #expect(record.upVotes == up && record.downVotes == down)
    }
    var query = CatalogStore.ProgramQuery()
    query.order = .topRated
    let ranked = try await store.listPrograms(query, viewer: .init(userID: "viewer", isAdmin: false), now: Date()).map(\.program.name)
    #expect(
      ranked == [
        "Three Hundred Up Twenty Down", "Fifty Five Up Five Down", "Three Up None Down", "Split Twenty", "Mostly Down", "Untried",
      ])
  }

  @Test func twoHundredConcurrentVotesAreAllCounted() async throws {
    let store = try await seededStore(rules: ModerationRules(hideBelowScore: 0.1, minimumVotes: 1_000))
    let squat = try #require(try await store.exercise("back-squat")).id
    let id = try await store.insertProgram(testProgram("Contested", exercise: squat, now: Date())).program.id
    // 200 users vote at once: 140 up, 60 down; then 50 of the up voters change to down
    // and 20 of the down voters clear their vote, also all at once.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for voter in 0..<200 {
        group.addTask { _ = try await store.rate(programID: id, userID: "u\(voter)", vote: voter < 140 ? 1 : -1, now: Date()) }
      }
      try await group.waitForAll()
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for voter in 0..<50 { group.addTask { _ = try await store.rate(programID: id, userID: "u\(voter)", vote: -1, now: Date()) } }
      for voter in 180..<200 { group.addTask { _ = try await store.rate(programID: id, userID: "u\(voter)", vote: 0, now: Date()) } }
      try await group.waitForAll()
    }
    let program = try #require(try await store.program(id: id, viewer: .init(userID: "x", isAdmin: false), now: Date())).program
    #expect(program.upVotes == 90)
    #expect(program.downVotes == 50 + 40)
    #expect(abs(program.score - WilsonScore.lowerBound(up: 90, down: 90)) < 1e-9)
  }
}

func testProgram(_ name: String, exercise: String, author: String = "author-1", difficulty: Int = 1, now: Date) -> ProgramRecord {
  ProgramRecord(
    id: UUID().uuidString.lowercased(), authorID: author, name: name, description: "", goal: 1, difficulty: difficulty,
    durationWeeks: 4, sessionMinutes: 45,
    days: [
      .init(
        name: "A",
        exercises: [
          .init(exerciseID: exercise, sets: 3, repsMin: 5, repsMax: 5, durationSeconds: 0, restSeconds: 120, weightKg: 0, notes: "")
        ])
    ],
    tags: [], etag: "e1", now: now)
}
