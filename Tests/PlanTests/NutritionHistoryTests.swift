import Foundation
import GRDB
import GymService
import GymStore
import Testing

@testable import GymPlan

/// Each day is measured against the nutrition plan in effect that day, as it was then.
@Suite struct NutritionHistoryTests {
  let now = Date()
  let monday = LocalDate("2026-03-02")!

  func plan(_ id: String, kcal: Double) -> NutritionPlanRecord {
    NutritionPlanRecord(
      id: id, ownerID: "u1", name: "Plan \(id)", targets: Macros(kcal: kcal, proteinG: 0, carbsG: kcal / 4, fatG: 0), days: [],
      active: true, now: now)
  }

  @Test func plansActivatedLaterDoNotJudgeEarlierDays() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    let wednesday = monday.adding(days: 2)
    _ = try await store.insertNutritionPlan(plan("a", kcal: 2000), today: monday)
    var b = try await store.insertNutritionPlan(plan("b", kcal: 2500), today: wednesday)

    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday.adding(days: -1)) == nil)
    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday)?.planID == "a")
    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday.adding(days: 1))?.targets.kcal == 2000)
    #expect(try await store.nutritionPlan(ownerID: "u1", on: wednesday)?.planID == "b")
    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday.adding(days: 30))?.planID == "b")

    // B's targets change on Thursday: Wednesday keeps the targets it had.
    b = try await store.replaceNutritionPlan(
      id: "b", ownerID: "u1", name: b.name, targets: Macros(kcal: 2200, proteinG: 0, carbsG: 550, fatG: 0), days: [], active: true,
      etag: b.etag, today: wednesday.adding(days: 1), now: now)
    #expect(try await store.nutritionPlan(ownerID: "u1", on: wednesday)?.targets.kcal == 2500)
    #expect(try await store.nutritionPlan(ownerID: "u1", on: wednesday.adding(days: 1))?.targets.kcal == 2200)

    // Deleted on Friday: no plan from Friday on, the week before keeps its plans.
    try await store.deleteNutritionPlan(id: "b", ownerID: "u1", today: wednesday.adding(days: 2))
    let week = try await store.nutritionPlans(ownerID: "u1", from: monday.adding(days: -1), through: monday.adding(days: 5))
    #expect((-1...5).map { week[monday.adding(days: $0)]?.targets.kcal ?? 0 } == [0, 2000, 2000, 2500, 2200, 0, 0])
    // Another user's plans are not theirs.
    #expect(try await store.nutritionPlans(ownerID: "u2", from: monday, through: monday.adding(days: 5)).isEmpty)
  }

  @Test func twoChangesOnOneDayKeepTheLast() async throws {
    let store = try PlanStore(writer: DatabaseQueue())
    _ = try await store.insertNutritionPlan(plan("a", kcal: 2000), today: monday)
    _ = try await store.insertNutritionPlan(plan("b", kcal: 2500), today: monday)
    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday)?.planID == "b")
    // An inactive plan changes nothing.
    var inactive = plan("c", kcal: 1800)
    inactive.active = false
    _ = try await store.insertNutritionPlan(inactive, today: monday.adding(days: 1))
    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday.adding(days: 1))?.planID == "b")
  }

  @Test func theMigrationKeepsTheActivePlanForDaysBeforeIt() async throws {
    let queue = try DatabaseQueue()
    try PlanMigrations.migrator.migrate(queue, upTo: "reminders-v1-next-due")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO nutrition_plans (id, owner_id, name, targets, days, active, version, created_at, updated_at) VALUES
            ('a', 'u1', 'Cut', '{"kcal":2000,"proteinG":150,"carbsG":200,"fatG":67}', '[]', 1, 1, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000'),
            ('b', 'u1', 'Old', '{"kcal":3000,"proteinG":150,"carbsG":450,"fatG":67}', '[]', 0, 1, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
          """)
    }
    let store = try PlanStore(writer: queue)
    #expect(try await store.nutritionPlan(ownerID: "u1", on: LocalDate("2020-05-01")!)?.planID == "a")
    #expect(try await store.nutritionPlan(ownerID: "u1", on: monday)?.targets.kcal == 2000)
  }
}
