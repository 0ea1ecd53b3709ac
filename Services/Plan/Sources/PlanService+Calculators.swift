import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func calculateOneRepMax(
    request: Gym_Plan_V1_CalculateOneRepMaxRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CalculateOneRepMaxResponse {
    let caller = try Caller.current()
    let weight = Imperial.kilograms(request.weightKg, field: "weight_kg", request.weightLb, twin: "weight_lb")
    var violations = weight.violation.map { [$0] } ?? []
    if !weight.value.isFinite || weight.value <= 0 || weight.value > 1000 {
      violations.append(.init(weight.field, "must be more than 0 and at most 1000 kg (2204.62 lb)"))
    }
    if !(1...30).contains(request.reps) { violations.append(.init("reps", "must be 1 to 30")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let unit = try await loadUnit(of: caller.userID)
    let estimates = OneRepMax.estimates(weightKg: weight.value, reps: Int(request.reps))
    let mean = estimates.map(\.kg).reduce(0, +) / Double(estimates.count)
    return .with {
      $0.estimates = estimates.map { estimate in
        .with {
          $0.formula = Self.formula(estimate.formula)
          $0.oneRepMaxKg = Self.rounded(estimate.kg)
          $0.oneRepMaxLb = Imperial.pounds(estimate.kg)
        }
      }
      $0.meanKg = Self.rounded(mean)
      $0.meanLb = Imperial.pounds(mean)
      $0.repMaxes = OneRepMax.repMaxTable(oneRepMax: unit.fromKilograms(mean), unit: unit).map { row in
        .with {
          $0.reps = Int32(row.reps)
          $0.weightKg = unit.imperial ? unit.toKilograms(row.weight) : row.weight
          $0.weightLb = unit.imperial ? row.weight : Imperial.pounds(row.weight)
          $0.percent = Int32(row.percent)
        }
      }
    }
  }

  public func calculateStrengthScore(
    request: Gym_Plan_V1_CalculateStrengthScoreRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CalculateStrengthScoreResponse {
    let caller = try Caller.current()
    var violations: [FieldViolation] = []
    let sex: StrengthScore.Sex
    switch request.sex {
    case .male: sex = .male
    case .female: sex = .female
    default:
      sex = .male
      violations.append(.init("sex", "must be MALE or FEMALE: the formulas have a coefficient set for each"))
    }
    if request.unit != .unspecified && request.unit != .kg && request.unit != .lb {
      violations.append(.init("unit", "must be KG or LB, or unset for the unit system on your profile"))
    }
    let pounds = request.unit == .unspecified ? try await loadUnit(of: caller.userID).imperial : request.unit == .lb
    let toKg = pounds ? Imperial.kilogramsPerPound : 1
    let bodyweight = request.bodyweight * toKg
    if !bodyweight.isFinite || !(20...300).contains(bodyweight) {
      violations.append(.init("bodyweight", "must be 20 to 300 kg (44 to 661 lb)"))
    }
    let lifts = [("squat", request.squat), ("bench", request.bench), ("deadlift", request.deadlift), ("total", request.total)]
    for (field, value) in lifts where !value.isFinite || value < 0 || value * toKg > 1500 {
      violations.append(.init(field, "must be 0 to 1500 kg"))
    }
    let sum = request.squat + request.bench + request.deadlift
    if request.total > 0 && sum > 0 {
      violations.append(.init("total", "give either the three lifts or the total, not both"))
    } else if request.total <= 0 && sum <= 0 {
      violations.append(.init("total", "give the three lifts or the total"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let total = (request.total > 0 ? request.total : sum) * toKg
    return .with {
      $0.totalKg = Self.rounded(total)
      $0.totalLb = Imperial.pounds(total)
      $0.wilks = Self.rounded(StrengthScore.wilks(totalKg: total, bodyweightKg: bodyweight, sex: sex))
      $0.wilks2020 = Self.rounded(StrengthScore.wilks2020(totalKg: total, bodyweightKg: bodyweight, sex: sex))
      $0.dots = Self.rounded(StrengthScore.dots(totalKg: total, bodyweightKg: bodyweight, sex: sex))
    }
  }

  public func getProgressionAdvice(
    request: Gym_Plan_V1_GetProgressionAdviceRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetProgressionAdviceResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.exerciseID, field: "exercise_id")
    let recent = try await store.recentWorkouts(ownerID: caller.userID, exerciseID: request.exerciseID, limit: 6)
    guard !recent.isEmpty else {
      throw GymError.failedPrecondition("no finished session has sets of this exercise yet; log a workout with it first")
    }
    // Worked out in the user's unit: a pound lifter's increments and plates are pounds.
    let unit = try await loadUnit(of: caller.userID)
    let increment: Double
    if let set = try await store.incrementKg(ownerID: caller.userID, exerciseID: request.exerciseID) {
      // An increment entered in pounds comes back as the pounds it was, to the thousandth.
      increment = unit.toThousandths(unit.fromKilograms(set))
    } else {
      let equipment = try await store.exercises(ids: [request.exerciseID])[request.exerciseID]?.equipment ?? []
      increment = Progression.defaultIncrement(equipment: equipment.map(Self.snakeCase), imperial: unit.imperial)
    }
    let workouts = recent.map { workout in
      Progression.Workout(
        date: workout.date,
        sets: workout.sets.map { set in
          Progression.SetResult(
            targetReps: set.planned?.targetReps ?? 0, targetWeight: unit.fromKilograms(set.planned?.targetWeightKg ?? 0),
            reps: set.reps, weight: unit.fromKilograms(set.weightKg))
        })
    }
    guard let advice = Progression.advise(recent: workouts, increment: increment, unit: unit) else {
      throw GymError.failedPrecondition("the logged sets of this exercise have no weights or reps to go on")
    }
    return .with {
      $0.advice =
        switch advice.kind {
        case .increaseWeight: .increaseWeight
        case .increaseReps: .increaseReps
        case .hold: .hold
        case .deload: .deload
        }
      $0.amountKg = unit.toKilograms(advice.amount)
      $0.amountLb = unit.imperial ? advice.amount : Imperial.pounds(advice.amount)
      $0.amountReps = Int32(advice.amountReps)
      $0.nextWeightKg = unit.toKilograms(advice.nextWeight)
      $0.nextWeightLb = unit.imperial ? advice.nextWeight : Imperial.pounds(advice.nextWeight)
      $0.reason = advice.reason
      $0.sessionsConsidered = Int32(advice.sessionsConsidered)
    }
  }

  static func formula(_ formula: OneRepMax.Formula) -> Gym_Plan_V1_OneRepMaxFormula {
    switch formula {
    case .epley: .epley
    case .brzycki: .brzycki
    case .lombardi: .lombardi
    case .lander: .lander
    case .mayhew: .mayhew
    case .oconner: .oconner
    case .wathan: .wathan
    }
  }

  /// Two decimals: what the published worked examples give.
  static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  /// "smithMachine" → "smith_machine": the proto enum names the progression rules use.
  static func snakeCase(_ name: String) -> String {
    name.reduce(into: "") { text, character in
      if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
    }
  }
}
