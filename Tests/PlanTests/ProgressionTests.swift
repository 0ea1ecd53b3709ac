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
    reps.map { SetResult(targetReps: target, targetWeightKg: kg, reps: $0, weightKg: kg) }
  }

  /// Quick-logged sets: no targets.
  static func logged(_ reps: [Int], kg: Double) -> [SetResult] {
    reps.map { SetResult(targetReps: 0, targetWeightKg: 0, reps: $0, weightKg: kg) }
  }

  @Test func nothingToGoOn() {
    #expect(Progression.advise(recent: [], incrementKg: 2.5) == nil)
    #expect(Progression.advise(recent: Self.history([[], []]), incrementKg: 2.5) == nil)
  }

  @Test func everyTargetHitAddsTheIncrement() throws {
    let advice = try #require(Progression.advise(recent: Self.history([Self.planned([5, 5, 6])]), incrementKg: 2.5))
    #expect(
      advice
        == Progression.Advice(
          kind: .increaseWeight, amountKg: 2.5, amountReps: 0, nextWeightKg: 102.5,
          reason: "all 3 sets hit 5 reps at 100 kg; add 2.5 kg and lift 102.5 kg next time", sessionsConsidered: 1))
  }

  @Test func differentTargetsPerSetAreEachChecked() throws {
    let sets = [
      SetResult(targetReps: 5, targetWeightKg: 100, reps: 5, weightKg: 100),
      SetResult(targetReps: 3, targetWeightKg: 105, reps: 3, weightKg: 105),
      SetResult(targetReps: 1, targetWeightKg: 110, reps: 1, weightKg: 110),
    ]
    let advice = try #require(Progression.advise(recent: Self.history([sets]), incrementKg: 2.5))
    #expect(advice.kind == .increaseWeight)
    #expect(advice.nextWeightKg == 112.5)
    #expect(advice.reason == "all 3 sets hit their targets (5, 3, 1 reps) at 110 kg; add 2.5 kg and lift 112.5 kg next time")
  }

  @Test func aHitAtBodyWeightAddsARep() throws {
    let advice = try #require(Progression.advise(recent: Self.history([Self.planned([12, 12], target: 12, kg: 0)]), incrementKg: 1))
    #expect(advice.kind == .increaseReps)
    #expect(advice.amountReps == 1 && advice.nextWeightKg == 0)
    #expect(advice.reason == "both sets hit 12 reps at body weight; add one rep to every set next time")
  }

  @Test func withoutTargetsMoreRepsThanLastTimeAdvisesAnotherRep() throws {
    let recent = Self.history([Self.logged([9, 8, 8], kg: 60), Self.logged([8, 8, 8], kg: 60)])
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 2))
    #expect(
      advice
        == Progression.Advice(
          kind: .increaseReps, amountKg: 0, amountReps: 1, nextWeightKg: 60,
          reason: "you did 9, 8, 8 reps at 60 kg, up from 8, 8, 8; stay there and aim for one more rep", sessionsConsidered: 2))
  }

  @Test func withoutTargetsNoImprovementHolds() throws {
    // Lighter warm-up sets do not count: only reps at the working weight are compared.
    let recent = Self.history([
      Self.logged([10], kg: 40) + Self.logged([8, 8, 7], kg: 60), Self.logged([8, 8, 8], kg: 60),
    ])
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 2))
    #expect(advice.kind == .hold)
    #expect(advice.nextWeightKg == 60)
    #expect(advice.sessionsConsidered == 2)
    #expect(advice.reason == "you did 8, 8, 7 reps at 60 kg, no more than 8, 8, 8 last time; repeat it and try to beat that")
  }

  @Test func withoutTargetsOneSessionOrANewWeightHolds() throws {
    let single = try #require(Progression.advise(recent: Self.history([Self.logged([8, 8], kg: 60)]), incrementKg: 2))
    #expect(single.kind == .hold && single.sessionsConsidered == 1)
    #expect(single.reason == "you did 8, 8 reps at 60 kg; repeat it and try to beat that")

    let moved = Self.history([Self.logged([6, 6], kg: 62.5), Self.logged([8, 8], kg: 60)])
    let advice = try #require(Progression.advise(recent: moved, incrementKg: 2))
    #expect(advice.kind == .hold && advice.nextWeightKg == 62.5)
    #expect(advice.reason == "first session at 62.5 kg (6, 6 reps); repeat it and try to beat that")
  }

  @Test func oneMissHolds() throws {
    let recent = Self.history([Self.planned([5, 4, 3]), Self.planned([5, 5, 5], kg: 97.5)])
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 2.5))
    #expect(
      advice
        == Progression.Advice(
          kind: .hold, amountKg: 0, amountReps: 0, nextWeightKg: 100,
          reason: "you got 5, 4, 3 reps against a target of 5 at 100 kg; repeat 100 kg and aim for 5 reps on all 3 sets",
          sessionsConsidered: 1))
  }

  @Test func twoMissesInARowStillHold() throws {
    // The miss before them was at another weight, so the run is two long.
    let recent = Self.history([Self.planned([5, 5, 4]), Self.planned([5, 4, 4]), Self.planned([4, 4, 4], kg: 97.5)])
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 2.5))
    #expect(advice.kind == .hold)
    #expect(advice.sessionsConsidered == 2)
    #expect(
      advice.reason
        == "2 sessions in a row short of the target at 100 kg (last: 5, 5, 4 reps against a target of 5); repeat 100 kg and aim for 5 reps on all 3 sets")
  }

  @Test func aLighterWeightThanPlannedIsAMiss() throws {
    let sets = [SetResult(targetReps: 5, targetWeightKg: 100, reps: 5, weightKg: 95)]
    let advice = try #require(Progression.advise(recent: Self.history([sets]), incrementKg: 2.5))
    #expect(advice.kind == .hold)
    #expect(advice.nextWeightKg == 95)
    #expect(advice.reason == "you got 5 reps against a target of 5 at 95 kg; repeat 95 kg and aim for 5 reps on your set")
  }

  @Test func threeMissesInARowDeloadTenPercent() throws {
    let recent = Self.history([Self.planned([4, 4, 3]), Self.planned([5, 4, 4]), Self.planned([5, 5, 4]), Self.planned([5, 5, 5])])
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 2.5))
    #expect(
      advice
        == Progression.Advice(
          kind: .deload, amountKg: 10, amountReps: 0, nextWeightKg: 90,
          reason: "3 sessions in a row short of the target at 100 kg (last: 4, 4, 3 reps against a target of 5); "
            + "take off 10 kg and build back up from 90 kg",
          sessionsConsidered: 3))
  }

  @Test func onlyTheLastSixSessionsCount() throws {
    let recent = Self.history(Array(repeating: Self.planned([4, 4, 4]), count: 9))
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 2.5))
    #expect(advice.kind == .deload)
    #expect(advice.sessionsConsidered == 6)
  }

  @Test func missesAtBodyWeightNeverDeload() throws {
    let recent = Self.history(Array(repeating: Self.planned([8, 7], target: 10, kg: 0), count: 4))
    let advice = try #require(Progression.advise(recent: recent, incrementKg: 1))
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
    #expect(Progression.deloadKg(weight: weight, increment: increment) == drop)
  }

  @Test func defaultIncrements() {
    #expect(Progression.defaultIncrementKg(equipment: ["BARBELL"]) == 2.5)
    #expect(Progression.defaultIncrementKg(equipment: ["TRAP_BAR"]) == 2.5)
    #expect(Progression.defaultIncrementKg(equipment: ["dumbbell", "bench"]) == 2)
    #expect(Progression.defaultIncrementKg(equipment: ["KETTLEBELL"]) == 2)
    #expect(Progression.defaultIncrementKg(equipment: ["BENCH", "CABLE"]) == 5)
    #expect(Progression.defaultIncrementKg(equipment: ["Smith machine"]) == 5)
    #expect(Progression.defaultIncrementKg(equipment: ["MACHINE"]) == 5)
    #expect(Progression.defaultIncrementKg(equipment: ["BODYWEIGHT"]) == 1)
    #expect(Progression.defaultIncrementKg(equipment: []) == 1)
  }

  @Test func kilogramsReadWithoutTrailingZeros() {
    #expect(Progression.kg(102.5) == "102.5 kg")
    #expect(Progression.kg(100) == "100 kg")
    #expect(Progression.kg(1.25) == "1.25 kg")
    #expect(Progression.kg(0.05) == "0.05 kg")
    #expect(Progression.kg(97.50000000001) == "97.5 kg")
  }
}
