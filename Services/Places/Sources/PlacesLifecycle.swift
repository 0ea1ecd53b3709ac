import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// Places' part of the user lifecycle (`gym.common.v1.UserLifecycleInternal`): account
/// purges from auth's outbox, and each user's part of their data export. Standing and
/// visibility change nothing stored here: FindTrainers asks auth for account status
/// when it answers.
public struct PlacesLifecycle: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
  let store: PlacesStore
  let logger: Logger

  public init(store: PlacesStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }

  /// Idempotent: a second delivery of the same purge removes nothing and succeeds.
  public func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
    try LifecycleInput.user(request.userID)
    let removed = try await store.purgeUser(request.userID)
    if removed > 0 { logger.info("purged a deleted user's trainer listing", metadata: ["target_user_id": "\(request.userID)"]) }
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

  /// Places keeps no projection of users (FindTrainers asks auth about accounts when it
  /// answers): the update is acknowledged.
  public func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
    try LifecycleInput.event(userID: request.userID, order: request.version, field: "version")
    return .with { $0.applied = false }
  }

  public func exportUser(
    request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try LifecycleInput.user(request.userID)
    let streamer = ExportStreamer(service: "places") { part in try await response.write(.with { $0.part = part }) }
    try await streamer.tables(PlacesStore.exportTables(userID: request.userID), from: store.writer)
  }

}
