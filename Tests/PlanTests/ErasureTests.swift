import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// What a deleted account leaves in plan: every table of plan.sqlite is searched for
  /// the user's id, name and the words they wrote, and nothing may remain. Their clients
  /// keep the routines and meal plans assigned to them, as their own.
  @Suite struct ErasureTests {
    @Test func aDeletedTrainerLeavesNothingBehindAndClientsKeepTheirCopies() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let plan = env.plan
        let zed = try await env.running.register("gone_zed", role: .trainer)
        let words = "zq-words-of-gone-zed"
        let squat = try await env.exercise("back-squat")
        let due = LocalDate(Date(), in: TimeZone(identifier: "UTC")!).adding(days: 180).proto
        // A private exercise of theirs, whose name plan remembers once it is used.
        let drill = try await env.catalog.createExercise(
          .with {
            $0.exercise = .with {
              $0.name = "Drill \(words)"; $0.visibility = .private
            }
          }, metadata: zed.metadata
        )
        .exercise
        _ = try await plan.logWorkout(
          .with {
            $0.date = date(2026, 1, 5)
            $0.entries = [
              .with {
                $0.exerciseID = drill.id; $0.sets = [.with { $0.reps = 5 }]
              }
            ]
          }, metadata: zed.metadata)

        // Their own training and eating: a scheduled routine, a finished session with a
        // record, a weigh-in, a goal, a meal plan, a food log entry, a saved exercise.
        // Sent with a key, as an app that was offline does: the key goes with the account too.
        let mine = try await plan.createRoutine(
          .with {
            $0.routine = routine("Zed \(words)", exercises: [squat]); $0.idempotencyKey = "zed-offline-1"
          }, metadata: zed.metadata
        ).routine
        _ = try await plan.scheduleRoutine(
          .with {
            $0.entry = .with {
              $0.routineID = mine.id; $0.weekdays = [.monday]; $0.time = .with { $0.hours = 7 }; $0.reminderMinutesBefore = 15
            }
          }, metadata: zed.metadata)
        let session = try await plan.startSession(.with { $0.routineID = mine.id }, metadata: zed.metadata).session
        _ = try await plan.logSet(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[0].id;
            $0.set = .with {
              $0.reps = 5; $0.weightKg = 100; $0.notes = words
            }
          },
          metadata: zed.metadata)
        _ = try await plan.finishSession(
          .with {
            $0.sessionID = session.id; $0.notes = words
          }, metadata: zed.metadata)
        _ = try await plan.logBodyWeight(.with { $0.weightKg = 80 }, metadata: zed.metadata)
        _ = try await plan.createGoal(
          .with {
            $0.goal = .with {
              $0.kind = .bodyWeight; $0.targetWeightKg = 75; $0.due = due
            }
          }, metadata: zed.metadata)
        let targets = Gym_Plan_V1_Macros.with {
          $0.kcal = 2000; $0.proteinG = 150; $0.carbsG = 200; $0.fatG = 67
        }
        _ = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "Zed \(words)"; $0.dailyTargets = targets
            }
          }, metadata: zed.metadata)
        _ = try await plan.logFood(
          .with {
            $0.entry = .with {
              $0.meal = "Lunch"; $0.description_p = words;
              $0.macros = .with {
                $0.kcal = 400; $0.carbsG = 70; $0.proteinG = 15; $0.fatG = 8
              }
            }
          },
          metadata: zed.metadata)
        _ = try await plan.saveExercise(.with { $0.exerciseID = squat }, metadata: zed.metadata)

        // Coaching: Lena accepted Zed's invitation and was assigned a routine and a meal
        // plan; Omar's request waits; an invitation to an email without an account too.
        try await coach(zed, lena: env, plan: plan)
        let shared = try await plan.createRoutine(.with { $0.routine = routine("Four weeks of squats", exercises: [squat]) }, metadata: zed.metadata).routine
        let lenasRoutine = try await plan.assignRoutine(
          .with {
            $0.clientID = env.lena.id; $0.routineID = shared.id
          }, metadata: zed.metadata
        ).routine
        let meals = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "Seven days"; $0.dailyTargets = targets
            }
          }, metadata: zed.metadata
        ).plan
        let lenasMeals = try await plan.assignNutritionPlan(
          .with {
            $0.clientID = env.lena.id; $0.planID = meals.id
          }, metadata: zed.metadata
        ).plan
        _ = try await plan.requestTrainer(
          .with {
            $0.trainerID = zed.id; $0.message = "help me deadlift"
          }, metadata: env.omar.metadata)
        _ = try await plan.inviteClient(
          .with {
            $0.email = "nobody@example.com"; $0.message = words
          }, metadata: zed.metadata)

        _ = try await env.running.auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: zed.metadata)
        #expect(
          try await eventually(within: .seconds(10)) {
            try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "plan" } == nil
          })

        let left = try LeftBehind.rows(
          mentioning: [zed.id, "gone_zed", "gone_zed".capitalized, words], inDatabaseAt: env.planDataDirectory + "/plan.sqlite")
        #expect(left.isEmpty, "\(left.map(\.description).joined(separator: "\n"))")

        // Lena keeps her copies, now hers alone; the relation and the requests are gone.
        let routines = try await plan.listRoutines(.init(), metadata: env.lena.metadata).routines
        #expect(routines.map(\.id) == [lenasRoutine.id])
        #expect(routines.first?.assignedBy == "")
        #expect(try await plan.getNutritionPlan(.with { $0.id = lenasMeals.id }, metadata: env.lena.metadata).plan.assignedBy == "")
        #expect(try await plan.listMyTrainers(.init(), metadata: env.lena.metadata).trainers.isEmpty)
        #expect(try await plan.listTrainerRequests(.with { $0.direction = .outgoing }, metadata: env.omar.metadata).requests.isEmpty)
      }
    }
  }
}
