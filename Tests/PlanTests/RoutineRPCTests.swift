import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

extension PlanRPC {
  /// Routines: private CRUD with etags, copies of public programs, publishing.
  @Suite struct RoutineRPCTests {
    @Test func routinesArePrivateAndEditedWithEtags() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let created = try await env.plan.createRoutine(.with { $0.routine = routine("Strength A", exercises: [squat, bench]) }, metadata: env.lena.metadata)
          .routine
        #expect(created.days[0].exercises.map(\.exerciseName).allSatisfy { !$0.isEmpty })
        #expect(created.version == 1)

        // Omar sees nothing of Lena's: not by id, not in his list, cannot change or delete it.
        let notHis = await rpcError { _ = try await env.plan.getRoutine(.with { $0.id = created.id }, metadata: env.omar.metadata) }
        #expect(notHis?.code == .notFound)
        #expect(try await env.plan.listRoutines(.init(), metadata: env.omar.metadata).routines.isEmpty)
        var hijack = created
        hijack.name = "Mine now"
        let update = await rpcError {
          _ = try await env.plan.updateRoutine(
            .with {
              $0.routine = hijack; $0.etag = created.etag
            }, metadata: env.omar.metadata)
        }
        #expect(update?.code == .notFound)
        let delete = await rpcError { _ = try await env.plan.deleteRoutine(.with { $0.id = created.id }, metadata: env.omar.metadata) }
        #expect(delete?.code == .notFound)

        // The owner edits with the etag; a second edit with the old etag is refused.
        var edited = created
        edited.name = "Strength A (shoulder friendly)"
        edited.days[0].exercises[1].exerciseID = try await env.exercise("dumbbell-bench-press")
        let updated = try await env.plan.updateRoutine(
          .with {
            $0.routine = edited; $0.etag = created.etag
          }, metadata: env.lena.metadata
        ).routine
        #expect(updated.version == 2)
        #expect(updated.days[0].exercises[1].exerciseName.lowercased().contains("dumbbell"))
        let stale = await rpcError {
          _ = try await env.plan.updateRoutine(
            .with {
              $0.routine = edited; $0.etag = created.etag
            }, metadata: env.lena.metadata)
        }
        #expect(stale?.code == .aborted)

        _ = try await env.plan.deleteRoutine(.with { $0.id = created.id }, metadata: env.lena.metadata)
        #expect(try await env.plan.listRoutines(.init(), metadata: env.lena.metadata).routines.isEmpty)
      }
    }

    @Test func badRoutinesAreRefusedNamingEachField() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        var bad = routine("", exercises: [squat, "no-such-exercise"])
        bad.days[0].exercises[0].sets[0].targetReps = 500
        let error = await rpcError { _ = try await env.plan.createRoutine(.with { $0.routine = bad }, metadata: env.lena.metadata) }
        #expect(error?.code == .invalidArgument)
        let fields = Set(error?.fieldViolations.map(\.field) ?? [])
        #expect(fields.contains("routine.name"))
        #expect(fields.contains("routine.days[0].exercises[0].sets[0].target_reps"))

        // Unknown exercises are named once the shape is right.
        let unknown = await rpcError {
          _ = try await env.plan.createRoutine(.with { $0.routine = routine("Ok", exercises: [squat, "no-such-exercise"]) }, metadata: env.lena.metadata)
        }
        #expect(unknown?.code == .invalidArgument)
        #expect(unknown?.fieldViolations.map(\.field) == ["routine.days[0].exercises[1].exercise_id"])
        #expect(unknown?.fieldViolations.first?.description.contains("no-such-exercise") == true)
      }
    }

    @Test func copyingAProgramKeepsItsSourceAndCountsTheSaveInTheCatalog() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let press = try await env.exercise("overhead-press")
        let program = try await env.catalog.createProgram(
          .with {
            $0.program = .with {
              $0.name = "Omar's Five by Five"
              $0.description_p = "Squat and press, three times a week."
              $0.goal = .strengthGoal
              $0.difficulty = .beginner
              $0.durationWeeks = 8
              $0.sessionMinutes = 45
              $0.days = [
                .with {
                  $0.name = "A"
                  $0.exercises = [
                    .with {
                      $0.exerciseID = squat; $0.sets = 5; $0.repsMin = 5; $0.weightKg = 60; $0.restSeconds = 180
                    },
                    .with {
                      $0.exerciseID = press; $0.sets = 5; $0.repsMin = 5; $0.weightKg = 30; $0.restSeconds = 120
                    },
                  ]
                }
              ]
            }
          }, metadata: env.omar.metadata
        ).program
        let copy = try await env.plan.copyProgram(.with { $0.programID = program.id }, metadata: env.lena.metadata).routine
        #expect(copy.sourceProgramID == program.id)
        #expect(copy.sourceProgramVersion == program.version)
        #expect(copy.days[0].exercises.map(\.exerciseID) == [squat, press])
        #expect(copy.days[0].exercises[0].sets.count == 5)
        #expect(copy.days[0].exercises[0].sets[0].targetWeightKg == 60)

        // Plan's outbox tells the catalog; MOST_SAVED sees it.
        let counted = try await eventually {
          try await env.catalog.getProgram(.with { $0.id = program.id }, metadata: env.lena.metadata).program.saves == 1
        }
        #expect(counted)

        // The copy is Lena's to change: swap the press her shoulder dislikes.
        var edited = copy
        edited.days[0].exercises[1].exerciseID = try await env.exercise("landmine-press")
        _ = try await env.plan.updateRoutine(
          .with {
            $0.routine = edited; $0.etag = copy.etag
          }, metadata: env.lena.metadata)
        let original = try await env.catalog.getProgram(.with { $0.id = program.id }, metadata: env.lena.metadata).program
        #expect(original.days[0].exercises[1].exerciseID == press)

        let missing = await rpcError { _ = try await env.plan.copyProgram(.with { $0.programID = "nope" }, metadata: env.lena.metadata) }
        #expect(missing?.code == .notFound)
      }
    }

    @Test func aCopyWithTheCatalogDownIsUnavailableAndLeavesNothingBehind() async throws {
      try await withRunningAuth { auth in
        let nowhere = HostPort(host: "127.0.0.1", port: try freePort())
        try await PlanFixture.runPlan(auth: auth, catalog: nowhere) { planAddress in
          try await withClient(to: planAddress) { client in
            let plan = Plan(wrapping: client)
            let user = try await auth.register("kai")
            let error = await rpcError { _ = try await plan.copyProgram(.with { $0.programID = "any" }, metadata: user.metadata) }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("catalog") == true)
            #expect(try await plan.listRoutines(.init(), metadata: user.metadata).routines.isEmpty)
          }
        }
      }
    }

    @Test func publishingARoutineMakesAPublicProgramByItsOwner() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let created = try await env.plan.createRoutine(.with { $0.routine = routine("Lena's Squat Day", exercises: [squat]) }, metadata: env.lena.metadata)
          .routine
        let unlisted = await rpcError { _ = try await env.plan.publishRoutine(.with { $0.routineID = created.id }, metadata: env.lena.metadata) }
        #expect(Set(unlisted?.fieldViolations.map(\.field) ?? []) == ["goal", "difficulty", "duration_weeks", "session_minutes"])
        let published = try await env.plan.publishRoutine(
          .with {
            $0.routineID = created.id
            $0.goal = .strengthGoal
            $0.difficulty = .intermediate
            $0.durationWeeks = 6
            $0.sessionMinutes = 60
            $0.tags = ["squat"]
          }, metadata: env.lena.metadata)
        let program = try await env.catalog.getProgram(.with { $0.id = published.programID }, metadata: env.omar.metadata).program
        #expect(program.author.userID == env.lena.id)
        #expect(program.name == "Lena's Squat Day")
        #expect(try await env.plan.getRoutine(.with { $0.id = created.id }, metadata: env.lena.metadata).routine.publishedProgramID == program.id)
        let again = await rpcError {
          _ = try await env.plan.publishRoutine(
            .with {
              $0.routineID = created.id; $0.goal = .strengthGoal; $0.difficulty = .beginner; $0.durationWeeks = 1; $0.sessionMinutes = 30
            },
            metadata: env.lena.metadata)
        }
        #expect(again?.code == .alreadyExists)
        let notHers = await rpcError { _ = try await env.plan.publishRoutine(.with { $0.routineID = created.id }, metadata: env.omar.metadata) }
        #expect(notHers?.code == .notFound)
      }
    }

    @Test func favouriteExercisesAreSavedOnceAndListedNewestFirst() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        for id in [squat, bench, squat] { _ = try await env.plan.saveExercise(.with { $0.exerciseID = id }, metadata: env.lena.metadata) }
        let saved = try await env.plan.listSavedExercises(.init(), metadata: env.lena.metadata).exercises
        #expect(saved.map(\.exerciseID) == [bench, squat])
        #expect(saved.allSatisfy { !$0.exerciseName.isEmpty })
        #expect(try await env.plan.listSavedExercises(.init(), metadata: env.omar.metadata).exercises.isEmpty)
        _ = try await env.plan.unsaveExercise(.with { $0.exerciseID = bench }, metadata: env.lena.metadata)
        #expect(try await env.plan.listSavedExercises(.init(), metadata: env.lena.metadata).exercises.map(\.exerciseID) == [squat])
        let unknown = await rpcError { _ = try await env.plan.saveExercise(.with { $0.exerciseID = "nope" }, metadata: env.lena.metadata) }
        #expect(unknown?.code == .notFound)
      }
    }
  }
}
