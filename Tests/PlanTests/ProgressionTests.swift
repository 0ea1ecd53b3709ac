import Foundation
import Testing

@testable import GymPlan

/// Each branch of the double-progression rules, with the words a user reads.
@Suite struct ProgressionTests {
  typealias SetResult = Progression.SetResult

  /// `sessions` newest first, one a day back from a fixed date.
  static func history(_ sessions: [[SetResult]]) -> [Progression.Workout] {
    sessions.enumerated().map { index, sets in
      Progression.Workout(date: Date(timeIntervalSince1970: 1_750_000_000 - Double(index) * 86_400), sets: sets)
    }
  }

  /// Three sets with a target of `target` reps at `kg`, that got `reps`.
  static func planned(_ reps: [Int], target: Int = 5, kg: Double = 100) -> [SetResult] {
    reps.map { SetResult(targetReps: target, targetWeight: kg, reps: $0, weight: kg) }
  }

  /// Quick-logged sets: no targets.
  static func logged(_ reps: [Int], kg: Double) -> [SetResult] {
    reps.map { SetResult(targetReps: 0, targetWeight: 0, reps: $0, weight: kg) }
  }

  @Test func nothingToGoOn() {
    #expect(Progression.advise(recent: [], increment: 2.5) == nil)
    #expect(Progression.advise(recent: Self.history([[], []]), increment: 2.5) == nil)
  }

  @Test func everyTargetHitAddsTheIncrement() throws {
    let advice = try #require(Progression.advise(recent: Self.history([Self.planned([5, 5, 6])]), increment: 2.5))
    #expect(
      advice
        == Progression.Advice(
          kind: .increaseWeight, amount: 2.5, amountReps: 0, nextWeight: 102.5,
          reason: "all 3 sets hit 5 reps at 100 kg; add 2.5 kg and lift 102.5 kg next time", sessionsConsidered: 1))
  }

  @Test func differentTargetsPerSetAreEachChecked() throws {
    let sets = [
      SetResult(targetReps: 5, targetWeight: 100, reps: 5, weight: 100),
      SetResult(targetReps: 3, targetWeight: 105, reps: 3, weight: 105),
      SetResult(targetReps: 1, targetWeight: 110, reps: 1, weight: 110),
    ]
    let advice = try #require(Progression.advise(recent: Self.history([sets]), increment: 2.5))
    #expect(advice.kind == .increaseWeight)
    #expect(advice.nextWeight == 112.5)
    #expect(advice.reason == "all 3 sets hit their targets (5, 3, 1 reps) at 110 kg; add 2.5 kg and lift 112.5 kg next time")
  }

  @Test func aHitAtBodyWeightAddsARep() throws {
    let advice = try #require(Progression.advise(recent: Self.history([Self.planned([12, 12], target: 12, kg: 0)]), increment: 1))
    #expect(advice.kind == .increaseReps)
    #expect(advice.amountReps == 1 && advice.nextWeight == 0)
    #expect(advice.reason == "both sets hit 12 reps at body weight; add one rep to every set next time")
  }

  @Test func withoutTargetsMoreRepsThanLastTimeAdvisesAnotherRep() throws {
    let recent = Self.history([Self.logged([9, 8, 8], kg: 60), Self.logged([8, 8, 8], kg: 60)])
    let advice = try #require(Progression.advise(recent: recent, increment: 2))
    #expect(
      advice
        == Progression.Advice(
          kind: .increaseReps, amount: 0, amountReps: 1, nextWeight: 60,
          reason: "you did 9, 8, 8 reps at 60 kg, up from 8, 8, 8; stay there and aim for one more rep", sessionsConsidered: 2))
  }

  @Test func withoutTargetsNoImprovementHolds() throws {
    // Lighter warm-up sets do not count: only reps at the working weight are compared.
    let recent = Self.history([
      Self.logged([10], kg: 40) + Self.logged([8, 8, 7], kg: 60), Self.logged([8, 8, 8], kg: 60),
    ])
    let advice = try #require(Progression.advise(recent: recent, increment: 2))
    #expect(advice.kind == .hold)
    #expect(advice.nextWeight == 60)
    #expect(advice.sessionsConsidered == 2)
    #expect(advice.reason == "you did 8, 8, 7 reps at 60 kg, no more than 8, 8, 8 last time; repeat it and try to beat that")
  }

  @Test func withoutTargetsOneSessionOrANewWeightHolds() throws {
    let single = try #require(Progression.advise(recent: Self.history([Self.logged([8, 8], kg: 60)]), increment: 2))
    #expect(single.kind == .hold && single.sessionsConsidered == 1)
    #expect(single.reason == "you did 8, 8 reps at 60 kg; repeat it and try to beat that")

    let moved = Self.history([Self.logged([6, 6], kg: 62.5), Self.logged([8, 8], kg: 60)])
    let advice = try #require(Progression.advise(recent: moved, increment: 2))
    #expect(advice.kind == .hold && advice.nextWeight == 62.5)
    #expect(advice.reason == "first session at 62.5 kg (6, 6 reps); repeat it and try to beat that")
  }

  @Test func oneMissHolds() throws {
    let recent = Self.history([Self.planned([5, 4, 3]), Self.planned([5, 5, 5], kg: 97.5)])
    let advice = try #require(Progression.advise(recent: recent, increment: 2.5))
    #expect(
      advice
        == Progression.Advice(
          kind: .hold, amount: 0, amountReps: 0, nextWeight: 100,
          reason: "you got 5, 4, 3 reps against a target of 5 at 100 kg; repeat 100 kg and aim for 5 reps on all 3 sets",
          sessionsConsidered: 1))
  }

  @Test func twoMissesInARowStillHold() throws {
    // The miss before them was at another weight, so the run is two long.
    let recent = Self.history([Self.planned([5, 5, 4]), Self.planned([5, 4, 4]), Self.planned([4, 4, 4], kg: 97.5)])
    let advice = try #require(Progression.advise(recent: recent, increment: 2.5))
    #expect(advice.kind == .hold)
    #expect(advice.sessionsConsidered == 2)
    #expect(
      advice.reason
        == "2 sessions in a row short of the target at 100 kg (last: 5, 5, 4 reps against a target of 5); repeat 100 kg and aim for 5 reps on all 3 sets")
  }

  @Test func aLighterWeightThanPlannedIsAMiss() throws {
    let sets = [SetResult(targetReps: 5, targetWeight: 100, reps: 5, weight: 95)]
    let advice = try #require(Progression.advise(recent: Self.history([sets]), increment: 2.5))
    #expect(advice.kind == .hold)
    #expect(advice.nextWeight == 95)
    #expect(advice.reason == "you got 5 reps against a target of 5 at 95 kg; repeat 95 kg and aim for 5 reps on your set")
  }

  @Test func threeMissesInARowDeloadTenPercent() throws {
    let recent = Self.history([Self.planned([4, 4, 3]), Self.planned([5, 4, 4]), Self.planned([5, 5, 4]), Self.planned([5, 5, 5])])
    let advice = try #require(Progression.advise(recent: recent, increment: 2.5))
    #expect(
      advice
        == Progression.Advice(
          kind: .deload, amount: 10, amountReps: 0, nextWeight: 90,
          reason: "3 sessions in a row short of the target at 100 kg (last: 4, 4, 3 reps against a target of 5); "
            + "take off 10 kg and build back up from 90 kg",
          sessionsConsidered: 3))
  }

  @Test func onlyTheLastSixSessionsCount() throws {
    let recent = Self.history(Array(repeating: Self.planned([4, 4, 4]), count: 9))
    let advice = try #require(Progression.advise(recent: recent, increment: 2.5))
    #expect(advice.kind == .deload)
    #expect(advice.sessionsConsidered == 6)
  }

  @Test func missesAtBodyWeightNeverDeload() throws {
    let recent = Self.history(Array(repeating: Self.planned([8, 7], target: 10, kg: 0), count: 4))
    let advice = try #require(Progression.advise(recent: recent, increment: 1))
    #expect(advice.kind == .hold)
    #expect(
      advice.reason
        == "4 sessions in a row short of the target at body weight (last: 8, 7 reps against a target of 10); aim for 10 reps on both sets")
  }

  @Test(arguments: [
    // (working kg, increment, kg taken off)
    (100.0, 2.5, 10.0), (60, 2.5, 5), (20, 2.5, 2.5), (100, 5, 10), (47.5, 2, 4), (25, 2.5, 2.5), (12, 2, 2),
  ])
  func deloadIsTenPercentInWholeIncrementsAtLeastOne(_ weight: Double, _ increment: Double, _ drop: Double) {
    #expect(Progression.deload(weight: weight, increment: increment) == drop)
  }

  @Test func defaultIncrements() {
    #expect(Progression.defaultIncrement(equipment: ["BARBELL"]) == 2.5)
    #expect(Progression.defaultIncrement(equipment: ["TRAP_BAR"]) == 2.5)
    #expect(Progression.defaultIncrement(equipment: ["dumbbell", "bench"]) == 2)
    #expect(Progression.defaultIncrement(equipment: ["KETTLEBELL"]) == 2)
    #expect(Progression.defaultIncrement(equipment: ["BENCH", "CABLE"]) == 5)
    #expect(Progression.defaultIncrement(equipment: ["Smith machine"]) == 5)
    #expect(Progression.defaultIncrement(equipment: ["MACHINE"]) == 5)
    #expect(Progression.defaultIncrement(equipment: ["BODYWEIGHT"]) == 1)
    #expect(Progression.defaultIncrement(equipment: []) == 1)
  }

  @Test func kilogramsReadWithoutTrailingZeros() {
    #expect(LoadUnit.kilograms.text(102.5) == "102.5 kg")
    #expect(LoadUnit.kilograms.text(100) == "100 kg")
    #expect(LoadUnit.kilograms.text(1.25) == "1.25 kg")
    #expect(LoadUnit.kilograms.text(0.05) == "0.05 kg")
    #expect(LoadUnit.kilograms.text(97.50000000001) == "97.5 kg")
  }

  /// A pound lifter is advised in pounds on their plates: 5 lb on the bar, and a weight
  /// logged in kilograms (100 kg = 220.46 lb) comes back to the plates; a dumbbell's own
  /// increment is added as it is, not rounded to bar plates.
  @Test func aPoundLifterIsAdvisedOnPoundPlates() throws {
    let pounds = LoadUnit(imperial: true, plateStep: 2.5)
    let hit = try #require(Progression.advise(recent: Self.history([Self.planned([5, 5, 5], kg: 225)]), increment: 5, unit: pounds))
    #expect(hit.kind == .increaseWeight && hit.amount == 5 && hit.nextWeight == 230)
    #expect(hit.reason == "all 3 sets hit 5 reps at 225 lb; add 5 lb and lift 230 lb next time")
    let converted = pounds.fromKilograms(100)
    let fromKg = try #require(
      Progression.advise(recent: Self.history([Self.planned([5, 5, 5], kg: converted)]), increment: 5, unit: pounds))
    #expect(fromKg.nextWeight == 225, "220.46 + 5 lies nearest 225 on 2.5 lb plates")
    #expect(abs(fromKg.amount - 4.538) < 1e-9)
    let dumbbell = try #require(
      Progression.advise(recent: Self.history([Self.planned([10, 10], target: 10, kg: 24)]), increment: 2, unit: .kilograms))
    #expect(dumbbell.nextWeight == 26, "2 kg is no whole number of 1.25 kg steps: added as it is")
    #expect(Progression.defaultIncrement(equipment: ["BARBELL"], imperial: true) == 5)
    #expect(Progression.defaultIncrement(equipment: ["DUMBBELL"], imperial: true) == 5)
    #expect(Progression.defaultIncrement(equipment: ["CABLE"], imperial: true) == 10)
    #expect(Progression.defaultIncrement(equipment: ["BODYWEIGHT"], imperial: true) == 2.5)
  }
}
