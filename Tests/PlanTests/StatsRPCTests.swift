import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// History turned into numbers: lifetime totals, streaks, series for graphs, records,
  /// progression advice.
  @Suite struct StatsRPCTests {
    /// Quick-logs `sets` of (reps, kg) for one exercise on a date.
    func log(_ env: PlanFixture.Env, _ exercise: String, on day: Gym_Common_V1_Date, _ sets: [(Int32, Double)], minutes: Int32 = 60) async throws {
      _ = try await env.plan.logWorkout(
        .with {
          $0.date = day
          $0.durationMinutes = minutes
          $0.entries = [
            .with {
              $0.exerciseID = exercise;
              $0.sets = sets.map { set in
                .with {
                  $0.reps = set.0; $0.weightKg = set.1
                }
              }
            }
          ]
        }, metadata: env.lena.metadata)
    }

    @Test func lifetimeTotalsAndWeeklyStreaks() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        // Three consecutive ISO weeks, a gap, then one more week.
        for day in [date(2026, 1, 5), date(2026, 1, 7), date(2026, 1, 13), date(2026, 1, 21), date(2026, 2, 10)] {
          try await log(env, squat, on: day, [(5, 100), (5, 100)])
        }
        let stats = try await env.plan.getLifetimeStats(.init(), metadata: env.lena.metadata).stats
        #expect(stats.sessions == 5)
        #expect(stats.sets == 10)
        #expect(stats.reps == 50)
        #expect(stats.volumeKg == 5000)
        #expect(stats.totalSeconds == 5 * 3600)
        #expect(stats.longestWeeklyStreak == 3)
        #expect(stats.currentWeeklyStreak == 0)  // nothing in the last two weeks of November
        #expect(try await env.plan.getLifetimeStats(.init(), metadata: env.omar.metadata).stats.sessions == 0)
      }
    }

    @Test func streaksCountTheWeekInProgressAndLastWeek() {
      let monday = LocalDate("2026-11-23")!
      #expect(WeeklyStreaks(days: [monday.adding(days: -7), monday.adding(days: -14)], today: monday).current == 2)
      #expect(WeeklyStreaks(days: [monday, monday.adding(days: -7)], today: monday).current == 2)
      #expect(WeeklyStreaks(days: [monday.adding(days: -21)], today: monday).current == 0)
      // Sunday and the next Monday are different ISO weeks.
      let acrossSunday = WeeklyStreaks(days: [LocalDate("2026-11-22")!, monday], today: monday)
      #expect(acrossSunday.current == 2 && acrossSunday.longest == 2)
    }

    @Test func exerciseSeriesByWeekAndRecords() async throws {
      try await PlanFixture.run { env in
        let bench = try await env.exercise("barbell-bench-press")
        try await log(env, bench, on: date(2026, 3, 2), [(5, 80), (5, 80)])  // Monday
        try await log(env, bench, on: date(2026, 3, 6), [(3, 90)])  // Friday, same week
        try await log(env, bench, on: date(2026, 3, 10), [(1, 100), (8, 70)])
        let weekly = try await env.plan.getExerciseStats(
          .with {
            $0.exerciseID = bench; $0.from = date(2026, 3, 1); $0.to = date(2026, 3, 31); $0.bucket = .week
          }, metadata: env.lena.metadata)
        #expect(weekly.series.map { "\($0.start.year)-\($0.start.month)-\($0.start.day)" } == ["2026-3-2", "2026-3-9"])
        #expect(weekly.series[0].sets == 3)
        #expect(weekly.series[0].maxWeightKg == 90)
        #expect(weekly.series[0].volumeKg == 1070)
        #expect(abs(weekly.series[0].bestEstimatedOneRepMaxKg - 99) < 0.001)  // 90 × (1 + 3/30)
        #expect(weekly.series[1].bestEstimatedOneRepMaxKg == 100)  // the single beats 8 × 70 (88.7)
        let daily = try await env.plan.getExerciseStats(
          .with {
            $0.exerciseID = bench; $0.from = date(2026, 3, 1); $0.to = date(2026, 3, 31); $0.bucket = .day
          }, metadata: env.lena.metadata)
        #expect(daily.series.count == 3)
        let monthly = try await env.plan.getExerciseStats(
          .with {
            $0.exerciseID = bench; $0.from = date(2026, 1, 1); $0.to = date(2026, 12, 31); $0.bucket = .month
          }, metadata: env.lena.metadata)
        #expect(monthly.series.count == 1)
        #expect(monthly.series[0].reps == 22)
        let records = Dictionary(uniqueKeysWithValues: weekly.records.map { ($0.kind, $0.value) })
        #expect(records[.maxWeight] == 100)
        #expect(records[.maxReps] == 8)
        #expect(try await env.plan.getExerciseStats(.with { $0.exerciseID = bench }, metadata: env.omar.metadata).series.isEmpty)
        let reversed = await rpcError {
          _ = try await env.plan.getExerciseStats(
            .with {
              $0.exerciseID = bench; $0.from = date(2026, 3, 31); $0.to = date(2026, 3, 1)
            }, metadata: env.lena.metadata)
        }
        #expect(reversed?.code == .invalidArgument)
      }
    }

    @Test func progressionAdviceFollowsTheRoutinesTargets() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let plan = env.plan, lena = env.lena.metadata
        let none = await rpcError { _ = try await plan.getProgressionAdvice(.with { $0.exerciseID = squat }, metadata: lena) }
        #expect(none?.code == .failedPrecondition)

        let created = try await plan.createRoutine(.with { $0.routine = routine("Squat", exercises: [squat]) }, metadata: lena).routine
        let session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        for _ in 0..<3 {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 100
              }
            }, metadata: lena)
        }
        _ = try await plan.finishSession(.with { $0.sessionID = session.id }, metadata: lena)
        let advice = try await plan.getProgressionAdvice(.with { $0.exerciseID = squat }, metadata: lena)
        #expect(advice.advice == .increaseWeight)
        #expect(advice.amountKg == 2.5)  // a barbell lift
        #expect(advice.nextWeightKg == 102.5)
        #expect(advice.reason.contains("100 kg"))
      }
    }
  }
}
