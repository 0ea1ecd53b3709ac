import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func createNutritionPlan(
    request: Gym_Plan_V1_CreateNutritionPlanRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CreateNutritionPlanResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateNutritionPlan")
    let valid = try NutritionInput.plan(request.plan)
    let now = Date()
    let today = LocalDate(now, in: try await timeZone(of: caller.userID))
    let record = try await store.insertNutritionPlan(
      NutritionPlanRecord(
        id: ID.make(), ownerID: caller.userID, name: valid.name, targets: valid.targets, days: valid.days, active: request.plan.active,
        now: now), today: today, key: key)
    return .with { $0.plan = Self.nutritionPlan(record) }
  }

  public func getNutritionPlan(
    request: Gym_Plan_V1_GetNutritionPlanRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetNutritionPlanResponse {
    let caller = try Caller.current()
    guard let record = try await store.nutritionPlan(id: request.id, accessibleBy: caller.userID) else {
      throw GymError.notFound("no nutrition plan with id \(request.id)")
    }
    return .with { $0.plan = Self.nutritionPlan(record) }
  }

  public func listNutritionPlans(
    request: Gym_Plan_V1_ListNutritionPlansRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ListNutritionPlansResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let records = try await store.nutritionPlans(ownerID: caller.userID, limit: paging.size, offset: offset)
    let page = Paging.fitting(records.map(Self.nutritionPlan))
    return .with {
      $0.plans = page
      $0.nextPageToken = paging.nextToken(offset: offset, returned: page.count, fetched: records.count)
    }
  }

  public func updateNutritionPlan(
    request: Gym_Plan_V1_UpdateNutritionPlanRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_UpdateNutritionPlanResponse {
    let caller = try Caller.current()
    guard !request.etag.isEmpty else { throw GymError.invalid([.init("etag", "is required: pass the etag you last read")]) }
    let valid = try NutritionInput.plan(request.plan)
    // The day a change takes effect is the plan owner's (a trainer may edit a client's).
    guard let current = try await store.nutritionPlan(id: request.plan.id, accessibleBy: caller.userID) else {
      throw GymError.notFound("no nutrition plan with id \(request.plan.id)")
    }
    let now = Date()
    let today = LocalDate(now, in: try await timeZone(of: current.ownerID))
    let record = try await store.replaceNutritionPlan(
      id: request.plan.id, ownerID: caller.userID, name: valid.name, targets: valid.targets, days: valid.days,
      active: request.plan.active, etag: request.etag, today: today, now: now)
    return .with { $0.plan = Self.nutritionPlan(record) }
  }

  public func deleteNutritionPlan(
    request: Gym_Plan_V1_DeleteNutritionPlanRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteNutritionPlanResponse {
    let caller = try Caller.current()
    let today = LocalDate(Date(), in: try await timeZone(of: caller.userID))
    try await store.deleteNutritionPlan(id: request.id, ownerID: caller.userID, today: today)
    return .init()
  }

  public func logFood(request: Gym_Plan_V1_LogFoodRequest, context: ServerContext) async throws -> Gym_Plan_V1_LogFoodResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "LogFood")
    let entry = request.entry
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    let today = LocalDate(now, in: zone)
    let date = try LocalDate.optional(entry.date, field: "entry.date") ?? today
    var violations: [FieldViolation] = []
    if date > today { violations.append(.init("entry.date", "is in the future (in your time zone, \(zone.identifier))")) }
    let description = entry.description_p.trimmingCharacters(in: .whitespacesAndNewlines)
    if description.isEmpty { violations.append(.init("entry.description", "is required")) }
    if let violation = NutritionInput.descriptionBound.violation(description, field: "entry.description") { violations.append(violation) }
    if let violation = TextBound(characters: 60).violation(entry.meal, field: "entry.meal") { violations.append(violation) }
    let (macros, problems) = NutritionInput.macros(entry.macros, field: "entry.macros", kcal: 0...10_000)
    violations += problems
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let record = FoodEntryRecord(
      id: ID.make(now: now), ownerID: caller.userID, date: date, meal: entry.meal, description: description, macros: macros, loggedAt: now)
    let stored = try await store.logFood(record, key: key)
    return .with { $0.entry = Self.foodEntry(stored) }
  }

  public func listFoodLog(request: Gym_Plan_V1_ListFoodLogRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListFoodLogResponse {
    let caller = try Caller.current()
    let from = try LocalDate.optional(request.from, field: "from")
    let to = try LocalDate.optional(request.to, field: "to")
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let entries = try await store.foodLog(ownerID: caller.userID, from: from, to: to, limit: paging.size, offset: offset)
    let page = Paging.fitting(entries.map(Self.foodEntry))
    return .with {
      $0.entries = page
      $0.nextPageToken = paging.nextToken(offset: offset, returned: page.count, fetched: entries.count)
    }
  }

  public func deleteFoodLog(request: Gym_Plan_V1_DeleteFoodLogRequest, context: ServerContext) async throws -> Gym_Plan_V1_DeleteFoodLogResponse {
    let caller = try Caller.current()
    try await store.deleteFoodEntry(id: request.id, ownerID: caller.userID)
    return .init()
  }

  /// The day's planned meals from the plan in effect that day (a past day keeps the plan
  /// it had), what was logged, and the totals against its targets.
  public func getNutritionDay(
    request: Gym_Plan_V1_GetNutritionDayRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetNutritionDayResponse {
    let caller = try Caller.current()
    let zone = try await timeZone(of: caller.userID)
    let date = try LocalDate.optional(request.date, field: "date") ?? LocalDate(Date(), in: zone)
    let plan = try await store.nutritionPlan(ownerID: caller.userID, on: date)
    let logged = try await store.foodLog(ownerID: caller.userID, from: date, to: date, limit: 1000, offset: 0)
    let totals = logged.map(\.macros).reduce(.zero, +)
    let targets = plan?.targets ?? .zero
    let meals = plan?.days.first { $0.weekday == date.isoWeekday }?.meals ?? []
    return .with {
      $0.date = date.proto
      $0.planID = plan?.planID ?? ""
      $0.plannedMeals = meals.map(Self.meal)
      $0.logged = logged.map(Self.foodEntry)
      $0.totals = Self.macros(totals)
      $0.targets = Self.macros(targets)
      $0.kcalStatus = NutritionInput.status(totals.kcal, target: targets.kcal)
      $0.proteinStatus = NutritionInput.status(totals.proteinG, target: targets.proteinG)
      $0.carbsStatus = NutritionInput.status(totals.carbsG, target: targets.carbsG)
      $0.fatStatus = NutritionInput.status(totals.fatG, target: targets.fatG)
    }
  }

  static func macros(_ macros: Macros) -> Gym_Plan_V1_Macros {
    .with {
      $0.kcal = macros.kcal
      $0.proteinG = macros.proteinG
      $0.carbsG = macros.carbsG
      $0.fatG = macros.fatG
    }
  }

  static func meal(_ meal: NutritionPlanRecord.Meal) -> Gym_Plan_V1_PlannedMeal {
    .with {
      $0.time = PlanMapping.time(minuteOfDay: meal.minuteOfDay)
      $0.name = meal.name
      $0.description_p = meal.description
      $0.macros = macros(meal.macros)
    }
  }

  static func nutritionPlan(_ record: NutritionPlanRecord) -> Gym_Plan_V1_NutritionPlan {
    .with {
      $0.id = record.id
      $0.name = record.name
      $0.dailyTargets = macros(record.targets)
      $0.days = record.days.map { day in
        .with {
          $0.weekday = Gym_Common_V1_Weekday(rawValue: day.weekday) ?? .unspecified
          $0.meals = day.meals.map(meal)
        }
      }
      $0.active = record.active
      $0.assignedBy = record.assignedBy ?? ""
      $0.version = record.version
      $0.etag = record.etag
      $0.createdAt = .init(date: record.createdAt)
      $0.updatedAt = .init(date: record.updatedAt)
    }
  }

  static func foodEntry(_ record: FoodEntryRecord) -> Gym_Plan_V1_FoodEntry {
    .with {
      $0.id = record.id
      $0.date = record.date.proto
      $0.meal = record.meal
      $0.description_p = record.description
      $0.macros = macros(record.macros)
      $0.loggedAt = .init(date: record.loggedAt)
    }
  }
}
