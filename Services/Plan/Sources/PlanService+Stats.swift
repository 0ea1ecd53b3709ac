import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func getLifetimeStats(
    request: Gym_Plan_V1_GetLifetimeStatsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetLifetimeStatsResponse {
    let caller = try Caller.current()
    let zone = try await timeZone(of: caller.userID)
    let stats = Self.lifetimeStats(try await store.lifetimeTotals(ownerID: caller.userID), today: LocalDate(Date(), in: zone))
    return .with { $0.stats = stats }
  }

  static func lifetimeStats(_ totals: PlanStore.LifetimeTotals, today: LocalDate) -> Gym_Plan_V1_LifetimeStats {
    let streaks = WeeklyStreaks(days: totals.days, today: today)
    return .with {
      $0.sessions = Int32(totals.sessions)
      $0.totalSeconds = Int64(totals.seconds)
      $0.volumeKg = totals.volumeKg
      $0.volumeLb = Imperial.pounds(totals.volumeKg)
      $0.sets = Int32(totals.sets)
      $0.reps = Int64(totals.reps)
      $0.currentWeeklyStreak = Int32(streaks.current)
      $0.longestWeeklyStreak = Int32(streaks.longest)
      if let first = totals.first { $0.firstWorkout = .init(date: first) }
      if let last = totals.last { $0.lastWorkout = .init(date: last) }
    }
  }

  public func getExerciseStats(
    request: Gym_Plan_V1_GetExerciseStatsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetExerciseStatsResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.exerciseID, field: "exercise_id")
    let zone = try await timeZone(of: caller.userID)
    let to = try LocalDate.optional(request.to, field: "to") ?? LocalDate(Date(), in: zone)
    let from = try LocalDate.optional(request.from, field: "from") ?? to.adding(days: -365)
    guard from <= to else { throw GymError.invalid([.init("to", "must be on or after from")]) }
    let bucket: PlanStore.Bucket =
      switch request.bucket {
      case .day: .day
      case .month: .month
      default: .week
      }
    let series = try await store.exerciseSeries(ownerID: caller.userID, exerciseID: request.exerciseID, from: from, to: to, bucket: bucket)
    let records = try await store.records(ownerID: caller.userID, exerciseID: request.exerciseID)
    let names = try await exerciseNames([request.exerciseID])
    return .with {
      $0.series = series.map { point in
        .with {
          $0.start = point.start.proto
          $0.bestEstimatedOneRepMaxKg = point.bestEstimatedOneRepMaxKg
          $0.maxWeightKg = point.maxWeightKg
          $0.volumeKg = point.volumeKg
          $0.bestEstimatedOneRepMaxLb = Imperial.pounds(point.bestEstimatedOneRepMaxKg)
          $0.maxWeightLb = Imperial.pounds(point.maxWeightKg)
          $0.volumeLb = Imperial.pounds(point.volumeKg)
          $0.reps = Int64(point.reps)
          $0.sets = Int32(point.sets)
        }
      }
      $0.records = records.map { PlanMapping.record($0, names: names) }
    }
  }
}

/// Consecutive ISO weeks (Monday to Sunday) with at least one finished session.
struct WeeklyStreaks: Equatable {
  var current: Int
  var longest: Int

  init(days: [LocalDate], today: LocalDate) {
    // Week number = days since the Monday on or before 1970-01-05, divided by 7.
    func week(_ date: LocalDate) -> Int { Int((Double(date.daysSinceEpoch - 4) / 7).rounded(.down)) }
    let weeks = Array(Set(days.map(week))).sorted()
    var longest = 0
    var run = 0
    var previous: Int? = nil
    for week in weeks {
      run = previous == week - 1 ? run + 1 : 1
      longest = max(longest, run)
      previous = week
    }
    self.longest = longest
    // The current streak may end last week: this week is not over yet.
    let thisWeek = week(today)
    if let last = weeks.last, last >= thisWeek - 1 {
      current = run
    } else {
      current = 0
    }
  }
}
