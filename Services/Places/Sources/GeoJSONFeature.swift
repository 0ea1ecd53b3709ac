import Foundation
import GymAPI

/// A GeoJSON Feature with OpenStreetMap tags (as exported by Overpass or osmium)
/// turned into a `Place`: kind from leisure/sport, address from addr:*, contacts from
/// contact:* or the plain keys, the source from the OSM id.
enum GeoJSONFeature {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  static func place(fromJSON text: String) throws(Problem) -> Gym_Places_V1_Place {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw Problem(description: "not a JSON object")
    }
    guard object["type"] as? String == "Feature" else { throw Problem(description: "not a GeoJSON Feature (type must be \"Feature\")") }
    guard let geometry = object["geometry"] as? [String: Any], let point = centroid(of: geometry) else {
      throw Problem(description: "has no usable geometry (Point, Polygon or MultiPolygon)")
    }
    let properties = (object["properties"] as? [String: Any]) ?? [:]
    var tags: [String: String] = [:]
    for (key, value) in properties {
      if let string = value as? String { tags[key] = string } else if let number = value as? NSNumber { tags[key] = number.stringValue }
    }
    if let nested = properties["tags"] as? [String: Any] {
      for (key, value) in nested { if let string = value as? String { tags[key] = string } }
    }
    let osmID = tags["@id"] ?? tags["id"] ?? (object["id"] as? String) ?? (object["id"] as? NSNumber)?.stringValue
    return .with { place in
      place.name = tags["name"] ?? ""
      place.kind = kind(tags)
      place.location = .with {
        $0.latitude = point.latitude
        $0.longitude = point.longitude
      }
      place.address = .with {
        $0.street = tags["addr:street"] ?? ""
        $0.houseNumber = tags["addr:housenumber"] ?? ""
        $0.postcode = tags["addr:postcode"] ?? ""
        $0.city = tags["addr:city"] ?? ""
        $0.country = tags["addr:country"] ?? ""
      }
      place.phone = tags["contact:phone"] ?? tags["phone"] ?? ""
      place.website = tags["contact:website"] ?? tags["website"] ?? ""
      place.openingHours = .with { $0.osm = tags["opening_hours"] ?? "" }
      place.timeZone = tags["timezone"] ?? ""
      place.price = .with {
        $0.monthly = Double(tags["fee:monthly"] ?? tags["charge:monthly"] ?? "") ?? 0
        $0.dayPass = Double(tags["fee:day"] ?? tags["charge"] ?? "") ?? 0
        $0.currency = tags["currency"] ?? ""
      }
      place.amenities = ["sauna", "shower", "swimming_pool", "parking", "wheelchair"].filter { key in
        if let value = tags[key] { return value != "no" }
        return tags["amenity"] == key
      }
      if let osmID { place.source = "osm:" + osmID.replacingOccurrences(of: "osm:", with: "") }
    }
  }

  static func kind(_ tags: [String: String]) -> Gym_Places_V1_PlaceKind {
    let sports = Set((tags["sport"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
    if !sports.isDisjoint(with: ["climbing", "bouldering"]) { return .climbingGym }
    if sports.contains("yoga") { return .yogaStudio }
    if !sports.isDisjoint(with: ["martial_arts", "karate", "judo", "taekwondo", "boxing", "kickboxing", "aikido", "jiu-jitsu", "mma"]) {
      return .martialArts
    }
    switch tags["leisure"] {
    case "fitness_centre": return .gym
    case "swimming_pool", "water_park": return .swimmingPool
    case "leisure_centre": return .leisureCentre
    case "sports_centre", "sports_hall": return sports.contains("swimming") ? .swimmingPool : .sportsCentre
    default: return sports.contains("fitness") ? .gym : .other
    }
  }

  /// The point itself, or the mean of a polygon's outer ring (good enough to find a building).
  private static func centroid(of geometry: [String: Any]) -> GeoPoint? {
    func point(_ value: Any?) -> GeoPoint? {
      guard let pair = value as? [Any], pair.count >= 2, let lng = (pair[0] as? NSNumber)?.doubleValue,
        let lat = (pair[1] as? NSNumber)?.doubleValue
      else { return nil }
      return GeoPoint(latitude: lat, longitude: lng)
    }
    func mean(_ ring: [Any]) -> GeoPoint? {
      let points = ring.compactMap(point)
      guard !points.isEmpty else { return nil }
      return GeoPoint(
        latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
        longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
    }
    switch geometry["type"] as? String {
    case "Point": return point(geometry["coordinates"])
    case "Polygon": return (geometry["coordinates"] as? [Any])?.first.flatMap { $0 as? [Any] }.flatMap(mean)
    case "MultiPolygon":
      return ((geometry["coordinates"] as? [Any])?.first as? [Any])?.first.flatMap { $0 as? [Any] }.flatMap(mean)
    default: return nil
    }
  }
}
