import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// Every plan write that takes another user's id answers NOT_FOUND for an id that is
  /// no user, and stores nothing.
  @Suite struct UserIDTests {
    @Test func writesNamingAUserWhoDoesNotExistStoreNothing() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan
        let tess = try await env.running.register("tess", role: .trainer)
        let squat = try await env.exercise("back-squat")
        let routineOfTess = try await plan.createRoutine(.with { $0.routine = routine("T", exercises: [squat]) }, metadata: tess.metadata).routine
        let targets = Gym_Plan_V1_Macros.with {
          $0.kcal = 2000; $0.proteinG = 150; $0.carbsG = 200; $0.fatG = 67
        }
        let meals = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "Meals"; $0.dailyTargets = targets
            }
          }, metadata: tess.metadata
        ).plan
        let ghost = "0000000000000-no-such-user"
        func expectNotFound(_ name: String, _ call: () async throws -> Void) async {
          #expect(await rpcError(call)?.code == .notFound, "\(name)")
        }
        await expectNotFound("RequestTrainer") {
          _ = try await plan.requestTrainer(
            .with {
              $0.trainerID = ghost; $0.message = "hi"
            }, metadata: env.lena.metadata)
        }
        await expectNotFound("AssignRoutine") {
          _ = try await plan.assignRoutine(
            .with {
              $0.clientID = ghost; $0.routineID = routineOfTess.id
            }, metadata: tess.metadata)
        }
        await expectNotFound("AssignNutritionPlan") {
          _ = try await plan.assignNutritionPlan(
            .with {
              $0.clientID = ghost; $0.planID = meals.id
            }, metadata: tess.metadata)
        }
        await expectNotFound("RemoveClient") { _ = try await plan.removeClient(.with { $0.clientID = ghost }, metadata: tess.metadata) }
        await expectNotFound("LeaveTrainer") { _ = try await plan.leaveTrainer(.with { $0.trainerID = ghost }, metadata: env.lena.metadata) }
        await expectNotFound("GetClientOverview") {
          _ = try await plan.getClientOverview(.with { $0.clientID = ghost }, metadata: tess.metadata)
        }
        #expect(try await plan.listTrainerRequests(.with { $0.direction = .outgoing }, metadata: env.lena.metadata).requests.isEmpty)
        #expect(try await plan.listClients(.init(), metadata: tess.metadata).clients.isEmpty)
        #expect(try await plan.listRoutines(.init(), metadata: tess.metadata).routines.count == 1)
        #expect(try await plan.listNutritionPlans(.init(), metadata: tess.metadata).plans.count == 1)
        // Nothing anywhere names the id.
        let left = try LeftBehind.rows(mentioning: [ghost], inDatabaseAt: env.planDataDirectory + "/plan.sqlite")
        #expect(left.isEmpty, "\(left.map(\.description).joined(separator: "\n"))")
      }
    }
  }
}
