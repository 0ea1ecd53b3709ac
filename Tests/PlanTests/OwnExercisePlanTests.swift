import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// A member's own exercises in their plan, and a trainer's links for a client's
  /// exercises.
  @Suite struct OwnExercisePlanTests {
    @Test func aMemberTrainsWithTheirOwnExerciseAndNoOneElseCan() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata, omar = env.omar.metadata
        let pendulum = try await env.catalog.createExercise(
          .with { $0.exercise = .with { $0.name = "Pendulum Squat (Gym 7)" } }, metadata: lena
        ).exercise
        let squat = try await env.exercise("back-squat")
        let created = try await plan.createRoutine(.with { $0.routine = routine("Legs", exercises: [pendulum.id, squat]) }, metadata: lena)
          .routine
        #expect(created.days[0].exercises.map(\.exerciseName) == ["Pendulum Squat (Gym 7)", "Back Squat"])
        let logged = try await plan.logWorkout(
          .with {
            $0.date = date(2026, 3, 2)
            $0.entries = [
              .with {
                $0.exerciseID = pendulum.id
                $0.sets = [
                  .with {
                    $0.reps = 10; $0.weightKg = 60
                  }
                ]
              }
            ]
          }, metadata: lena
        ).session
        #expect(logged.items[0].exerciseName == "Pendulum Squat (Gym 7)")
        let stats = try await plan.getExerciseStats(.with { $0.exerciseID = pendulum.id }, metadata: lena)
        #expect(stats.records.contains { $0.kind == .maxWeight && $0.value == 60 })

        // Omar cannot use it anywhere, told as for an unknown exercise.
        let routineError = await rpcError {
          _ = try await plan.createRoutine(.with { $0.routine = routine("Mine", exercises: [pendulum.id]) }, metadata: omar)
        }
        #expect(routineError?.fieldViolations.map(\.field) == ["routine.days[0].exercises[0].exercise_id"])
        let logError = await rpcError {
          _ = try await plan.logWorkout(
            .with {
              $0.date = date(2026, 3, 2)
              $0.entries = [
                .with {
                  $0.exerciseID = pendulum.id; $0.sets = [.with { $0.reps = 1 }]
                }
              ]
            }, metadata: omar)
        }
        #expect(logError?.fieldViolations.map(\.field) == ["entries[0].exercise_id"])
        let saveError = await rpcError { _ = try await plan.saveExercise(.with { $0.exerciseID = pendulum.id }, metadata: omar) }
        #expect(saveError?.code == .notFound)
      }
    }

    @Test func aTrainersLinksReachTheClientWhileTheCoachingLasts() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena
        let tess = try await env.running.register("tess", role: .trainer)
        let squat = try await env.exercise("back-squat")
        // Not her client yet: nothing to set.
        let early = await rpcError {
          _ = try await plan.setClientExerciseLinks(
            .with {
              $0.clientID = lena.id; $0.exerciseID = squat
              $0.links = [.with { $0.url = "https://video.example/squat" }]
            }, metadata: tess.metadata)
        }
        #expect(early?.code == .notFound)
        try await coach(tess, lena: env, plan: plan)

        let bad = await rpcError {
          _ = try await plan.setClientExerciseLinks(
            .with {
              $0.clientID = lena.id; $0.exerciseID = squat
              $0.links = [
                .with { $0.url = "javascript:alert(1)" },
                .with {
                  $0.url = "https://ok.example"; $0.caption = String(repeating: "x", count: 201)
                },
              ]
            }, metadata: tess.metadata)
        }
        #expect(Set(bad?.fieldViolations.map(\.field) ?? []) == ["links[0].url", "links[1].caption"])
        // Tess's own private exercise is hers: not a client's exercise.
        let hers = try await env.catalog.createExercise(
          .with {
            $0.exercise = .with {
              $0.name = "Tess's sled drill"; $0.visibility = .private
            }
          }, metadata: tess.metadata
        ).exercise
        let privateOne = await rpcError {
          _ = try await plan.setClientExerciseLinks(
            .with {
              $0.clientID = lena.id; $0.exerciseID = hers.id
              $0.links = [.with { $0.url = "https://video.example/sled" }]
            }, metadata: tess.metadata)
        }
        #expect(privateOne?.fieldViolations.map(\.field) == ["exercise_id"])
        // Nor can a routine using it be assigned to the client.
        let drill = try await plan.createRoutine(.with { $0.routine = routine("Sled", exercises: [hers.id]) }, metadata: tess.metadata).routine
        let assigned = await rpcError {
          _ = try await plan.assignRoutine(
            .with {
              $0.clientID = lena.id; $0.routineID = drill.id
            }, metadata: tess.metadata)
        }
        #expect(assigned?.fieldViolations.map(\.field) == ["routine_id"])

        let set = try await plan.setClientExerciseLinks(
          .with {
            $0.clientID = lena.id; $0.exerciseID = squat
            $0.links = [
              .with {
                $0.url = "https://video.example/squat"; $0.caption = "Knees out, like this"
              },
              .with { $0.url = "https://video.example/squat-depth" },
            ]
          }, metadata: tess.metadata
        ).links
        #expect(set.map(\.url) == ["https://video.example/squat", "https://video.example/squat-depth"])
        let seen = try await plan.listExerciseLinks(.with { $0.exerciseID = squat }, metadata: lena.metadata).links
        #expect(seen.map(\.caption) == ["Knees out, like this", ""] && seen.allSatisfy { $0.trainerID == tess.id })
        #expect(try await plan.listExerciseLinks(.with { $0.clientID = lena.id }, metadata: tess.metadata).links.count == 2)
        // Omar is not her client: nothing to read.
        let notHers = await rpcError { _ = try await plan.listExerciseLinks(.with { $0.clientID = env.omar.id }, metadata: tess.metadata) }
        #expect(notHers?.code == .notFound)
        #expect(try await plan.listExerciseLinks(.init(), metadata: env.omar.metadata).links.isEmpty)

        // Lena leaves Tess: the links go with the coaching.
        _ = try await plan.leaveTrainer(.with { $0.trainerID = tess.id }, metadata: lena.metadata)
        #expect(try await plan.listExerciseLinks(.init(), metadata: lena.metadata).links.isEmpty)
        try await coach(tess, lena: env, plan: plan)
        #expect(try await plan.listExerciseLinks(.init(), metadata: lena.metadata).links.isEmpty)
      }
    }
  }
}
