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
  /// Body weight, its forecast, goals with progress, and purging a deleted account.
  @Suite struct BodyAndGoalsRPCTests {
    func today(in zone: String = "Europe/London") -> LocalDate { LocalDate(Date(), in: TimeZone(identifier: zone)!) }

    @Test func weighInsOnePerDayListedAndForecast() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let today = today()
        let first = try await plan.logBodyWeight(
          .with {
            $0.date = today.adding(days: -1).proto; $0.weightKg = 81
          }, metadata: lena
        ).entry
        let replaced = try await plan.logBodyWeight(
          .with {
            $0.date = today.adding(days: -1).proto; $0.weightKg = 80.6
          }, metadata: lena
        ).entry
        #expect(replaced.id == first.id)
        #expect(replaced.weightKg == 80.6)

        let tooFew = await rpcError {
          _ = try await plan.predictBodyWeight(.with { $0.targetDate = today.adding(days: 28).proto }, metadata: lena)
        }
        #expect(tooFew?.code == .failedPrecondition)
        #expect(tooFew?.message.contains("5") == true)

        // Four weeks of a steady 0.5 kg a week loss.
        for day in 2...29 {
          _ = try await plan.logBodyWeight(
            .with {
              $0.date = today.adding(days: -day).proto; $0.weightKg = 80.6 + Double(day - 1) * 0.5 / 7
            }, metadata: lena)
        }
        let listed = try await plan.listBodyWeight(.with { $0.pageSize = 10 }, metadata: lena)
        #expect(listed.entries.count == 10)
        #expect(listed.entries[0].weightKg == 80.6)
        #expect(!listed.nextPageToken.isEmpty)
        let prediction = try await plan.predictBodyWeight(.with { $0.targetDate = today.adding(days: 27).proto }, metadata: lena)
        #expect(abs(prediction.trendKgPerWeek + 0.5) < 0.01)
        #expect(abs(prediction.predictedKg - (80.6 - 0.5 * 4)) < 0.1)
        #expect(prediction.lowKg <= prediction.predictedKg && prediction.predictedKg <= prediction.highKg)
        #expect(prediction.entriesUsed == 29)

        let future = await rpcError {
          _ = try await plan.logBodyWeight(
            .with {
              $0.date = today.adding(days: 2).proto; $0.weightKg = 80
            }, metadata: lena)
        }
        #expect(future?.fieldViolations.map(\.field) == ["date"])
        let notHis = await rpcError { _ = try await plan.deleteBodyWeight(.with { $0.id = first.id }, metadata: env.omar.metadata) }
        #expect(notHis?.code == .notFound)
        _ = try await plan.deleteBodyWeight(.with { $0.id = first.id }, metadata: lena)
        #expect(try await plan.listBodyWeight(.init(), metadata: env.omar.metadata).entries.isEmpty)
      }
    }

    @Test func goalsShowProgressFromLoggedData() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let squat = try await env.exercise("back-squat")
        let today = today()
        let due = today.adding(days: 180).proto
        let noBaseline = await rpcError {
          _ = try await plan.createGoal(
            .with {
              $0.goal = .with {
                $0.kind = .bodyWeight; $0.targetWeightKg = 75; $0.due = due
              }
            }, metadata: lena)
        }
        #expect(noBaseline?.fieldViolations.map(\.field) == ["goal.kind"])

        _ = try await plan.logBodyWeight(.with { $0.weightKg = 80 }, metadata: lena)
        _ = try await plan.logWorkout(
          .with {
            $0.date = today.adding(days: -1).proto
            $0.entries = [
              .with {
                $0.exerciseID = squat;
                $0.sets = [
                  .with {
                    $0.reps = 5; $0.weightKg = 100
                  }
                ]
              }
            ]
          }, metadata: lena)
        let lift = try await plan.createGoal(
          .with {
            $0.goal = .with {
              $0.kind = .lift; $0.exerciseID = squat; $0.targetWeightKg = 140; $0.targetReps = 1; $0.due = due
            }
          }, metadata: lena
        ).goal
        #expect(lift.startValue == 100)
        #expect(lift.progress == 0)
        _ = try await plan.createGoal(
          .with {
            $0.goal = .with {
              $0.kind = .bodyWeight; $0.targetWeightKg = 75; $0.due = due
            }
          }, metadata: lena)
        _ = try await plan.createGoal(
          .with {
            $0.goal = .with {
              $0.kind = .sessionsPerWeek; $0.sessionsPerWeek = 3; $0.due = due
            }
          }, metadata: lena)

        // A heavier single and a lighter morning later, the goals move.
        _ = try await plan.logWorkout(
          .with {
            $0.date = today.proto
            $0.entries = [
              .with {
                $0.exerciseID = squat;
                $0.sets = [
                  .with {
                    $0.reps = 1; $0.weightKg = 120
                  }
                ]
              }
            ]
          }, metadata: lena)
        _ = try await plan.logBodyWeight(.with { $0.weightKg = 77.5 }, metadata: lena)
        let goals = try await plan.listGoals(.init(), metadata: lena).goals
        #expect(goals.count == 3)
        let liftGoal = try #require(goals.first { $0.kind == .lift })
        #expect(liftGoal.currentValue == 120)
        #expect(liftGoal.progress == 0.5)
        #expect(liftGoal.onTrack)
        #expect(liftGoal.status.contains("50 %"))
        let weightGoal = try #require(goals.first { $0.kind == .bodyWeight })
        #expect(weightGoal.progress == 0.5)
        #expect(!weightGoal.achieved)
        let sessionsGoal = try #require(goals.first { $0.kind == .sessionsPerWeek })
        #expect(sessionsGoal.currentValue >= 1)
        #expect(try await plan.listGoals(.init(), metadata: env.omar.metadata).goals.isEmpty)
        let notHis = await rpcError { _ = try await plan.deleteGoal(.with { $0.id = liftGoal.id }, metadata: env.omar.metadata) }
        #expect(notHis?.code == .notFound)
      }
    }

    @Test func deletingTheAccountPurgesEverythingHereOnce() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let plan = env.plan, omar = env.omar.metadata
        _ = try await plan.createRoutine(.with { $0.routine = routine("Mine", exercises: [squat]) }, metadata: omar)
        _ = try await plan.logBodyWeight(.with { $0.weightKg = 90 }, metadata: omar)
        _ = try await plan.startSession(.init(), metadata: omar)
        _ = try await plan.logWorkout(
          .with {
            $0.date = date(2026, 1, 1)
            $0.entries = [
              .with {
                $0.exerciseID = squat;
                $0.sets = [
                  .with {
                    $0.reps = 5; $0.weightKg = 100
                  }
                ]
              }
            ]
          }, metadata: omar)
        _ = try await env.auth.deleteAccount(.with { $0.password = PlanFixture.password }, metadata: omar)
        // Auth's outbox delivers the purge to plan…
        let delivered = try await eventually {
          try await env.running.ops.getInfo(.init()).outbox.first { $0.destination == "plan" } == nil
        }
        #expect(delivered)
        // …which removed everything: purging again finds nothing.
        #expect(try await env.planLifecycle.purgeUser(.with { $0.userID = env.omar.id }).removed == 0)
        let lenaStill = try await plan.listRoutines(.init(), metadata: env.lena.metadata)
        #expect(lenaStill.routines.isEmpty)
        let withoutCredential = await rpcError { _ = try await plan.getToday(.init(), metadata: [:]) }
        #expect(withoutCredential?.code == .unauthenticated)
      }
    }

    @Test func aBannedUserCannotWriteHere() async throws {
      try await PlanFixture.run { env in
        let admin = try await env.running.makeAdmin()
        _ = try await env.plan.logBodyWeight(.with { $0.weightKg = 90 }, metadata: env.omar.metadata)
        _ = try await env.auth.banUser(
          .with {
            $0.userID = env.omar.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        // The ban revokes his tokens; plan follows auth's revocation stream.
        let refused = try await eventually {
          await rpcError { _ = try await env.plan.logBodyWeight(.with { $0.weightKg = 91 }, metadata: env.omar.metadata) }?.code == .unauthenticated
        }
        #expect(refused)
      }
    }

    @Test func purgesQueuedBeforePlanWasConfiguredAreDeliveredOnceItIs() async throws {
      let authData = try temporaryDirectory("gym-auth")
      let authPort = try freePort()
      let planPort = try freePort()
      let credential = ServiceCredential.generate()
      // Auth without a plan receiver: the purge waits in its outbox.
      let (userID, queued) = try await withRunningAuth(dataDirectory: authData, port: authPort, credential: credential) { auth in
        let user = try await auth.register("early_leaver")
        _ = try await auth.auth.deleteAccount(.with { $0.password = PlanFixture.password }, metadata: user.metadata)
        return (user.id, try await auth.ops.getInfo(.init()).outbox.first { $0.destination == "plan" }?.pending ?? 0)
      }
      #expect(queued == 1)
      // Auth restarted with plan's address: the old job is delivered.
      try await withRunningAuth(
        dataDirectory: authData, port: authPort, credential: credential,
        outboxReceivers: ["plan": HostPort(host: "127.0.0.1", port: planPort)]
      ) { auth in
        try await PlanFixture.runPlan(auth: auth, catalog: HostPort(host: "127.0.0.1", port: 1), port: planPort) { _ in
          let delivered = try await eventually {
            try await auth.ops.getInfo(.init()).outbox.first { $0.destination == "plan" } == nil
          }
          #expect(delivered, "user \(userID)")
        }
      }
    }
  }
}
