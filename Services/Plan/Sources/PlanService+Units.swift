import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func getUnitSettings(
    request: Gym_Plan_V1_GetUnitSettingsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetUnitSettingsResponse {
    let caller = try Caller.current()
    let settings = try await unitSettings(of: caller.userID)
    return .with { $0.settings = settings }
  }

  public func updateUnitSettings(
    request: Gym_Plan_V1_UpdateUnitSettingsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_UpdateUnitSettingsResponse {
    let caller = try Caller.current()
    let given = request.settings
    var violations: [FieldViolation] = []
    func step(_ value: Double, field: String, range: ClosedRange<Double>, default fallback: Double, unit: String) -> Double {
      if value == 0 { return fallback }
      if !value.isFinite || !range.contains(value) {
        violations.append(.init(field, "must be \(range.lowerBound) to \(range.upperBound) \(unit), or 0 for \(fallback) \(unit)"))
      }
      return value
    }
    let steps = PlanStore.PlateSteps(
      kg: step(given.plateStepKg, field: "settings.plate_step_kg", range: LoadUnit.stepRangeKg, default: LoadUnit.defaultStepKg, unit: "kg"),
      lb: step(given.plateStepLb, field: "settings.plate_step_lb", range: LoadUnit.stepRangeLb, default: LoadUnit.defaultStepLb, unit: "lb"))
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    try await store.setPlateSteps(ownerID: caller.userID, steps, now: Date())
    let settings = try await unitSettings(of: caller.userID)
    return .with { $0.settings = settings }
  }

  /// What `userID` loads in: the unit system of their profile (as plan's projection of
  /// users has it) and their plate step in it.
  func loadUnit(of userID: String) async throws -> LoadUnit {
    let (imperial, steps) = try await unitChoice(of: userID)
    return LoadUnit(imperial: imperial, plateStep: imperial ? steps.lb : steps.kg)
  }

  private func unitSettings(of userID: String) async throws -> Gym_Plan_V1_UnitSettings {
    let (imperial, steps) = try await unitChoice(of: userID)
    return .with {
      $0.imperial = imperial
      $0.plateStepKg = steps.kg
      $0.plateStepLb = steps.lb
    }
  }

  /// The profile's unit system, and the user's plate steps (the defaults until set).
  /// Whether the user's profile says imperial (metric for an account plan has not heard of).
  func imperial(_ userID: String) async throws -> Bool {
    try await projection.user(id: userID)?.imperial ?? false
  }

  private func unitChoice(of userID: String) async throws -> (imperial: Bool, steps: PlanStore.PlateSteps) {
    let imperial = try await imperial(userID)
    let steps = try await store.plateSteps(ownerID: userID)
    return (imperial, steps ?? PlanStore.PlateSteps(kg: LoadUnit.defaultStepKg, lb: LoadUnit.defaultStepLb))
  }
}
