import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func calculateOneRepMax(
    request: Gym_Plan_V1_CalculateOneRepMaxRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CalculateOneRepMaxResponse {
    _ = try Caller.current()
    var violations: [FieldViolation] = []
    if !request.weightKg.isFinite || request.weightKg <= 0 || request.weightKg > 1000 {
      violations.append(.init("weight_kg", "must be more than 0 and at most 1000 kg"))
    }
    if !(1...30).contains(request.reps) { violations.append(.init("reps", "must be 1 to 30")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let estimates = OneRepMax.estimates(weightKg: request.weightKg, reps: Int(request.reps))
    let mean = estimates.map(\.kg).reduce(0, +) / Double(estimates.count)
    return .with {
      $0.estimates = estimates.map { estimate in
        .with {
          $0.formula = Self.formula(estimate.formula)
          $0.oneRepMaxKg = Self.rounded(estimate.kg)
        }
      }
      $0.meanKg = Self.rounded(mean)
      $0.repMaxes = OneRepMax.repMaxTable(oneRepMaxKg: mean).map { row in
        .with {
          $0.reps = Int32(row.reps)
          $0.weightKg = row.weightKg
          $0.percent = Int32(row.percent)
        }
      }
    }
  }

  public func calculateStrengthScore(
    request: Gym_Plan_V1_CalculateStrengthScoreRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CalculateStrengthScoreResponse {
    _ = try Caller.current()
    var violations: [FieldViolation] = []
    let sex: StrengthScore.Sex
    switch request.sex {
    case .male: sex = .male
    case .female: sex = .female
    default:
      sex = .male
      violations.append(.init("sex", "must be MALE or FEMALE: the formulas have a coefficient set for each"))
    }
    let toKg = request.unit == .lb ? 1 / StrengthScore.poundsPerKilogram : 1
    if request.unit != .unspecified && request.unit != .kg && request.unit != .lb {
      violations.append(.init("unit", "must be KG or LB"))
    }
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
    let increment: Double
    if let set = try await store.incrementKg(ownerID: caller.userID, exerciseID: request.exerciseID) {
      increment = set
    } else {
      let equipment = try await store.exercises(ids: [request.exerciseID])[request.exerciseID]?.equipment ?? []
      increment = Progression.defaultIncrementKg(equipment: equipment.map(Self.snakeCase))
    }
    let workouts = recent.map { workout in
      Progression.Workout(
        date: workout.date,
        sets: workout.sets.map { set in
          Progression.SetResult(
            targetReps: set.planned?.targetReps ?? 0, targetWeightKg: set.planned?.targetWeightKg ?? 0, reps: set.reps,
            weightKg: set.weightKg)
        })
    }
    guard let advice = Progression.advise(recent: workouts, incrementKg: increment) else {
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
      $0.amountKg = advice.amountKg
      $0.amountReps = Int32(advice.amountReps)
      $0.nextWeightKg = advice.nextWeightKg
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
