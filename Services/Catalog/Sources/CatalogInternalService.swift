import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// `gym.catalog.v1.CatalogInternal`: what other gym services ask of the catalog.
public struct CatalogInternalService: Gym_Catalog_V1_CatalogInternal.SimpleServiceProtocol {
  let store: CatalogStore
  /// Publishing goes through the same validation and author check as CreateProgram.
  let programs: CatalogService

  public init(store: CatalogStore, programs: CatalogService) {
    self.store = store
    self.programs = programs
  }

  public func lookupExercises(
    request: Gym_Catalog_V1_LookupExercisesRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_LookupExercisesResponse {
    guard request.ids.count <= 500 else { throw GymError.invalid([FieldViolation("ids", "at most 500 per call")]) }
    let found = try await store.exercises(ids: request.ids, for: request.forUserID)
    return .with { $0.exercises = found.map(CatalogMapping.exercise) }
  }

  public func resolveExerciseNames(
    request: Gym_Catalog_V1_ResolveExerciseNamesRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ResolveExerciseNamesResponse {
    try CatalogService.requireID(request.forUserID, field: "for_user_id")
    guard request.names.count <= 500 else { throw GymError.invalid([FieldViolation("names", "at most 500 per call")]) }
    let owner = request.forUserID
    let resolved = try await store.resolve(names: request.names, ownerID: owner, create: request.createMissing) { name in
      let now = Date()
      let exercise = Gym_Catalog_V1_Exercise.with { $0.name = name }
      guard case .success(let input) = ExerciseInput.validate(exercise, id: ID.make(now: now), authorID: owner, ownerID: owner, now: now)
      else { return nil }
      return (input.record, input.searchFacets)
    }
    return .with {
      $0.names = resolved.map { item in
        .with {
          $0.name = item.name
          if let exercise = item.exercise { $0.exercise = CatalogMapping.exercise(exercise) }
          $0.created = item.created
          $0.problem = item.problem
        }
      }
    }
  }

  public func publishProgram(
    request: Gym_Catalog_V1_PublishProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_PublishProgramResponse {
    try CatalogService.requireID(request.authorID, field: "author_id")
    let view = try await programs.publish(request.program, authorID: request.authorID)
    return .with { $0.program = CatalogMapping.program(view, viewer: .init(userID: request.authorID, isAdmin: false)) }
  }

  public func getProgramSnapshot(
    request: Gym_Catalog_V1_GetProgramSnapshotRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_GetProgramSnapshotResponse {
    try CatalogService.requireID(request.programID, field: "program_id")
    try CatalogService.requireID(request.forUserID, field: "for_user_id")
    let viewer = CatalogStore.Viewer(userID: request.forUserID, isAdmin: false)
    let now = Date()
    guard let (view, exercises) = try await store.snapshot(id: request.programID, viewer: viewer, now: now) else {
      throw GymError.notFound("no program with this id")
    }
    return .with {
      $0.snapshot = .with {
        $0.program = CatalogMapping.program(view, viewer: viewer)
        $0.exercises = exercises.map(CatalogMapping.exercise)
        $0.version = view.program.version
        $0.takenAt = Google_Protobuf_Timestamp(date: now)
      }
    }
  }

  public func recordProgramSaved(
    request: Gym_Catalog_V1_RecordProgramSavedRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_RecordProgramSavedResponse {
    try CatalogService.requireID(request.programID, field: "program_id")
    try CatalogService.requireID(request.userID, field: "user_id")
    let saves = try await store.recordSave(programID: request.programID, userID: request.userID, now: Date())
    return .with { $0.saves = Int32(saves) }
  }
}
