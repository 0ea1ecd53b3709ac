import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

/// What a deleted account leaves in catalog: every table of catalog.sqlite is searched
/// for the user's id, name and words. Their programs, votes, reports and saves go; the
/// only thing kept is what the README keeps: exercises they wrote stay in the library,
/// with no author.
@Suite struct CatalogErasureTests {
  @Test func aDeletedAuthorLeavesOnlyTheExercisesTheyWroteWithoutTheirName() async throws {
    try await CatalogFixture.run { env in
      let catalog = env.catalog
      let zed = try await env.running.register("gone_zed", role: .trainer)
      let words = "zq-words-of-gone-zed"
      let squat = try await exerciseID(catalog, "back-squat", as: zed)

      // An exercise and two programs of theirs, one voted on, reported and saved by others.
      let written = try await catalog.createExercise(
        .with {
          $0.exercise = .with {
            $0.name = "Zq Landmine Twist"
            $0.description_p = "A rotational core exercise, \(words)."
            $0.instructions = ["Rotate the bar to one hip, then the other."]
            $0.primaryMuscles = [.obliques]
            $0.equipment = [.landmine]
            $0.category = .strength
            $0.difficulty = .intermediate
          }
        }, metadata: zed.metadata
      ).exercise
      let theirs = try await catalog.createProgram(
        .with { $0.program = program("Zed's \(words)", exercises: [squat, written.id]) }, metadata: zed.metadata
      ).program
      // Sent with a key, as an app that was offline does: the key goes with the account too.
      _ = try await catalog.createProgram(
        .with {
          $0.program = program("Zed's second", exercises: [squat]); $0.idempotencyKey = "zed-offline-1"
        }, metadata: zed.metadata)
      _ = try await catalog.rateProgram(
        .with {
          $0.programID = theirs.id; $0.vote = .up
        }, metadata: env.member.metadata)
      _ = try await catalog.reportProgram(
        .with {
          $0.programID = theirs.id; $0.reason = "copied from a book"
        }, metadata: env.members[1].metadata)
      _ = try await env.catalogInternal.recordProgramSaved(
        .with {
          $0.programID = theirs.id; $0.userID = env.members[2].id
        })

      // Their votes, report and save on someone else's program; their standing from auth.
      let others = try await catalog.createProgram(.with { $0.program = program("Tom's", exercises: [squat]) }, metadata: env.trainer.metadata).program
      _ = try await catalog.rateProgram(
        .with {
          $0.programID = others.id; $0.vote = .down
        }, metadata: zed.metadata)
      _ = try await catalog.reportProgram(
        .with {
          $0.programID = others.id; $0.reason = "not safe, \(words)"
        }, metadata: zed.metadata)
      _ = try await env.catalogInternal.recordProgramSaved(
        .with {
          $0.programID = others.id; $0.userID = zed.id
        })
      _ = try await env.catalogLifecycle.setUserStanding(
        .with {
          $0.userID = zed.id; $0.banned = false; $0.sequence = 1
        })

      _ = try await env.auth.deleteAccount(.with { $0.password = CatalogFixture.password }, metadata: zed.metadata)
      #expect(
        try await eventually {
          try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "catalog" } == nil
        }, "the purge reaches catalog through auth's outbox")

      let left = try LeftBehind.rows(
        mentioning: [zed.id, "gone_zed", "gone_zed".capitalized, words], inDatabaseAt: env.dataDirectory + "/catalog.sqlite")
      // The exercise's row, its search row and its stored message (encoded again without the author).
      let unexpected = left.filter { !["exercise_messages", "exercises", "exercises_fts"].contains($0.table) }
      #expect(unexpected.isEmpty, "\(unexpected.map(\.description).joined(separator: "\n"))")
      #expect(left.map(\.table).sorted() == ["exercise_messages", "exercises", "exercises_fts"], "\(left)")
      #expect(left.allSatisfy { !$0.row.contains(zed.id) }, "the exercise stays, without its author")

      // The library keeps the exercise; Tom's program has lost Zed's vote, report and save.
      #expect(try await catalog.getExercise(.with { $0.id = written.id }, metadata: env.member.metadata).exercise.authorID == "")
      let tomsNow = try await catalog.getProgram(.with { $0.id = others.id }, metadata: env.trainer.metadata).program
      #expect(tomsNow.downVotes == 0 && tomsNow.saves == 0)
      #expect(await rpcError { _ = try await catalog.getProgram(.with { $0.id = theirs.id }, metadata: env.admin.metadata) }?.code == .notFound)
    }
  }
}
