import Foundation
import GymAPI
import GymService
import GymStore

/// Validates nutrition plans and food entries, naming every bad field.
enum NutritionInput {
  /// Macros whose calories (Atwater: 4/4/9 kcal per gram) stray further than this from
  /// the stated kcal are refused, with both figures: one of them is mistyped. Small
  /// amounts get an absolute allowance (rounding on labels).
  static let tolerance = 0.15
  static let allowanceKcal = 30.0

  static func macros(_ macros: Gym_Plan_V1_Macros, field: String, kcal range: ClosedRange<Double>) -> (Macros, [FieldViolation]) {
    var violations: [FieldViolation] = []
    let value = Macros(kcal: macros.kcal, proteinG: macros.proteinG, carbsG: macros.carbsG, fatG: macros.fatG)
    if !value.kcal.isFinite || !range.contains(value.kcal) {
      violations.append(.init("\(field).kcal", "must be \(Int(range.lowerBound)) to \(Int(range.upperBound))"))
    }
    for (name, grams) in [("protein_g", value.proteinG), ("carbs_g", value.carbsG), ("fat_g", value.fatG)]
    where !grams.isFinite || !(0...1000).contains(grams) {
      violations.append(.init("\(field).\(name)", "must be 0 to 1000 g"))
    }
    let fromMacros = value.caloriesFromMacros
    if violations.isEmpty && fromMacros > 0 && abs(fromMacros - value.kcal) > max(allowanceKcal, tolerance * value.kcal) {
      violations.append(
        .init(
          "\(field).kcal",
          "is \(Int(value.kcal.rounded())) but the macros add up to \(Int(fromMacros.rounded())) kcal (4 per g of protein and carbs, 9 per g of fat); correct one of them"
        ))
    }
    return (value, violations)
  }

  struct ValidPlan {
    var name: String
    var targets: Macros
    var days: [NutritionPlanRecord.Day]
  }

  static let nameBound = TextBound(characters: 100, minimum: 1)
  static let mealNameBound = TextBound(characters: 60, minimum: 1)
  /// A meal's or a food entry's description.
  static let descriptionBound = TextBound(characters: 500)

  static func plan(_ plan: Gym_Plan_V1_NutritionPlan) throws(GymError) -> ValidPlan {
    var violations: [FieldViolation] = []
    let name = plan.name.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = nameBound.violation(name, field: "plan.name") { violations.append(violation) }
    let (targets, targetProblems) = macros(plan.dailyTargets, field: "plan.daily_targets", kcal: 800...10_000)
    violations += targetProblems
    if plan.days.count > 7 { violations.append(.init("plan.days", "at most 7, one per weekday")) }
    var seen: Set<Int> = []
    var days: [NutritionPlanRecord.Day] = []
    for (d, day) in plan.days.prefix(7).enumerated() {
      let field = "plan.days[\(d)]"
      let weekday = day.weekday.rawValue
      if !(1...7).contains(weekday) {
        violations.append(.init("\(field).weekday", "must be MONDAY to SUNDAY"))
      } else if !seen.insert(weekday).inserted {
        violations.append(.init("\(field).weekday", "appears twice; give each weekday once"))
      }
      if day.meals.count > 12 { violations.append(.init("\(field).meals", "at most 12 meals a day")) }
      var meals: [NutritionPlanRecord.Meal] = []
      for (m, meal) in day.meals.prefix(12).enumerated() {
        let mealField = "\(field).meals[\(m)]"
        let mealName = meal.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let violation = mealNameBound.violation(mealName, field: "\(mealField).name") { violations.append(violation) }
        if let violation = descriptionBound.violation(meal.description_p, field: "\(mealField).description") { violations.append(violation) }
        if !(0...23).contains(meal.time.hours) || !(0...59).contains(meal.time.minutes) {
          violations.append(.init("\(mealField).time", "must be a time of day from 00:00 to 23:59"))
        }
        let (value, problems) = macros(meal.macros, field: "\(mealField).macros", kcal: 0...5000)
        violations += problems
        meals.append(
          .init(
            // In Int: an hour out of range is refused below, after every field is checked,
            // and must not overflow Int32 on the way there (it stopped the process).
            minuteOfDay: Int(meal.time.hours) * 60 + Int(meal.time.minutes), name: mealName, description: meal.description_p, macros: value))
      }
      days.append(.init(weekday: weekday, meals: meals.sorted { $0.minuteOfDay < $1.minuteOfDay }))
    }
    guard violations.isEmpty else { throw .invalid(violations) }
    return ValidPlan(name: name, targets: targets, days: days.sorted { $0.weekday < $1.weekday })
  }

  /// A day's status against one target: within 10 % is met.
  static func status(_ value: Double, target: Double) -> Gym_Plan_V1_TargetStatus {
    guard target > 0 else { return .unspecified }
    if value < target * 0.9 { return .under }
    if value > target * 1.1 { return .over }
    return .met
  }
}
