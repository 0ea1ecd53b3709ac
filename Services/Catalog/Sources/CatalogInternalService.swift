import Foundation
import GRPCCore
import GymAPI
import GymService
import Logging
import SwiftProtobuf

/// `gym.catalog.v1.CatalogInternal`: what other gym services ask of the catalog.
public struct CatalogInternalService: Gym_Catalog_V1_CatalogInternal.SimpleServiceProtocol {
  let store: CatalogStore
  /// Publishing goes through the same validation and author refresh as CreateProgram.
  let programs: CatalogService
  let logger: Logger

  public init(store: CatalogStore, programs: CatalogService, logger: Logger) {
    self.store = store
    self.programs = programs
    self.logger = logger
  }

  public func lookupExercises(
    request: Gym_Catalog_V1_LookupExercisesRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_LookupExercisesResponse {
    guard request.ids.count <= 500 else { throw GymError.invalid([FieldViolation("ids", "at most 500 per call")]) }
    let found = try await store.exercises(ids: request.ids)
    return .with { $0.exercises = found.map(CatalogMapping.exercise) }
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

  /// Idempotent: a second delivery of the same purge removes nothing and succeeds.
  public func purgeUser(
    request: Gym_Catalog_V1_PurgeUserRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_PurgeUserResponse {
    try CatalogService.requireID(request.userID, field: "user_id")
    let removed = try await store.purgeUser(request.userID)
    if removed > 0 {
      logger.info("purged a deleted user's catalog data", metadata: ["target_user_id": "\(request.userID)", "rows": "\(removed)"])
    }
    return .with { $0.removed = Int32(removed) }
  }

  public func setUserStanding(
    request: Gym_Catalog_V1_SetUserStandingRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_SetUserStandingResponse {
    try CatalogService.requireID(request.userID, field: "user_id")
    guard request.sequence > 0 else { throw GymError.invalid([FieldViolation("sequence", "must be positive")]) }
    let applied = try await store.setStanding(
      userID: request.userID, banned: request.banned, until: request.hasBannedUntil ? request.bannedUntil.date : nil,
      sequence: request.sequence, now: Date())
    logger.info(
      "user standing", metadata: ["target_user_id": "\(request.userID)", "banned": "\(request.banned)", "applied": "\(applied)"])
    return .with { $0.applied = applied }
  }

  public func exportUser(
    request: Gym_Catalog_V1_ExportUserRequest, response: RPCWriter<Gym_Catalog_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try CatalogService.requireID(request.userID, field: "user_id")
    let streamer = ExportStreamer(service: "catalog") { part in try await response.write(.with { $0.part = part }) }
    try await streamer.tables(CatalogStore.exportTables(userID: request.userID), from: store.writer)
  }
}
