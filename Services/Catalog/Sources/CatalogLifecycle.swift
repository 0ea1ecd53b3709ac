import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// The catalog's part of the user lifecycle (`gym.common.v1.UserLifecycleInternal`):
/// purges and bans from auth's outbox, and each user's part of their data export.
/// Visibility changes nothing here: programs are public whoever wrote them.
public struct CatalogLifecycle: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
  let store: CatalogStore
  let logger: Logger

  public init(store: CatalogStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }

  /// Idempotent: a second delivery of the same purge removes nothing and succeeds.
  public func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
    try LifecycleInput.user(request.userID)
    let removed = try await store.purgeUser(request.userID)
    if removed > 0 {
      logger.info("purged a deleted user's catalog data", metadata: ["target_user_id": "\(request.userID)", "rows": "\(removed)"])
    }
    return .with { $0.removed = Int32(removed) }
  }

  public func setUserStanding(
    request: Gym_Common_V1_SetUserStandingRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserStandingResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    let applied = try await store.setStanding(
      userID: request.userID, banned: request.banned, until: request.hasBannedUntil ? request.bannedUntil.date : nil,
      sequence: request.sequence, now: Date())
    logger.info(
      "user standing", metadata: ["target_user_id": "\(request.userID)", "banned": "\(request.banned)", "applied": "\(applied)"])
    return .with { $0.applied = applied }
  }

  public func setUserVisibility(
    request: Gym_Common_V1_SetUserVisibilityRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserVisibilityResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    return .with { $0.applied = false }
  }

  /// Catalog keeps no projection of users yet (its author rows hold names from publishing
  /// and the standing from SetUserStanding): the update is acknowledged.
  public func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
    try LifecycleInput.event(userID: request.userID, order: request.version, field: "version")
    return .with { $0.applied = false }
  }

  public func exportUser(
    request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try LifecycleInput.user(request.userID)
    let streamer = ExportStreamer(service: "catalog") { part in try await response.write(.with { $0.part = part }) }
    try await streamer.tables(CatalogStore.exportTables(userID: request.userID), from: store.writer)
  }
}
