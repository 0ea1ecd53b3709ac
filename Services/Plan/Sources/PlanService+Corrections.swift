import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// Fixing what was logged: sets corrected or deleted, past workouts moved, renamed or
/// deleted (the store keeps totals, statistics and records in step).
extension PlanService {
  public func updateLoggedSet(
    request: Gym_Plan_V1_UpdateLoggedSetRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_UpdateLoggedSetResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.sessionID, field: "session_id")
    let setID = try Self.setID(request.setID)
    let set = try Self.loggedSet(request.set, field: "set", now: Date())
    let logged = try await store.updateLoggedSet(
      sessionID: request.sessionID, setID: setID, ownerID: caller.userID, set: set, check: Self.sessionCheck(field: "set"))
    return .with { $0.item = PlanMapping.item(logged.item, names: [logged.item.exerciseID: logged.exerciseName ?? ""]) }
  }

  public func deleteLoggedSet(
    request: Gym_Plan_V1_DeleteLoggedSetRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteLoggedSetResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.sessionID, field: "session_id")
    let logged = try await store.deleteLoggedSet(sessionID: request.sessionID, setID: try Self.setID(request.setID), ownerID: caller.userID)
    return .with { $0.item = PlanMapping.item(logged.item, names: [logged.item.exerciseID: logged.exerciseName ?? ""]) }
  }

  public func updateWorkout(
    request: Gym_Plan_V1_UpdateWorkoutRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_UpdateWorkoutResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.sessionID, field: "session_id")
    let zone = try await timeZone(of: caller.userID)
    var change = PlanStore.WorkoutChange()
    var violations: [FieldViolation] = []
    let paths = request.updateMask.paths
    if paths.isEmpty { violations.append(.init("update_mask", "name at least one of date, notes, name")) }
    for path in paths {
      switch path {
      case "date":
        do {
          let date = try LocalDate.required(request.date, field: "date")
          if date > LocalDate(Date(), in: zone) {
            violations.append(.init("date", "is in the future (in your time zone, \(zone.identifier))"))
          }
          change.date = date
        } catch .invalid(let problems) {
          violations += problems
        } catch {}
      case "notes":
        if let violation = Self.sessionNotesBound.violation(request.notes, field: "notes") { violations.append(violation) }
        change.notes = request.notes
      case "name":
        if let violation = Self.workoutNameBound.violation(request.name, field: "name") { violations.append(violation) }
        change.name = request.name
      default:
        violations.append(.init("update_mask", "\"\(path)\" is not a field UpdateWorkout changes (date, notes, name)"))
      }
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let session = try await store.updateWorkout(
      sessionID: request.sessionID, ownerID: caller.userID, change: change, zone: zone, check: Self.sessionCheck(field: "notes"))
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  public func deleteWorkout(
    request: Gym_Plan_V1_DeleteWorkoutRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteWorkoutResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.sessionID, field: "session_id")
    try await store.deleteWorkout(sessionID: request.sessionID, ownerID: caller.userID)
    return .init()
  }

  /// A workout keeps a name once it has one.
  static let workoutNameBound = TextBound(characters: 100, minimum: 1)

  /// A set's id as the API gives it (the stored set's number).
  static func setID(_ value: String) throws(GymError) -> Int64 {
    guard let id = Int64(value), id > 0 else { throw .invalid([.init("set_id", "is the id of a logged set, as GetSession gives it")]) }
    return id
  }
}
