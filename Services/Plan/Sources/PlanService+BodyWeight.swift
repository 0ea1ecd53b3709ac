import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func logBodyWeight(request: Gym_Plan_V1_LogBodyWeightRequest, context: ServerContext) async throws -> Gym_Plan_V1_LogBodyWeightResponse {
    let caller = try Caller.current()
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    let date = try LocalDate.optional(request.date, field: "date") ?? LocalDate(now, in: zone)
    var violations: [FieldViolation] = []
    if date > LocalDate(now, in: zone) { violations.append(.init("date", "is in the future (in your time zone, \(zone.identifier))")) }
    let weight = Imperial.kilograms(request.weightKg, field: "weight_kg", request.weightLb, twin: "weight_lb")
    if let violation = weight.violation { violations.append(violation) }
    if !weight.value.isFinite || !(20...500).contains(weight.value) {
      violations.append(.init(weight.field, "must be 20 to 500 kg (44.09 to 1102.31 lb)"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let entry = try await store.logBodyWeight(id: ID.make(now: now), ownerID: caller.userID, date: date, weightKg: weight.value, now: now)
    return .with { $0.entry = Self.bodyWeight(entry) }
  }

  public func listBodyWeight(request: Gym_Plan_V1_ListBodyWeightRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListBodyWeightResponse {
    let caller = try Caller.current()
    let page = try DatedPage(from: request.from, to: request.to, pageSize: request.pageSize, pageToken: request.pageToken)
    let entries = try await store.bodyWeights(ownerID: caller.userID, from: page.from, to: page.to, limit: page.size, offset: page.offset)
    return .with {
      $0.entries = entries.map(Self.bodyWeight)
      $0.nextPageToken = page.nextToken(returned: entries.count)
    }
  }

  public func deleteBodyWeight(
    request: Gym_Plan_V1_DeleteBodyWeightRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteBodyWeightResponse {
    let caller = try Caller.current()
    try await store.deleteBodyWeight(id: request.id, ownerID: caller.userID)
    return .init()
  }

  public func predictBodyWeight(
    request: Gym_Plan_V1_PredictBodyWeightRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_PredictBodyWeightResponse {
    let caller = try Caller.current()
    let target = try LocalDate.required(request.targetDate, field: "target_date")
    let zone = try await timeZone(of: caller.userID)
    let today = LocalDate(Date(), in: zone)
    guard target > today, target.daysSinceEpoch - today.daysSinceEpoch <= 365 else {
      throw GymError.invalid([.init("target_date", "must be after today and at most 365 days ahead")])
    }
    let entries = try await store.bodyWeights(
      ownerID: caller.userID, from: today.adding(days: -BodyWeightTrend.windowDays), to: today, limit: 1000, offset: 0)
    let food = try await store.dailyCalories(ownerID: caller.userID, from: today.adding(days: -BodyWeightTrend.windowDays), to: today)
    let prediction: BodyWeightTrend.Prediction
    do {
      prediction = try BodyWeightTrend.predict(
        entries: entries.map { .init(day: $0.date.daysSinceEpoch, kg: $0.weightKg) },
        food: food.map { .init(day: $0.0.daysSinceEpoch, kcal: $0.1) }, targetDay: target.daysSinceEpoch)
    } catch {
      throw GymError.failedPrecondition(error.message)
    }
    return .with {
      $0.predictedKg = prediction.kg
      $0.lowKg = prediction.lowKg
      $0.highKg = prediction.highKg
      $0.trendKgPerWeek = prediction.kgPerWeek
      $0.predictedLb = Imperial.pounds(prediction.kg)
      $0.lowLb = Imperial.pounds(prediction.lowKg)
      $0.highLb = Imperial.pounds(prediction.highKg)
      $0.trendLbPerWeek = Imperial.pounds(prediction.kgPerWeek)
      $0.method = prediction.method
      $0.entriesUsed = Int32(prediction.entriesUsed)
      $0.foodDaysUsed = Int32(prediction.foodDaysUsed)
    }
  }

  static func bodyWeight(_ entry: PlanStore.BodyWeightEntry) -> Gym_Plan_V1_BodyWeightEntry {
    .with {
      $0.id = entry.id
      $0.date = entry.date.proto
      $0.weightKg = entry.weightKg
      $0.weightLb = Imperial.pounds(entry.weightKg)
      $0.loggedAt = .init(date: entry.loggedAt)
    }
  }
}
