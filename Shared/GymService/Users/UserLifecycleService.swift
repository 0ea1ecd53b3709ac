import Foundation
import GRPCCore
import GymAPI
import GymStore
import Logging

/// `gym.common.v1.UserLifecycleInternal` for any backend: every request checked alike
/// (`LifecycleInput`), handed to the backend's `UserLifecycle`, logged and answered.
public struct UserLifecycleService<Backend: UserLifecycle>: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
  let backend: Backend
  let logger: Logger

  public init(_ backend: Backend, logger: Logger) {
    self.backend = backend
    self.logger = logger
  }

  public func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
    try LifecycleInput.user(request.userID)
    let removed = try await backend.purge(userID: request.userID)
    if removed > 0 {
      logger.info("purged a deleted user's \(backend.name) data", metadata: ["target_user_id": "\(request.userID)", "rows": "\(removed)"])
    }
    return .with { $0.removed = Int32(clamping: removed) }
  }

  public func setUserStanding(
    request: Gym_Common_V1_SetUserStandingRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserStandingResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    let applied = try await backend.setStanding(
      userID: request.userID, banned: request.banned, until: request.hasBannedUntil ? request.bannedUntil.date : nil,
      sequence: request.sequence)
    if applied {
      logger.info("user standing", metadata: ["target_user_id": "\(request.userID)", "banned": "\(request.banned)"])
    }
    return .with { $0.applied = applied }
  }

  public func setUserVisibility(
    request: Gym_Common_V1_SetUserVisibilityRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserVisibilityResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    let applied = try await backend.setVisibility(userID: request.userID, isPrivate: request.isPrivate, sequence: request.sequence)
    if applied {
      logger.info("user visibility", metadata: ["target_user_id": "\(request.userID)", "private": "\(request.isPrivate)"])
    }
    return .with { $0.applied = applied }
  }

  public func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
    try LifecycleInput.event(userID: request.userID, order: request.version, field: "version")
    let applied = try await backend.update(UserProjection.User(request, now: Date()))
    return .with { $0.applied = applied }
  }

  public func exportUser(
    request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try LifecycleInput.user(request.userID)
    let streamer = ExportStreamer(service: backend.name) { part in try await response.write(.with { $0.part = part }) }
    try await backend.export(userID: request.userID, to: streamer)
  }
}
