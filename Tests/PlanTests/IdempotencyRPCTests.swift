import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Creates an app made offline are sent again when it is back, maybe twice: under the
  /// client's idempotency key each makes its object once, and a retry answers with it.
  @Suite struct IdempotencyRPCTests {
    static let lunch = Gym_Plan_V1_LogFoodRequest.with {
      $0.entry = .with {
        $0.meal = "Lunch"; $0.description_p = "rice and beans"
        $0.macros = .with {
          $0.kcal = 400; $0.carbsG = 70; $0.proteinG = 15; $0.fatG = 8
        }
      }
      $0.idempotencyKey = "9b1d7c2e-lunch"
    }

    @Test func aRetriedCreateMakesItsObjectOnce() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let squat = try await env.exercise("back-squat")

        var create = Gym_Plan_V1_CreateRoutineRequest.with { $0.routine = routine("Legs", exercises: [squat]) }
        create.idempotencyKey = "routine-1"
        let first = try await plan.createRoutine(create, metadata: lena).routine
        let again = try await plan.createRoutine(create, metadata: lena).routine
        #expect(again.id == first.id && again.name == "Legs")
        // Another member's key space is their own; no key is no deduplication.
        let omars = try await plan.createRoutine(create, metadata: env.omar.metadata).routine
        #expect(omars.id != first.id)
        var plain = create
        plain.idempotencyKey = ""
        _ = try await plan.createRoutine(plain, metadata: lena)
        #expect(try await plan.listRoutines(.init(), metadata: lena).routines.count == 2)

        // The same key for other fields, or for another create, is the client's mistake.
        var renamed = create
        renamed.routine.name = "Arms"
        let changed = await rpcError { _ = try await plan.createRoutine(renamed, metadata: lena) }
        #expect(changed?.code == .invalidArgument && changed?.fieldViolations.map(\.field) == ["idempotency_key"])
        var reused = Self.lunch
        reused.idempotencyKey = "routine-1"
        let other = await rpcError { _ = try await plan.logFood(reused, metadata: lena) }
        #expect(other?.fieldViolations.first?.description.contains("CreateRoutine") == true)
        var spaced = Self.lunch
        spaced.idempotencyKey = "not a key"
        let bad = await rpcError { _ = try await plan.logFood(spaced, metadata: lena) }
        #expect(bad?.code == .invalidArgument && bad?.fieldViolations.map(\.field) == ["idempotency_key"])

        let schedule = Gym_Plan_V1_ScheduleRoutineRequest.with {
          $0.entry = .with {
            $0.routineID = first.id; $0.weekdays = [.monday]; $0.time = .with { $0.hours = 7 }
          }
          $0.idempotencyKey = "schedule-1"
        }
        let entry = try await plan.scheduleRoutine(schedule, metadata: lena).entry
        #expect(try await plan.scheduleRoutine(schedule, metadata: lena).entry.id == entry.id)

        // A live workout: starting again under the key is the same session, not "one is
        // active"; a set sent twice is logged once.
        let start = Gym_Plan_V1_StartSessionRequest.with {
          $0.routineID = first.id; $0.idempotencyKey = "start-1"
        }
        let session = try await plan.startSession(start, metadata: lena).session
        #expect(try await plan.startSession(start, metadata: lena).session.id == session.id)
        let set = Gym_Plan_V1_LogSetRequest.with {
          $0.sessionID = session.id; $0.itemID = session.items[0].id
          $0.set = .with {
            $0.reps = 5; $0.weightKg = 100
          }
          $0.idempotencyKey = "set-1"
        }
        let logged = try await plan.logSet(set, metadata: lena).item
        let relogged = try await plan.logSet(set, metadata: lena).item
        #expect(logged.loggedSets.count == 1 && relogged.loggedSets.map(\.id) == logged.loggedSets.map(\.id))
        _ = try await plan.finishSession(.with { $0.sessionID = session.id }, metadata: lena)
        // Retried after the workout finished: still the same set, nothing added.
        #expect(try await plan.logSet(set, metadata: lena).item.loggedSets.count == 1)

        let workout = Gym_Plan_V1_LogWorkoutRequest.with {
          $0.date = date(2026, 3, 2)
          $0.entries = [
            .with {
              $0.exerciseID = squat;
              $0.sets = [
                .with {
                  $0.reps = 5; $0.weightKg = 90
                }
              ]
            }
          ]
          $0.idempotencyKey = "workout-2026-03-02"
        }
        let past = try await plan.logWorkout(workout, metadata: lena).session
        #expect(try await plan.logWorkout(workout, metadata: lena).session.id == past.id)
        #expect(try await plan.listSessions(.init(), metadata: lena).sessions.count == 2)

        var due = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date().addingTimeInterval(60 * 86_400))
        due.hour = 12
        let goal = Gym_Plan_V1_CreateGoalRequest.with {
          $0.goal = .with {
            $0.kind = .sessionsPerWeek; $0.sessionsPerWeek = 3; $0.due = date(due.year!, due.month!, due.day!)
          }
          $0.idempotencyKey = "goal-1"
        }
        let made = try await plan.createGoal(goal, metadata: lena).goal
        #expect(try await plan.createGoal(goal, metadata: lena).goal.id == made.id)
        #expect(try await plan.listGoals(.init(), metadata: lena).goals.count == 1)

        let mealPlan = Gym_Plan_V1_CreateNutritionPlanRequest.with {
          $0.plan = .with {
            $0.name = "Cut";
            $0.dailyTargets = .with {
              $0.kcal = 2000; $0.proteinG = 150; $0.carbsG = 200; $0.fatG = 67
            }
          }
          $0.idempotencyKey = "plan-1"
        }
        let cut = try await plan.createNutritionPlan(mealPlan, metadata: lena).plan
        #expect(try await plan.createNutritionPlan(mealPlan, metadata: lena).plan.id == cut.id)
        #expect(try await plan.listNutritionPlans(.init(), metadata: lena).plans.count == 1)
      }
    }

    /// Two copies of one offline write arriving together still make one entry: the key
    /// is checked and recorded in the create's transaction. Once the entry is deleted, a
    /// late copy says so instead of logging it again.
    @Test func copiesArrivingTogetherMakeOneEntry() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
          for _ in 0..<4 { group.addTask { try await plan.logFood(Self.lunch, metadata: lena).entry.id } }
          return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
        let log = try await plan.listFoodLog(.init(), metadata: lena).entries
        #expect(log.map(\.id) == Array(ids))

        _ = try await plan.deleteFoodLog(.with { $0.id = log[0].id }, metadata: lena)
        let late = await rpcError { _ = try await plan.logFood(Self.lunch, metadata: lena) }
        #expect(late?.code == .failedPrecondition)
        #expect(try await plan.listFoodLog(.init(), metadata: lena).entries.isEmpty)
      }
    }

    /// A trainer's dashboard that lost an answer sends the assignment again: the client
    /// gets one copy of the routine (with its calendar entry) and of the meal plan.
    @Test func aRetriedAssignmentGivesTheClientOneCopy() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        try await coach(tess, lena: env, plan: plan)
        let squat = try await env.exercise("back-squat")
        let mine = try await plan.createRoutine(.with { $0.routine = routine("Squat block", exercises: [squat]) }, metadata: tess.metadata)
          .routine
        let assign = Gym_Plan_V1_AssignRoutineRequest.with {
          $0.clientID = env.lena.id; $0.routineID = mine.id
          $0.schedule = [
            .with {
              $0.dayIndex = 0; $0.weekdays = [.tuesday]; $0.time = .with { $0.hours = 18 }
            }
          ]
          $0.idempotencyKey = "assign-1"
        }
        let first = try await plan.assignRoutine(assign, metadata: tess.metadata)
        let again = try await plan.assignRoutine(assign, metadata: tess.metadata)
        #expect(again.routine.id == first.routine.id && again.schedule.map(\.id) == first.schedule.map(\.id))
        #expect(try await plan.listRoutines(.init(), metadata: env.lena.metadata).routines.map(\.id) == [first.routine.id])
        let feed = try await plan.listChanges(.init(), metadata: env.lena.metadata).changes
        #expect(feed.filter { $0.kind == .scheduleEntry }.map(\.id) == first.schedule.map(\.id))

        let meals = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "Maintenance"
              $0.dailyTargets = .with {
                $0.kcal = 2400; $0.proteinG = 160; $0.carbsG = 260; $0.fatG = 80
              }
            }
          }, metadata: tess.metadata
        ).plan
        let give = Gym_Plan_V1_AssignNutritionPlanRequest.with {
          $0.clientID = env.lena.id; $0.planID = meals.id; $0.idempotencyKey = "assign-2"
        }
        let copy = try await plan.assignNutritionPlan(give, metadata: tess.metadata).plan
        #expect(try await plan.assignNutritionPlan(give, metadata: tess.metadata).plan.id == copy.id)
        #expect(try await plan.listNutritionPlans(.init(), metadata: env.lena.metadata).plans.map(\.id) == [copy.id])
      }
    }
  }
}
