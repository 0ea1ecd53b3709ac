import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// Nutrition plans, the food log, and a day measured against the targets.
  @Suite struct NutritionRPCTests {
    func macros(_ kcal: Double, _ protein: Double, _ carbs: Double, _ fat: Double) -> Gym_Plan_V1_Macros {
      .with {
        $0.kcal = kcal; $0.proteinG = protein; $0.carbsG = carbs; $0.fatG = fat
      }
    }

    func plan(_ name: String, active: Bool = true) -> Gym_Plan_V1_NutritionPlan {
      .with {
        $0.name = name
        $0.active = active
        // 4 × 160 + 4 × 250 + 9 × 70 = 2270
        $0.dailyTargets = macros(2270, 160, 250, 70)
        $0.days = [Gym_Common_V1_Weekday.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday].map { weekday in
          .with {
            $0.weekday = weekday
            $0.meals = [
              .with {
                $0.time = .with { $0.hours = 13 }; $0.name = "Lunch"; $0.macros = macros(700, 50, 80, 20)
              },
              .with {
                $0.time = .with { $0.hours = 8 }; $0.name = "Breakfast"; $0.macros = macros(500, 30, 60, 15)
              },
            ]
          }
        }
      }
    }

    @Test func aDayIsMeasuredAgainstTheActivePlan() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let first = try await plan.createNutritionPlan(.with { $0.plan = self.plan("Cut") }, metadata: lena).plan
        #expect(first.active)
        #expect(first.days[0].meals.map(\.name) == ["Breakfast", "Lunch"])  // in time order
        let second = try await plan.createNutritionPlan(.with { $0.plan = self.plan("Maintain") }, metadata: lena).plan
        let listed = try await plan.listNutritionPlans(.init(), metadata: lena).plans
        #expect(listed.map(\.id) == [second.id, first.id])
        #expect(listed.map(\.active) == [true, false])

        _ = try await plan.logFood(
          .with {
            $0.entry = .with {
              $0.meal = "Lunch"; $0.description_p = "Chicken, rice, broccoli"; $0.macros = macros(690, 55, 75, 18)
            }
          },
          metadata: lena)
        var day = try await plan.getNutritionDay(.init(), metadata: lena)
        #expect(day.planID == second.id)
        #expect(day.plannedMeals.count == 2)
        #expect(day.totals.kcal == 690 && day.totals.proteinG == 55)
        #expect(day.targets.kcal == 2270)
        #expect(day.kcalStatus == .under && day.proteinStatus == .under)

        _ = try await plan.logFood(
          .with {
            $0.entry = .with {
              $0.meal = "Dinner"; $0.description_p = "Steak and potatoes"; $0.macros = macros(1500, 105, 165, 50)
            }
          },
          metadata: lena)
        day = try await plan.getNutritionDay(.init(), metadata: lena)
        #expect(day.kcalStatus == .met && day.proteinStatus == .met && day.fatStatus == .met)
        #expect(day.logged.count == 2)

        // Omar sees none of it.
        let notHis = await rpcError { _ = try await plan.getNutritionPlan(.with { $0.id = first.id }, metadata: env.omar.metadata) }
        #expect(notHis?.code == .notFound)
        #expect(try await plan.listFoodLog(.init(), metadata: env.omar.metadata).entries.isEmpty)
        #expect(try await plan.getNutritionDay(.init(), metadata: env.omar.metadata).planID.isEmpty)
        let entry = try await plan.listFoodLog(.init(), metadata: lena).entries[0]
        let notHisEntry = await rpcError { _ = try await plan.deleteFoodLog(.with { $0.id = entry.id }, metadata: env.omar.metadata) }
        #expect(notHisEntry?.code == .notFound)
        _ = try await plan.deleteFoodLog(.with { $0.id = entry.id }, metadata: lena)
        #expect(try await plan.listFoodLog(.init(), metadata: lena).entries.count == 1)

        // Edits need the current etag.
        var edited = second
        edited.name = "Maintain+"
        _ = try await plan.updateNutritionPlan(
          .with {
            $0.plan = edited; $0.etag = second.etag
          }, metadata: lena)
        let stale = await rpcError {
          _ = try await plan.updateNutritionPlan(
            .with {
              $0.plan = edited; $0.etag = second.etag
            }, metadata: lena)
        }
        #expect(stale?.code == .aborted)
      }
    }

    /// A plan made today does not judge yesterday, for the member nor for her trainer:
    /// each day is measured by the plan active on that day.
    @Test func pastDaysAreJudgedByThePlanActiveThen() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let tess = try await env.running.register("tess", role: .trainer)
        try await coach(tess, lena: env, plan: plan)
        let today = LocalDate(Date(), in: TimeZone(identifier: "Europe/London")!)
        let yesterday = today.adding(days: -1)
        for day in [yesterday, today] {
          _ = try await plan.logFood(
            .with {
              $0.entry = .with {
                $0.date = day.proto; $0.description_p = "day"; $0.macros = macros(2270, 160, 250, 70)
              }
            },
            metadata: lena)
        }
        let cut = try await plan.createNutritionPlan(.with { $0.plan = self.plan("Cut") }, metadata: lena).plan

        let now = try await plan.getNutritionDay(.with { $0.date = today.proto }, metadata: lena)
        #expect(now.planID == cut.id)
        #expect(now.kcalStatus == .met)
        let before = try await plan.getNutritionDay(.with { $0.date = yesterday.proto }, metadata: lena)
        #expect(before.planID.isEmpty)
        #expect(before.targets.kcal == 0 && before.plannedMeals.isEmpty)
        #expect(before.kcalStatus == .unspecified)

        let overview = try await plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
        #expect(overview.foodDaysLogged == 2)
        #expect(overview.kcalDaysMet == 1)  // today only: yesterday had no plan
      }
    }

    @Test func macrosThatDoNotAddUpAreRefusedWithBothFigures() async throws {
      try await PlanFixture.run { env in
        var bad = plan("Typo")
        bad.dailyTargets = macros(2270, 160, 250, 170)  // fat mistyped: 3170 kcal from macros
        bad.days[0].meals[0].macros = macros(700, -1, 80, 20)
        let error = await rpcError { _ = try await env.plan.createNutritionPlan(.with { $0.plan = bad }, metadata: env.lena.metadata) }
        #expect(error?.code == .invalidArgument)
        let byField = Dictionary(uniqueKeysWithValues: (error?.fieldViolations ?? []).map { ($0.field, $0.description) })
        #expect(byField["plan.daily_targets.kcal"]?.contains("3170") == true)
        #expect(byField["plan.days[0].meals[0].macros.protein_g"] != nil)
        let future = await rpcError {
          _ = try await env.plan.logFood(
            .with {
              $0.entry = .with {
                $0.date = date(2099, 1, 1); $0.description_p = "x"; $0.macros = macros(100, 0, 25, 0)
              }
            },
            metadata: env.lena.metadata)
        }
        #expect(future?.fieldViolations.map(\.field) == ["entry.date"])
      }
    }

    @Test func loggedCaloriesCorrectTheWeightForecast() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let today = LocalDate(Date(), in: TimeZone(identifier: "Europe/London")!)
        for day in 0..<21 {
          _ = try await plan.logBodyWeight(
            .with {
              $0.date = today.adding(days: -day).proto; $0.weightKg = 80 + Double(day) * 0.05
            }, metadata: lena)
          // Eating a lot less in the last two weeks than before.
          let kcal = day < 14 ? 1800.0 : 2600.0
          _ = try await plan.logFood(
            .with {
              $0.entry = .with {
                $0.date = today.adding(days: -day).proto; $0.description_p = "day"; $0.macros = macros(kcal, 0, kcal / 4, 0)
              }
            },
            metadata: lena)
        }
        let prediction = try await plan.predictBodyWeight(.with { $0.targetDate = today.adding(days: 28).proto }, metadata: lena)
        #expect(prediction.foodDaysUsed == 21)
        #expect(prediction.method.contains("calories"))
        #expect(prediction.trendKgPerWeek < -0.35 - 0.05)  // steeper than the weigh-ins alone (−0.35 kg a week)
      }
    }
  }
}
