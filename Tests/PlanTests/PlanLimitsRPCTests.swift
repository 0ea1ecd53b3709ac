import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// The caps as a client meets them: RESOURCE_EXHAUSTED saying the cap and what to
  /// delete, nothing stored, room again once something is deleted.
  @Suite struct PlanLimitsRPCTests {
    @Test func aMemberAtTheRoutinesCapIsToldWhatToDelete() async throws {
      var limits = PlanLimits()
      limits.routines = 2
      try await PlanFixture.run(limits: limits) { env in
        let squat = try await env.exercise("back-squat")
        let lena = env.lena.metadata
        var ids: [String] = []
        for name in ["A", "B"] {
          ids.append(try await env.plan.createRoutine(.with { $0.routine = routine(name, exercises: [squat]) }, metadata: lena).routine.id)
        }
        let full = await rpcError { _ = try await env.plan.createRoutine(.with { $0.routine = routine("C", exercises: [squat]) }, metadata: lena) }
        #expect(full?.code == .resourceExhausted)
        #expect(full?.message.contains("2 routines") == true && full?.message.contains("DeleteRoutine") == true, "\(full?.message ?? "")")
        #expect(try await env.plan.listRoutines(.init(), metadata: lena).routines.count == 2)
        // Omar has his own room.
        _ = try await env.plan.createRoutine(.with { $0.routine = routine("O", exercises: [squat]) }, metadata: env.omar.metadata)
        _ = try await env.plan.deleteRoutine(.with { $0.id = ids[0] }, metadata: lena)
        _ = try await env.plan.createRoutine(.with { $0.routine = routine("C", exercises: [squat]) }, metadata: lena)
      }
    }
  }
}

/// The caps and the reminder window are read from the environment.
@Suite struct PlanConfigTests {
  @Test func capsAndTheReminderWindowAreConfigurable() throws {
    let directory = try temporaryDirectory("gym-plan-config")
    let credential = directory + "/credential"
    _ = try ServiceCredential.loadOrCreate(path: credential)
    func settings(_ environment: [String: String]) throws -> PlanApp.Settings {
      try PlanApp.Settings(
        config: Config(
          keys: PlanApp.keys,
          environment: [
            "GYM_DATA_DIR": directory, "GYM_SERVICE_CREDENTIAL_FILE": credential, "GYM_AUTH_ADDR": "127.0.0.1:7001",
            "GYM_CATALOG_ADDR": "127.0.0.1:7002",
          ].merging(environment) { $1 },
          arguments: []))
    }
    let defaults = try settings([:])
    #expect(defaults.limits == PlanLimits())
    #expect(defaults.limits.routines == 200 && defaults.limits.reminders == 50 && defaults.limits.foodEntriesPerDay == 100)
    #expect(defaults.reminderMaxLate == 3600)
    let configured = try settings([
      "GYM_PLAN_MAX_ROUTINES": "7", "GYM_PLAN_MAX_SCHEDULE_ENTRIES": "8", "GYM_PLAN_MAX_REMINDERS": "3",
      "GYM_PLAN_MAX_SESSION_EXERCISES": "9", "GYM_PLAN_MAX_SESSION_SETS": "90", "GYM_PLAN_MAX_SESSIONS_PER_DAY": "4",
      "GYM_PLAN_MAX_FOOD_ENTRIES_PER_DAY": "11", "GYM_PLAN_MAX_NUTRITION_PLANS": "5", "GYM_PLAN_MAX_GOALS": "6",
      "GYM_PLAN_MAX_SAVED_EXERCISES": "12", "GYM_PLAN_MAX_SESSIONS": "13", "GYM_PLAN_MAX_FOOD_ENTRIES": "14",
      "GYM_PLAN_MAX_BODY_WEIGHTS": "15", "GYM_PLAN_REMINDER_MAX_LATE_SECONDS": "600",
    ])
    var expected = PlanLimits()
    expected.routines = 7
    expected.scheduleEntries = 8
    expected.reminders = 3
    expected.sessionItems = 9
    expected.setsPerSession = 90
    expected.sessionsPerDay = 4
    expected.foodEntriesPerDay = 11
    expected.nutritionPlans = 5
    expected.goals = 6
    expected.savedExercises = 12
    expected.sessions = 13
    expected.foodEntries = 14
    expected.bodyWeights = 15
    #expect(configured.limits == expected)
    #expect(configured.reminderMaxLate == 600)
    #expect(throws: ConfigError.self) { try settings(["GYM_PLAN_MAX_ROUTINES": "0"]) }
    #expect(throws: ConfigError.self) { try settings(["GYM_PLAN_REMINDER_MAX_LATE_SECONDS": "5"]) }
  }
}
