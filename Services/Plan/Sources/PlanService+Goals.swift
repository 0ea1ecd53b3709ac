import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func createGoal(request: Gym_Plan_V1_CreateGoalRequest, context: ServerContext) async throws -> Gym_Plan_V1_CreateGoalResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateGoal")
    let goal = request.goal
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    let today = LocalDate(now, in: zone)
    let due = try LocalDate.required(goal.due, field: "goal.due")
    var violations: [FieldViolation] = []
    if due <= today { violations.append(.init("goal.due", "must be after today")) }
    var record: GoalRecord
    let target = Imperial.kilograms(goal.targetWeightKg, field: "goal.target_weight_kg", goal.targetWeightLb, twin: "goal.target_weight_lb")
    if goal.kind == .bodyWeight || goal.kind == .lift, let violation = target.violation { violations.append(violation) }
    switch goal.kind {
    case .bodyWeight:
      if !target.value.isFinite || !(20...500).contains(target.value) {
        violations.append(.init(target.field, "must be 20 to 500 kg (44.09 to 1102.31 lb)"))
      }
      let latest = try await store.bodyWeights(ownerID: caller.userID, from: nil, to: nil, limit: 1, offset: 0).first?.weightKg
      if latest == nil { violations.append(.init("goal.kind", "log your body weight first, so progress has a starting point")) }
      record = GoalRecord(
        id: ID.make(now: now), ownerID: caller.userID, kind: .bodyWeight, targetWeightKg: target.value, due: due,
        startValue: latest ?? 0, createdAt: now)
    case .lift:
      if goal.exerciseID.isEmpty { violations.append(.init("goal.exercise_id", "is required for a lift goal")) }
      if !target.value.isFinite || !(1...1000).contains(target.value) {
        violations.append(.init(target.field, "must be 1 to 1000 kg (2.2 to 2204.62 lb)"))
      }
      if !(0...100).contains(goal.targetReps) { violations.append(.init("goal.target_reps", "must be 1 to 100 (0 = 1)")) }
      let reps = max(1, Int(goal.targetReps))
      record = GoalRecord(
        id: ID.make(now: now), ownerID: caller.userID, kind: .lift, targetWeightKg: target.value,
        exerciseID: goal.exerciseID, targetReps: reps, due: due, startValue: 0, createdAt: now)
    case .sessionsPerWeek:
      if !(1...14).contains(goal.sessionsPerWeek) { violations.append(.init("goal.sessions_per_week", "must be 1 to 14")) }
      record = GoalRecord(
        id: ID.make(now: now), ownerID: caller.userID, kind: .sessionsPerWeek, sessionsPerWeek: Int(goal.sessionsPerWeek), due: due,
        startValue: 0, createdAt: now)
    default:
      throw GymError.invalid([.init("goal.kind", "must be BODY_WEIGHT, LIFT or SESSIONS_PER_WEEK")])
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    if record.kind == .lift {
      try await checkExercises([record.exerciseID], for: caller.userID, fields: [record.exerciseID: "goal.exercise_id"], now: now)
      record.startValue = try await store.bestWeight(ownerID: caller.userID, exerciseID: record.exerciseID, reps: record.targetReps, since: nil)
    }
    let stored = try await store.insertGoal(record, key: key)
    let imperial = try await imperial(caller.userID)
    let response = try await goalMessage(stored, today: today, zone: zone, imperial: imperial)
    return .with { $0.goal = response }
  }

  public func listGoals(request: Gym_Plan_V1_ListGoalsRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListGoalsResponse {
    let caller = try Caller.current()
    let zone = try await timeZone(of: caller.userID)
    let today = LocalDate(Date(), in: zone)
    let imperial = try await imperial(caller.userID)
    var goals: [Gym_Plan_V1_Goal] = []
    for record in try await store.goals(ownerID: caller.userID) {
      goals.append(try await goalMessage(record, today: today, zone: zone, imperial: imperial))
    }
    return .with { $0.goals = goals }
  }

  public func deleteGoal(request: Gym_Plan_V1_DeleteGoalRequest, context: ServerContext) async throws -> Gym_Plan_V1_DeleteGoalResponse {
    let caller = try Caller.current()
    try await store.deleteGoal(id: request.id, ownerID: caller.userID)
    return .init()
  }

  /// The goal with its progress from the data logged so far.
  func goalMessage(_ goal: GoalRecord, today: LocalDate, zone: TimeZone, imperial: Bool) async throws -> Gym_Plan_V1_Goal {
    let current: Double
    switch goal.kind {
    case .bodyWeight:
      current = try await store.bodyWeights(ownerID: goal.ownerID, from: nil, to: nil, limit: 1, offset: 0).first?.weightKg ?? goal.startValue
    case .lift:
      current = try await store.bestWeight(ownerID: goal.ownerID, exerciseID: goal.exerciseID, reps: goal.targetReps, since: nil)
    case .sessionsPerWeek:
      let monday = today.adding(days: 1 - today.isoWeekday)
      current = Double(try await store.sessionCount(ownerID: goal.ownerID, from: monday, to: today))
    }
    let progress = GoalProgress(goal: goal, current: current, today: today, zone: zone, imperial: imperial)
    let names = goal.exerciseID.isEmpty ? [:] : try await exerciseNames([goal.exerciseID])
    return .with {
      $0.id = goal.id
      $0.kind =
        switch goal.kind {
        case .bodyWeight: .bodyWeight
        case .lift: .lift
        case .sessionsPerWeek: .sessionsPerWeek
        }
      $0.targetWeightKg = goal.targetWeightKg
      $0.targetWeightLb = Imperial.pounds(goal.targetWeightKg)
      $0.exerciseID = goal.exerciseID
      $0.exerciseName = names[goal.exerciseID] ?? ""
      $0.targetReps = Int32(goal.targetReps)
      $0.sessionsPerWeek = Int32(goal.sessionsPerWeek)
      $0.due = goal.due.proto
      $0.createdAt = .init(date: goal.createdAt)
      $0.startValue = goal.startValue
      $0.currentValue = current
      if goal.kind != .sessionsPerWeek {
        $0.startValueLb = Imperial.pounds(goal.startValue)
        $0.currentValueLb = Imperial.pounds(current)
      }
      $0.progress = progress.fraction
      $0.achieved = progress.achieved
      $0.onTrack = progress.onTrack
      $0.status = progress.status
    }
  }
}
