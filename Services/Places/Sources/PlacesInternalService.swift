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
    violations += Self.figureViolations(count: request.ratingCount, of: "rating", starSum: request.starSum, version: request.version)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let stats = TrainerStats(clientCount: Int(request.clientCount), ratingCount: Int(request.ratingCount), starSum: request.starSum)
    let applied = try await store.setTrainerStats(trainerID: request.trainerID, stats, version: request.version)
    return .with { $0.applied = applied }
  }

  /// Messaging, before it makes a place's room or takes a review of it.
  public func getPlaceSnapshot(
    request: Gym_Places_V1_GetPlaceSnapshotRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_GetPlaceSnapshotResponse {
    guard !request.placeID.isEmpty else { throw GymError.invalid([FieldViolation("place_id", "is required")]) }
    guard let place = try await store.place(id: request.placeID) else { throw GymError.notFound("no place with id \(request.placeID)") }
    return .with {
      $0.placeID = place.id
      $0.name = place.name
      $0.kind = Gym_Places_V1_PlaceKind(rawValue: place.kind) ?? .other
      $0.city = place.city
    }
  }

  /// Messaging's outbox keeping the review count and stars a place shows.
  public func setPlaceReviewStats(
    request: Gym_Places_V1_SetPlaceReviewStatsRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_SetPlaceReviewStatsResponse {
    var violations: [FieldViolation] = []
    if request.placeID.isEmpty { violations.append(FieldViolation("place_id", "is required")) }
    violations += Self.figureViolations(count: request.reviewCount, of: "review", starSum: request.starSum, version: request.version)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let applied = try await store.setPlaceReviewStats(
      placeID: request.placeID, PlaceReviewStats(reviewCount: Int(request.reviewCount), starSum: request.starSum), version: request.version)
    return .with { $0.applied = applied }
  }

  /// A count of ratings or reviews (`<what>_count`), their stars' sum and the figures'
  /// version, as another service's outbox sends them: what does not add up, named.
  static func figureViolations(count: Int32, of what: String, starSum: Int64, version: Int64) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    if count < 0 { violations.append(FieldViolation("\(what)_count", "must be 0 or more")) }
    let counted = Int64(max(count, 0))
    if starSum < counted || starSum > counted * 5 {
      violations.append(FieldViolation("star_sum", "must be between 1 and 5 stars per \(what)"))
    }
    if version < 1 { violations.append(FieldViolation("version", "must be 1 or more")) }
    return violations
  }
}
