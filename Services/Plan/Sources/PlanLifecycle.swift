import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// Plan's part of the user lifecycle (`gym.common.v1.UserLifecycleInternal`): purges
/// and account updates (its projection of users: time zones for local days) from
/// auth's outbox, and each user's part of their data export. Standing and visibility
/// events change nothing more here: updates carry them too.
public struct PlanLifecycle: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
  let store: PlanStore
  let logger: Logger

  public init(store: PlanStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }

  /// Idempotent: a second purge finds nothing and answers 0.
  public func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
    try LifecycleInput.user(request.userID)
    let removed = try await store.purgeUser(request.userID)
    logger.info("purged a user's plan data", metadata: ["user_id": "\(request.userID)", "rows": "\(removed)"])
    return .with { $0.removed = Int32(removed) }
  }

  public func setUserStanding(
    request: Gym_Common_V1_SetUserStandingRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserStandingResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    return .with { $0.applied = false }
  }

  public func setUserVisibility(
    request: Gym_Common_V1_SetUserVisibilityRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserVisibilityResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    return .with { $0.applied = false }
  }

  public func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
    try LifecycleInput.event(userID: request.userID, order: request.version, field: "version")
    let applied = try await store.applyUser(UserProjection.User(request, now: Date()))
    return .with { $0.applied = applied }
  }

  public func exportUser(
    request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try LifecycleInput.user(request.userID)
    let streamer = ExportStreamer(service: "plan") { part in try await response.write(.with { $0.part = part }) }
    try await streamer.tables(PlanStore.exportTables(userID: request.userID), from: store.writer)
  }
}
