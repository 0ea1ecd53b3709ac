import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// The calculators through the API, against the published figures the unit tests check.
  @Suite struct CalculatorRPCTests {
    @Test func oneRepMaxSevenWaysAndATable() async throws {
      try await PlanFixture.run { env in
        let response = try await env.plan.calculateOneRepMax(
          .with {
            $0.weightKg = 100; $0.reps = 5
          }, metadata: env.lena.metadata)
        let byFormula = Dictionary(uniqueKeysWithValues: response.estimates.map { ($0.formula, $0.oneRepMaxKg) })
        #expect(byFormula.count == 7)
        #expect(byFormula[.epley] == 116.67)
        #expect(byFormula[.brzycki] == 112.5)
        #expect(byFormula[.wathan] == 116.58)
        #expect(response.meanKg == 115.49)
        #expect(response.repMaxes.first?.percent == 100)
        #expect(response.repMaxes.count == 12)
        let bad = await rpcError {
          _ = try await env.plan.calculateOneRepMax(
            .with {
              $0.weightKg = -1; $0.reps = 40
            }, metadata: env.lena.metadata)
        }
        #expect(Set(bad?.fieldViolations.map(\.field) ?? []) == ["weight_kg", "reps"])
      }
    }

    @Test func wilksWilks2020AndDotsInKilogramsOrPounds() async throws {
      try await PlanFixture.run { env in
        let kg = try await env.plan.calculateStrengthScore(
          .with {
            $0.sex = .male; $0.bodyweight = 100; $0.squat = 250; $0.bench = 170; $0.deadlift = 280; $0.unit = .kg
          }, metadata: env.lena.metadata)
        #expect(kg.totalKg == 700)
        #expect(kg.wilks == 426.01)
        #expect(kg.wilks2020 == 510.55)  // the current (2020-03-09) coefficients
        #expect(kg.dots == 430.86)
        let lb = try await env.plan.calculateStrengthScore(
          .with {
            $0.sex = .female; $0.bodyweight = 60 * 2.20462262; $0.total = 400 * 2.20462262; $0.unit = .lb
          }, metadata: env.lena.metadata)
        #expect(lb.wilks == 445.95)
        #expect(lb.dots == 443.42)
        let both = await rpcError {
          _ = try await env.plan.calculateStrengthScore(
            .with {
              $0.sex = .male; $0.bodyweight = 80; $0.squat = 100; $0.total = 300
            }, metadata: env.lena.metadata)
        }
        #expect(both?.fieldViolations.map(\.field) == ["total"])
        let noSex = await rpcError {
          _ = try await env.plan.calculateStrengthScore(
            .with {
              $0.bodyweight = 80; $0.total = 300
            }, metadata: env.lena.metadata)
        }
        #expect(noSex?.fieldViolations.map(\.field) == ["sex"])
      }
    }
  }
}
