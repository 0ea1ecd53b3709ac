import Foundation

/// A WGS 84 point in degrees, and distances on a sphere.
public struct GeoPoint: Sendable, Hashable {
  /// IUGG mean Earth radius.
  public static let earthRadius = 6_371_008.8

  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
  }

  /// Great-circle distance in metres (haversine; accurate to ~0.5% against the ellipsoid).
  public func distance(to other: GeoPoint) -> Double {
    let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
    let Δφ = φ2 - φ1
    let Δλ = (other.longitude - longitude) * .pi / 180
    let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
    return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
  }

  /// Latitude/longitude boxes that contain every point within `radius` metres. Near a
  /// pole the box spans all longitudes; across the antimeridian it is split in two.
  public func boundingBoxes(radius: Double) -> [GeoBox] {
    let angular = radius / Self.earthRadius
    let deltaLat = angular * 180 / .pi
    let minLat = latitude - deltaLat, maxLat = latitude + deltaLat
    if maxLat >= 90 || minLat <= -90 {
      return [GeoBox(minLat: max(minLat, -90), maxLat: min(maxLat, 90), minLng: -180, maxLng: 180)]
    }
    // The widest longitude span of the circle (at the latitude of tangency).
    let deltaLng = asin(min(1, sin(angular) / cos(latitude * .pi / 180))) * 180 / .pi
    let minLng = longitude - deltaLng, maxLng = longitude + deltaLng
    if minLng < -180 {
      return [
        GeoBox(minLat: minLat, maxLat: maxLat, minLng: minLng + 360, maxLng: 180),
        GeoBox(minLat: minLat, maxLat: maxLat, minLng: -180, maxLng: maxLng),
      ]
    }
    if maxLng > 180 {
      return [
        GeoBox(minLat: minLat, maxLat: maxLat, minLng: minLng, maxLng: 180),
        GeoBox(minLat: minLat, maxLat: maxLat, minLng: -180, maxLng: maxLng - 360),
      ]
    }
    return [GeoBox(minLat: minLat, maxLat: maxLat, minLng: minLng, maxLng: maxLng)]
  }
}

public struct GeoBox: Sendable, Hashable {
  public var minLat: Double
  public var maxLat: Double
  public var minLng: Double
  public var maxLng: Double
}
