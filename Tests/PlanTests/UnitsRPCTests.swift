import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// A member whose profile says imperial enters and reads pounds and inches across
  /// plan, kept in kilograms and centimetres, and gets suggestions on pound plates.
  @Suite struct UnitsRPCTests {
    static let poundKg = 0.45359237

    /// Lena's profile turns imperial through auth; plan hears of it from auth's updates.
    static func imperial(_ env: PlanFixture.Env) async throws {
      _ = try await env.auth.updateProfile(
        .with {
          $0.profile.unitSystem = .imperial
          $0.updateMask = .with { $0.paths = ["unit_system"] }
        }, metadata: env.lena.metadata)
      let heard = try await eventually(within: .seconds(30)) {
        try await env.plan.getUnitSettings(.init(), metadata: env.lena.metadata).settings.imperial
      }
      try #require(heard, "plan never heard that the profile is imperial")
    }

    @Test func aPoundLifterLogsReadsAndIsAdvisedInPounds() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let settings = try await plan.getUnitSettings(.init(), metadata: lena).settings
        #expect(!settings.imperial && settings.plateStepKg == 1.25 && settings.plateStepLb == 2.5)
        try await Self.imperial(env)

        // A routine entered in pounds is kept in kilograms and read back as the pounds it was.
        let squat = try await env.exercise("back-squat")
        var entered = routine("Squat", exercises: [squat])
        for s in entered.days[0].exercises[0].sets.indices {
          entered.days[0].exercises[0].sets[s].targetWeightKg = 0
          entered.days[0].exercises[0].sets[s].targetWeightLb = 225
        }
        let created = try await plan.createRoutine(.with { $0.routine = entered }, metadata: lena).routine
        let target = created.days[0].exercises[0].sets[0]
        #expect(target.targetWeightLb == 225)
        #expect(abs(target.targetWeightKg - 225 * Self.poundKg) < 1e-9)

        // Sent back as read (both fields), it is accepted unchanged; the two disagreeing is named.
        let same = try await plan.updateRoutine(
          .with {
            $0.routine = created; $0.etag = created.etag
          }, metadata: lena
        ).routine
        #expect(same.days[0].exercises[0].sets[0].targetWeightKg == target.targetWeightKg)
        var edited = same
        edited.days[0].exercises[0].sets[0].targetWeightLb = 235
        let clash = await rpcError {
          _ = try await plan.updateRoutine(
            .with {
              $0.routine = edited; $0.etag = same.etag
            }, metadata: lena)
        }
        #expect(clash?.code == .invalidArgument)
        #expect(clash?.fieldViolations.map(\.field) == ["routine.days[0].exercises[0].sets[0].target_weight_lb"])

        // Three sets of 5 at 225 lb hit the targets: the bar goes up by 5 lb, said in pounds.
        let session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        for _ in 0..<3 {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id
              $0.set = .with {
                $0.reps = 5; $0.weightLb = 225
              }
            }, metadata: lena)
        }
        let finished = try await plan.finishSession(.with { $0.sessionID = session.id }, metadata: lena).session
        #expect(finished.items[0].loggedSets.map(\.weightLb) == [225, 225, 225])
        #expect(finished.summary.volumeLb == 3375)
        #expect(finished.summary.newRecords.contains { $0.kind == .maxWeight && $0.valueLb == 225 })
        let advice = try await plan.getProgressionAdvice(.with { $0.exerciseID = squat }, metadata: lena)
        #expect(advice.advice == .increaseWeight)
        #expect(advice.amountLb == 5 && advice.nextWeightLb == 230)
        #expect(abs(advice.nextWeightKg - 230 * Self.poundKg) < 1e-9)
        #expect(advice.reason.contains("at 225 lb") && advice.reason.contains("lift 230 lb"), "\(advice.reason)")
        #expect(try await plan.getLifetimeStats(.init(), metadata: lena).stats.volumeLb == 3375)
        let stats = try await plan.getExerciseStats(.with { $0.exerciseID = squat }, metadata: lena)
        #expect(stats.series.first?.maxWeightLb == 225)

        // Calculators: the rep-max table on the user's pound plates, 2.5 lb, then 5 lb.
        let oneRepMax = try await plan.calculateOneRepMax(
          .with {
            $0.weightLb = 225; $0.reps = 5
          }, metadata: lena)
        #expect(oneRepMax.repMaxes.allSatisfy { ($0.weightLb / 2.5).rounded() * 2.5 == $0.weightLb }, "\(oneRepMax.repMaxes)")
        #expect(oneRepMax.repMaxes.contains { ($0.weightLb / 5).rounded() * 5 != $0.weightLb })
        let steps = try await plan.updateUnitSettings(.with { $0.settings.plateStepLb = 5 }, metadata: lena).settings
        #expect(steps.imperial && steps.plateStepLb == 5 && steps.plateStepKg == 1.25)
        let fives = try await plan.calculateOneRepMax(
          .with {
            $0.weightLb = 225; $0.reps = 5
          }, metadata: lena)
        #expect(fives.repMaxes.allSatisfy { ($0.weightLb / 5).rounded() * 5 == $0.weightLb }, "\(fives.repMaxes)")
        #expect(fives.meanLb == oneRepMax.meanLb && abs(fives.meanKg - fives.meanLb * Self.poundKg) < 0.01)
        // The strength score reads the profile's pounds when no unit is given.
        let score = try await plan.calculateStrengthScore(
          .with {
            $0.sex = .male; $0.bodyweight = 200; $0.total = 1000
          }, metadata: lena)
        #expect(score.totalLb == 1000 && score.totalKg == 453.59)
      }
    }

    @Test func bodyWeightGoalsAndMeasurementsInPoundsAndInches() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        try await Self.imperial(env)
        let entry = try await plan.logBodyWeight(.with { $0.weightLb = 180 }, metadata: lena).entry
        #expect(entry.weightLb == 180 && abs(entry.weightKg - 180 * Self.poundKg) < 1e-9)
        #expect(try await plan.listBodyWeight(.init(), metadata: lena).entries.map(\.weightLb) == [180])

        var due = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date().addingTimeInterval(90 * 86_400))
        due.hour = 12
        let goal = try await plan.createGoal(
          .with {
            $0.goal = .with {
              $0.kind = .bodyWeight; $0.targetWeightLb = 170
              $0.due = date(due.year!, due.month!, due.day!)
            }
          }, metadata: lena
        ).goal
        #expect(goal.targetWeightLb == 170 && goal.startValueLb == 180 && goal.currentValueLb == 180)
        #expect(goal.status.contains("now 180 lb") && goal.status.contains("target 170 lb"), "\(goal.status)")

        let measured = try await plan.logBodyMeasurements(
          .with {
            $0.measurements = .with {
              $0.chestIn = 40; $0.waistIn = 32.5; $0.armCm = 38
            }
          }, metadata: lena
        ).measurements
        #expect(abs(measured.chestCm - 101.6) < 1e-9 && measured.chestIn == 40)
        #expect(measured.waistIn == 32.5 && measured.armIn == 14.96 && measured.hipsIn == 0)

        // Every unit's field is named when it is wrong, with both units in the words.
        let wrong = await rpcError {
          _ = try await plan.logBodyWeight(.with { $0.weightLb = 30 }, metadata: lena)
        }
        #expect(wrong?.fieldViolations.map(\.field) == ["weight_lb"])
        #expect(wrong?.fieldViolations.first?.description.contains("lb") == true)
        let clash = await rpcError {
          _ = try await plan.logBodyWeight(
            .with {
              $0.weightKg = 80; $0.weightLb = 200
            }, metadata: lena)
        }
        #expect(clash?.fieldViolations.map(\.field) == ["weight_lb"])
        let inches = await rpcError {
          _ = try await plan.logBodyMeasurements(.with { $0.measurements = .with { $0.thighIn = 200 } }, metadata: lena)
        }
        #expect(inches?.fieldViolations.map(\.field) == ["measurements.thigh_in"])
        let steps = await rpcError {
          _ = try await plan.updateUnitSettings(
            .with {
              $0.settings.plateStepKg = 0.1; $0.settings.plateStepLb = 30
            }, metadata: lena)
        }
        #expect(steps?.fieldViolations.map(\.field) == ["settings.plate_step_kg", "settings.plate_step_lb"])
      }
    }

    /// A metric lifter keeps kilograms: suggestions on 1.25 kg plates (or their own
    /// step), and the pounds beside them only for reading.
    @Test func aMetricLifterKeepsKilogramPlates() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, omar = env.omar.metadata
        let table = try await plan.calculateOneRepMax(
          .with {
            $0.weightKg = 100; $0.reps = 5
          }, metadata: omar)
        #expect(table.repMaxes.allSatisfy { ($0.weightKg / 1.25).rounded() * 1.25 == $0.weightKg }, "\(table.repMaxes)")
        #expect(table.repMaxes.allSatisfy { abs($0.weightLb - $0.weightKg / Self.poundKg) <= 0.005 })
        _ = try await plan.updateUnitSettings(.with { $0.settings.plateStepKg = 2.5 }, metadata: omar)
        let coarse = try await plan.calculateOneRepMax(
          .with {
            $0.weightKg = 100; $0.reps = 5
          }, metadata: omar)
        #expect(coarse.repMaxes.allSatisfy { ($0.weightKg / 2.5).rounded() * 2.5 == $0.weightKg }, "\(coarse.repMaxes)")
        let score = try await plan.calculateStrengthScore(
          .with {
            $0.sex = .male; $0.bodyweight = 100; $0.total = 700
          }, metadata: omar)
        #expect(score.totalKg == 700, "no unit given: the profile's, metric")
      }
    }
  }
}
