import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Supersets: exercises done in turn, kept as a group from the routine to the session,
  /// to a quick log and back to a saved routine; their sets count as any other.
  @Suite struct SupersetRPCTests {
    @Test func aSupersetTravelsFromTheRoutineToTheSessionAndItsSetsCount() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let row = try await env.exercise("chest-supported-dumbbell-row")
        let plan = env.plan, lena = env.lena.metadata
        var day = routine("Upper and legs", exercises: [squat, bench, row])
        day.days[0].exercises[1].superset = 1
        day.days[0].exercises[2].superset = 1
        let created = try await plan.createRoutine(.with { $0.routine = day }, metadata: lena).routine
        #expect(created.days[0].exercises.map(\.superset) == [0, 1, 1])

        var session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        #expect(session.items.map(\.superset) == [0, 1, 1])
        // Bench and row in turn; a warm-up of the bench is still not counted.
        for (item, kg, type) in [(1, 40.0, Gym_Plan_V1_SetType.warmUp), (1, 60, .working), (2, 20, .working), (1, 60, .working), (2, 20, .working)] {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[item].id
              $0.set = .with {
                $0.reps = 10; $0.weightKg = kg; $0.type = type
              }
            }, metadata: lena)
        }
        // Squats skipped: saved as a new routine, the superset stays whole.
        session = try await plan.setItemState(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[0].id; $0.state = .skipped
          }, metadata: lena
        ).session
        let finished = try await plan.finishSession(
          .with {
            $0.sessionID = session.id; $0.routineChanges = .saveAsNew
          }, metadata: lena)
        #expect(finished.summary.volumeKg == 1600)  // 2 × 10 × 60 + 2 × 10 × 20
        #expect(finished.summary.sets == 4)
        let saved = try await plan.getRoutine(.with { $0.id = finished.newRoutineID }, metadata: lena).routine
        #expect(saved.days[0].exercises.map(\.exerciseID) == [bench, row])
        #expect(saved.days[0].exercises.map(\.superset) == [1, 1])
        #expect(try await plan.getSession(.with { $0.id = session.id }, metadata: lena).session.items.map(\.superset) == [0, 1, 1])
      }
    }

    @Test func aQuickLogKeepsItsSupersetAndASessionSavedWithoutHalfOfOneUndoesIt() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let plan = env.plan, lena = env.lena.metadata
        let logged = try await plan.logWorkout(
          .with {
            $0.date = date(2026, 2, 3)
            $0.entries = [squat, bench].map { id in
              .with {
                $0.exerciseID = id; $0.superset = 4
                $0.sets = [
                  .with {
                    $0.reps = 8; $0.weightKg = 50
                  }
                ]
              }
            }
          }, metadata: lena
        ).session
        #expect(logged.items.map(\.superset) == [4, 4])
        #expect(logged.summary.volumeKg == 800)

        // Bench and squat as a superset, the squat skipped: a lone member is no superset.
        var day = routine("Pair", exercises: [bench, squat])
        day.days[0].exercises[0].superset = 2
        day.days[0].exercises[1].superset = 2
        let created = try await plan.createRoutine(.with { $0.routine = day }, metadata: lena).routine
        let session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        _ = try await plan.logSet(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[0].id
            $0.set = .with {
              $0.reps = 5; $0.weightKg = 70
            }
          }, metadata: lena)
        _ = try await plan.setItemState(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[1].id; $0.state = .skipped
          }, metadata: lena)
        let finished = try await plan.finishSession(
          .with {
            $0.sessionID = session.id; $0.routineChanges = .saveAsNew
          }, metadata: lena)
        let saved = try await plan.getRoutine(.with { $0.id = finished.newRoutineID }, metadata: lena).routine
        #expect(saved.days[0].exercises.map(\.superset) == [0])
      }
    }

    @Test func aSupersetThatIsNotOneIsRefusedNamingTheExercise() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let row = try await env.exercise("chest-supported-dumbbell-row")
        let plan = env.plan, lena = env.lena.metadata
        for (groups, field, words) in [
          ([1, 0, 0], "routine.days[0].exercises[0].superset", "at least two"),
          ([1, 0, 1], "routine.days[0].exercises[2].superset", "side by side"),
          ([16, 16, 0], "routine.days[0].exercises[0].superset", "1 to 15"),
        ] {
          var day = routine("Odd", exercises: [squat, bench, row])
          for (i, group) in groups.enumerated() { day.days[0].exercises[i].superset = Int32(group) }
          let error = await rpcError { _ = try await plan.createRoutine(.with { $0.routine = day }, metadata: lena) }
          #expect(error?.code == .invalidArgument)
          let violation = error?.fieldViolations.first { $0.field == field }
          #expect(violation?.description.contains(words) == true, "\(groups): \(String(describing: error?.fieldViolations))")
        }
        let error = await rpcError {
          _ = try await plan.logWorkout(
            .with {
              $0.date = date(2026, 2, 3)
              $0.entries = [
                .with {
                  $0.exerciseID = squat; $0.superset = 3
                  $0.sets = [
                    .with {
                      $0.reps = 8; $0.weightKg = 50
                    }
                  ]
                }
              ]
            }, metadata: lena)
        }
        #expect(error?.fieldViolations.map(\.field) == ["entries[0].superset"])
      }
    }
  }
}
