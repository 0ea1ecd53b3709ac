import GRPCCore
import GymAPI
import GymService
import Logging

/// `gym.places.v1.PlacesInternal`: account purges from auth's outbox, and each user's
/// part of their data export.
public struct PlacesInternalService: Gym_Places_V1_PlacesInternal.SimpleServiceProtocol {
  let store: PlacesStore
  let logger: Logger

  public init(store: PlacesStore, logger: Logger) {
    self.store = store
    self.logger = logger
  }

  /// Idempotent: a second delivery of the same purge removes nothing and succeeds.
  public func purgeUser(request: Gym_Places_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Places_V1_PurgeUserResponse {
    guard !request.userID.isEmpty else { throw GymError.invalid([FieldViolation("user_id", "is required")]) }
    let removed = try await store.purgeUser(request.userID)
    if removed > 0 { logger.info("purged a deleted user's trainer listing", metadata: ["target_user_id": "\(request.userID)"]) }
    return .with { $0.removed = Int32(removed) }
  }

  public func exportUser(
    request: Gym_Places_V1_ExportUserRequest, response: RPCWriter<Gym_Places_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    guard !request.userID.isEmpty else { throw GymError.invalid([FieldViolation("user_id", "is required")]) }
    let streamer = ExportStreamer(service: "places") { part in try await response.write(.with { $0.part = part }) }
    try await streamer.tables(PlacesStore.exportTables(userID: request.userID), from: store.writer)
  }
}
