import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlan

/// Body measurements beside body weight: one entry per day, replaced when logged again,
/// listed newest first; private unless an entry is shared with the member's trainers.
@Suite struct BodyMeasurementTests {
  static func log(
    _ plan: Plan, _ user: PlanFixture.User, date: LocalDate, _ fill: (inout Gym_Plan_V1_BodyMeasurements) -> Void
  ) async throws -> Gym_Plan_V1_BodyMeasurements {
    var m = Gym_Plan_V1_BodyMeasurements()
    m.date = date.proto
    fill(&m)
    return try await plan.logBodyMeasurements(.with { $0.measurements = m }, metadata: user.metadata).measurements
  }

  @Test func aMemberLogsCorrectsListsAndDeletesMeasurementsAndOnlySharedOnesReachTheirTrainer() async throws {
    try await PlanFixture.run { env in
      let plan = env.plan
      let tess = try await env.running.register("tess", role: .trainer)
      try await coach(tess, lena: env, plan: plan)
      let today = LocalDate(Date(), in: TimeZone(identifier: "Europe/London")!)

      let first = try await Self.log(plan, env.lena, date: today.adding(days: -14)) {
        $0.waistCm = 84; $0.hipsCm = 98; $0.bodyFatPercent = 24.5
      }
      #expect(first.waistCm == 84 && first.chestCm == 0 && first.bodyFatPercent == 24.5 && !first.sharedWithTrainer)
      let shared = try await Self.log(plan, env.lena, date: today.adding(days: -7)) {
        $0.waistCm = 82.5; $0.armCm = 31; $0.thighCm = 56; $0.chestCm = 92; $0.sharedWithTrainer = true
      }
      // The same day again replaces the entry whole (same id): the hips are gone.
      let corrected = try await Self.log(plan, env.lena, date: today.adding(days: -14)) {
        $0.waistCm = 84.5; $0.bodyFatPercent = 24
      }
      #expect(corrected.id == first.id && corrected.waistCm == 84.5 && corrected.hipsCm == 0)

      let listed = try await plan.listBodyMeasurements(.init(), metadata: env.lena.metadata).entries
      #expect(listed.map(\.id) == [shared.id, first.id])
      let ranged = try await plan.listBodyMeasurements(
        .with { $0.from = today.adding(days: -10).proto }, metadata: env.lena.metadata
      ).entries
      #expect(ranged.map(\.id) == [shared.id])
      // Nobody else lists them.
      #expect(try await plan.listBodyMeasurements(.init(), metadata: env.omar.metadata).entries.isEmpty)

      // The trainer sees the shared entry only.
      let overview = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
      #expect(overview.bodyMeasurements.map(\.id) == [shared.id] && overview.bodyMeasurements[0].armCm == 31)
      // Her copy of her data holds both, shared or not; Omar's none.
      let exported = try await exportedRows(env.planLifecycle, of: env.lena.id, table: "body_measurements")
      #expect(exported.contains(first.id) && exported.contains(shared.id) && exported.contains("82.5"), "\(exported)")
      #expect(try await exportedRows(env.planLifecycle, of: env.omar.id, table: "body_measurements") == "[]")

      // Another user's entry is not found, and not deleted; her own goes.
      let foreign = await rpcError {
        _ = try await plan.deleteBodyMeasurements(.with { $0.id = shared.id }, metadata: env.omar.metadata)
      }
      #expect(foreign?.code == .notFound)
      _ = try await plan.deleteBodyMeasurements(.with { $0.id = shared.id }, metadata: env.lena.metadata)
      #expect(try await plan.listBodyMeasurements(.init(), metadata: env.lena.metadata).entries.map(\.id) == [first.id])
      let after = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
      #expect(after.bodyMeasurements.isEmpty)
    }
  }

  @Test func measurementsOutOfRangeNoneAtAllOrInTheFutureAreRefusedNamingEachField() async throws {
    try await PlanFixture.run { env in
      let today = LocalDate(Date(), in: TimeZone(identifier: "Europe/London")!)
      let wrong = await rpcError {
        _ = try await Self.log(env.plan, env.lena, date: today.adding(days: 2)) {
          $0.waistCm = 5; $0.bodyFatPercent = 90; $0.thighCm = .nan
        }
      }
      #expect(wrong?.code == .invalidArgument)
      #expect(
        Set(wrong?.fieldViolations.map(\.field) ?? [])
          == ["measurements.date", "measurements.waist_cm", "measurements.thigh_cm", "measurements.body_fat_percent"])
      let none = await rpcError { _ = try await Self.log(env.plan, env.lena, date: today) { $0.sharedWithTrainer = true } }
      #expect(none?.fieldViolations.map(\.field) == ["measurements"])
      let stored = try await env.plan.listBodyMeasurements(.init(), metadata: env.lena.metadata).entries
      #expect(stored.isEmpty)
    }
  }

  @Test func measurementDaysShareTheWeighInsCap() async throws {
    var limits = PlanLimits()
    limits.bodyWeights = 2
    try await PlanFixture.run(limits: limits) { env in
      let today = LocalDate(Date(), in: TimeZone(identifier: "Europe/London")!)
      for days in [-3, -2] { _ = try await Self.log(env.plan, env.lena, date: today.adding(days: days)) { $0.waistCm = 80 } }
      let full = await rpcError { _ = try await Self.log(env.plan, env.lena, date: today.adding(days: -1)) { $0.waistCm = 80 } }
      #expect(full?.code == .resourceExhausted && full?.message.contains("DeleteBodyMeasurements") == true)
      // Correcting a day already measured needs no room.
      #expect(try await Self.log(env.plan, env.lena, date: today.adding(days: -2)) { $0.waistCm = 79 }.waistCm == 79)
    }
  }
}
