import GRPCCore
import GymAPI
import GymService
import Logging

/// `gym.plan.v1.PlanInternal`: calls from other gym processes with the service credential.
public struct PlanInternalService: Gym_Plan_V1_PlanInternal.SimpleServiceProtocol {
  let store: PlanStore
  let logger: Logger

  public init(store: PlanStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }

  /// Idempotent: a second purge finds nothing and answers 0.
  public func purgeUser(request: Gym_Plan_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Plan_V1_PurgeUserResponse {
    try PlanInput.id(request.userID, field: "user_id")
    let removed = try await store.purgeUser(request.userID)
    logger.info("purged a user's plan data", metadata: ["user_id": "\(request.userID)", "rows": "\(removed)"])
    return .with { $0.removed = Int32(removed) }
  }

  public func exportUser(
    request: Gym_Plan_V1_ExportUserRequest, response: RPCWriter<Gym_Plan_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try PlanInput.id(request.userID, field: "user_id")
    let streamer = ExportStreamer(service: "plan") { part in try await response.write(.with { $0.part = part }) }
    try await streamer.tables(PlanStore.exportTables(userID: request.userID), from: store.writer)
  }
}
