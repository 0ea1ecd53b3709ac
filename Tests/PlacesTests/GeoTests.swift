import Foundation
import Testing

@testable import GymPlaces

@Suite struct GeoTests {
  /// Reference distances: WGS 84 ellipsoid geodesics computed with GeographicLib
  /// (Karney); the sphere must agree within 0.5 %.
  static let landmarks: [(String, GeoPoint, GeoPoint, Double)] = [
    ("Big Ben – Eiffel Tower", .init(latitude: 51.50073, longitude: -0.12463), .init(latitude: 48.85837, longitude: 2.29448), 340_900.9),
    ("Statue of Liberty – Empire State", .init(latitude: 40.68925, longitude: -74.04450), .init(latitude: 40.74844, longitude: -73.98566), 8_241.3),
    ("Suva – Apia (across the antimeridian)", .init(latitude: -18.14161, longitude: 178.44190), .init(latitude: -13.83333, longitude: -171.76666), 1_151_055.4),
    ("Longyearbyen – Alert (high Arctic)", .init(latitude: 78.22317, longitude: 15.62672), .init(latitude: 82.50180, longitude: -62.34810), 1_400_965.7),
    ("Quito – Libreville (along the equator)", .init(latitude: -0.18065, longitude: -78.46784), .init(latitude: 0.41620, longitude: 9.46730), 9_789_045.8),
    ("Opera House – Harbour Bridge", .init(latitude: -33.85678, longitude: 151.21530), .init(latitude: -33.85232, longitude: 151.21066), 655.1),
  ]

  @Test(arguments: landmarks.map { $0 })
  func distancesMatchPublishedGeodesics(_ pair: (String, GeoPoint, GeoPoint, Double)) {
    let (name, a, b, expected) = pair
    let error = abs(a.distance(to: b) - expected) / expected
    #expect(error < 0.005, "\(name): \(a.distance(to: b)) m vs \(expected) m")
    #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-6)
  }

  @Test func boxesSplitAtTheAntimeridianAndWidenAtThePoles() {
    let fiji = GeoPoint(latitude: -17.7, longitude: 179.99)
    let boxes = fiji.boundingBoxes(radius: 4_000)
    #expect(boxes.count == 2)
    #expect(boxes.contains { $0.maxLng == 180 } && boxes.contains { $0.minLng == -180 })

    let nearPole = GeoPoint(latitude: 89.99, longitude: 10)
    let polar = nearPole.boundingBoxes(radius: 4_000)
    #expect(polar == [GeoBox(minLat: polar[0].minLat, maxLat: 90, minLng: -180, maxLng: 180)])

    // Every point on the circle is inside the box.
    let london = GeoPoint(latitude: 51.5, longitude: -0.12)
    let box = london.boundingBoxes(radius: 50_000)[0]
    for bearing in stride(from: 0.0, to: 360.0, by: 15.0) {
      let p = destination(from: london, metres: 49_999, bearing: bearing)
      #expect(p.latitude >= box.minLat && p.latitude <= box.maxLat && p.longitude >= box.minLng && p.longitude <= box.maxLng)
    }
  }
}

/// The point `metres` away from `start` along `bearing` degrees (spherical).
func destination(from start: GeoPoint, metres: Double, bearing: Double) -> GeoPoint {
  let δ = metres / GeoPoint.earthRadius, θ = bearing * .pi / 180
  let φ1 = start.latitude * .pi / 180, λ1 = start.longitude * .pi / 180
  let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
  let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
  var lng = λ2 * 180 / .pi
  if lng > 180 { lng -= 360 } else if lng < -180 { lng += 360 }
  return GeoPoint(latitude: φ2 * 180 / .pi, longitude: lng)
}
