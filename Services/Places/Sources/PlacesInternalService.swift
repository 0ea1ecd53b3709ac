import GRPCCore
import GymAPI
import GymService
import GymStore

/// `gym.places.v1.PlacesInternal`: what other gym services tell places.
public struct PlacesInternalService: Gym_Places_V1_PlacesInternal.SimpleServiceProtocol {
  let store: PlacesStore

  public init(store: PlacesStore) { self.store = store }

  /// Plan's outbox keeping the client count and ratings a trainer's listing shows.
  public func setTrainerStats(
    request: Gym_Places_V1_SetTrainerStatsRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_SetTrainerStatsResponse {
    var violations: [FieldViolation] = []
    if request.trainerID.isEmpty { violations.append(FieldViolation("trainer_id", "is required")) }
    if request.clientCount < 0 { violations.append(FieldViolation("client_count", "must be 0 or more")) }
    if request.ratingCount < 0 { violations.append(FieldViolation("rating_count", "must be 0 or more")) }
    let ratings = Int64(max(request.ratingCount, 0))
    if request.starSum < ratings || request.starSum > ratings * 5 {
      violations.append(FieldViolation("star_sum", "must be between 1 and 5 stars per rating"))
    }
    if request.version < 1 { violations.append(FieldViolation("version", "must be 1 or more")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let stats = TrainerStats(clientCount: Int(request.clientCount), ratingCount: Int(request.ratingCount), starSum: request.starSum)
    let applied = try await store.setTrainerStats(trainerID: request.trainerID, stats, version: request.version)
    return .with { $0.applied = applied }
  }
}
