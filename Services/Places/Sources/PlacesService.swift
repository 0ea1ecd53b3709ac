import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// `gym.places.v1.PlacesService`: nearby search, place administration and imports,
/// trainer listings. RPCs live in `PlacesService+Places` and `PlacesService+Trainers`.
public struct PlacesService: Sendable {
  public static let defaultRadius = 4_000.0
  public static let maximumRadius = 50_000.0
  /// Where a nearest-first search starts before widening (`NearestFirst`).
  static let firstRadius = 1_000.0

  let store: PlacesStore
  /// Places' projection of users: trainers' names, avatars, roles and bans.
  let projection: ProjectedUsers
  let logger: Logger

  /// - Parameter users: auth's accounts, asked only for trainers the projection lacks.
  public init(store: PlacesStore, users: any UserDirectory, logger: Logger) {
    self.store = store
    self.projection = ProjectedUsers(writer: store.writer, auth: users)
    self.logger = logger
  }

  /// Location and radius checks shared by the searches.
  static func searchArea(
    _ location: Gym_Common_V1_LatLng, hasLocation: Bool, radius: Double, defaultRadius: Double, maximum: Double
  ) -> (GeoPoint, Double, [FieldViolation]) {
    var violations: [FieldViolation] = []
    let point = GeoPoint(latitude: location.latitude, longitude: location.longitude)
    if !hasLocation {
      violations.append(FieldViolation("location", "is required"))
    } else {
      violations += PlaceInput.coordinateViolations(point, field: "location")
    }
    let effective = radius == 0 ? defaultRadius : radius
    if !effective.isFinite || effective <= 0 || effective > maximum {
      violations.append(FieldViolation("radius_m", "must be more than 0 and at most \(Int(maximum)) metres (0 = \(Int(defaultRadius)))"))
    }
    return (point, effective, violations)
  }

  /// The least average stars a search asks for (nil: any), or why it cannot be one.
  static func minRating(_ value: Double) -> (Double?, FieldViolation?) {
    guard value.isFinite, value == 0 || (1...5).contains(value) else {
      return (nil, FieldViolation("min_rating", "must be 0 (any) or between 1 and 5"))
    }
    return (value > 0 ? value : nil, nil)
  }
}

extension PlacesService: Gym_Places_V1_PlacesService.SimpleServiceProtocol {}
