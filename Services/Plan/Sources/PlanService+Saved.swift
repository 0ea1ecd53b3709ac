import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func saveExercise(request: Gym_Plan_V1_SaveExerciseRequest, context: ServerContext) async throws -> Gym_Plan_V1_SaveExerciseResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.exerciseID, field: "exercise_id")
    guard let exercise = try await catalog.exercises(ids: [request.exerciseID], for: caller.userID)[request.exerciseID] else {
      throw GymError.notFound("no exercise with id \(request.exerciseID) in the catalog")
    }
    try await store.saveExercise(exercise, ownerID: caller.userID, now: Date())
    return .init()
  }

  public func unsaveExercise(
    request: Gym_Plan_V1_UnsaveExerciseRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_UnsaveExerciseResponse {
    let caller = try Caller.current()
    try PlanInput.id(request.exerciseID, field: "exercise_id")
    try await store.unsaveExercise(request.exerciseID, ownerID: caller.userID)
    return .init()
  }

  public func listSavedExercises(
    request: Gym_Plan_V1_ListSavedExercisesRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ListSavedExercisesResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let saved = try await store.savedExercises(ownerID: caller.userID, limit: paging.size, offset: offset)
    return .with {
      $0.exercises = saved.map(Self.savedExercise)
      $0.nextPageToken = paging.nextToken(offset: offset, returned: saved.count)
    }
  }

  static func savedExercise(_ item: PlanStore.SavedExercise) -> Gym_Plan_V1_SavedExercise {
    .with {
      $0.exerciseID = item.exerciseID
      $0.exerciseName = item.name
      $0.savedAt = .init(date: item.savedAt)
    }
  }
}
