import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

/// A member's own exercise and a program, made offline and sent again when the app is
/// back: under the client's key each is made once.
@Suite struct CatalogIdempotencyRPCTests {
  @Test func anExerciseAndAProgramSentTwiceUnderOneKeyAreMadeOnce() async throws {
    try await CatalogFixture.run { env in
      let mia = env.member, max = env.members[1]
      let create = Gym_Catalog_V1_CreateExerciseRequest.with {
        $0.exercise = .with { $0.name = "Cable crunch (gym 7)" }
        $0.idempotencyKey = "exercise-offline-1"
      }
      let made = try await env.catalog.createExercise(create, metadata: mia.metadata).exercise
      // Without the key the second would be refused: Mia already has one of that name.
      #expect(try await env.catalog.createExercise(create, metadata: mia.metadata).exercise.id == made.id)
      #expect(try await env.catalog.listExercises(.with { $0.mine = true }, metadata: mia.metadata).exercises.map(\.id) == [made.id])
      // Max's keys are his own.
      #expect(try await env.catalog.createExercise(create, metadata: max.metadata).exercise.id != made.id)
      var renamed = create
      renamed.exercise.name = "Cable crunch (gym 8)"
      let changed = await rpcError { _ = try await env.catalog.createExercise(renamed, metadata: mia.metadata) }
      #expect(changed?.code == .invalidArgument && changed?.fieldViolations.map(\.field) == ["idempotency_key"])

      let squat = try await exerciseID(env.catalog, "back-squat", as: mia)
      let publish = Gym_Catalog_V1_CreateProgramRequest.with {
        $0.program = program("Mia's squat cycle", exercises: [squat])
        $0.idempotencyKey = "program-offline-1"
      }
      let published = try await env.catalog.createProgram(publish, metadata: mia.metadata).program
      let again = try await env.catalog.createProgram(publish, metadata: mia.metadata).program
      #expect(again.id == published.id && again.name == "Mia's squat cycle")
      let hers = try await env.catalog.listPrograms(.with { $0.authorID = mia.id }, metadata: mia.metadata).programs
      #expect(hers.map(\.id) == [published.id])
      // The same key on another create is refused, not answered with the program.
      let misused = await rpcError {
        _ = try await env.catalog.createExercise(
          .with {
            $0.exercise = .with { $0.name = "Another" }; $0.idempotencyKey = "program-offline-1"
          }, metadata: mia.metadata)
      }
      #expect(misused?.code == .invalidArgument)
      // Deleted since: the retry says so rather than publishing it again.
      _ = try await env.catalog.deleteProgram(.with { $0.id = published.id }, metadata: mia.metadata)
      let late = await rpcError { _ = try await env.catalog.createProgram(publish, metadata: mia.metadata) }
      #expect(late?.code == .failedPrecondition)
    }
  }
}
