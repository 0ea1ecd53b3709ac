import GymAPI
import GymStore
import Testing

@testable import GymPlan

/// A nutrition plan's checks on their own.
@Suite struct NutritionInputTests {
  /// Found by schemathesis through the HTTP/JSON door: a meal at hour 2147483646 stopped
  /// gym-plan (the minute of the day overflowed Int32 before the refusal was thrown).
  @Test(arguments: [Int32.max, Int32.max - 1, Int32.min, -1, 24])
  func aMealTimeOutOfRangeIsRefusedNotACrash(_ hours: Int32) {
    let plan = Gym_Plan_V1_NutritionPlan.with {
      $0.name = "Cut"
      $0.dailyTargets = .with { $0.kcal = 2000 }
      $0.days = [
        .with {
          $0.weekday = .friday
          $0.meals = [
            .with {
              $0.name = "Late";
              $0.time = .with {
                $0.hours = hours; $0.minutes = Int32.max
              }
            }
          ]
        }
      ]
    }
    #expect {
      _ = try NutritionInput.plan(plan)
    } throws: { error in
      guard case .invalid(let violations) = error as? GymError else { return false }
      return violations.contains { $0.field == "plan.days[0].meals[0].time" }
    }
  }
}
