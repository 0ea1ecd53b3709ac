import Foundation
import GymAPI
import GymService
import GymStore

/// Validates a `Place` from a client and turns it into a record; every problem is
/// reported at once, each naming its field.
enum PlaceInput {
  /// `importing`: hours that cannot be read at all are kept as text and listed in
  /// `unsupported` (an import of real data must not lose gyms); an administrator's
  /// own edit is refused instead, naming the problem.
  static let nameBound = TextBound(characters: 200, minimum: 1)
  static let amenityBound = TextBound(characters: 50, minimum: 1)
  /// OpenStreetMap opening_hours: a week of rules fits easily.
  static let hoursBound = TextBound(characters: 500)
  static let addressBound = TextBound(characters: 20)
  static let countryBound = TextBound(characters: 10)

  static func record(
    from place: Gym_Places_V1_Place, id: String, now: Date, defaults: Gym_Places_V1_ImportOptions = .init(),
    importing: Bool = false
  ) throws(GymError) -> PlaceRecord {
    var violations: [FieldViolation] = []
    var place = place
    // Real data must not lose a gym over one overlong detail: an import leaves the
    // detail out (noted in `unsupported` for the hours); an edit is refused by name.
    var droppedHours: String? = nil
    if importing {
      for path in [\Gym_Places_V1_Place.address.houseNumber, \.address.postcode] where Self.addressBound.violation(place[keyPath: path], field: "") != nil {
        place[keyPath: path] = ""
      }
      if Self.countryBound.violation(place.address.country, field: "") != nil { place.address.country = "" }
      let hours = place.openingHours.osm.trimmingCharacters(in: .whitespacesAndNewlines)
      if hoursBound.violation(hours, field: "") != nil {
        droppedHours = "the opening hours given (\(hours.utf8.count) bytes) are longer than the \(hoursBound.characters) characters kept, and were left out"
        place.openingHours.osm = ""
      }
    }
    let name = place.name.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = nameBound.violation(name, field: "place.name") { violations.append(violation) }
    switch place.kind {
    case .unspecified, .UNRECOGNIZED:
      violations.append(
        FieldViolation("place.kind", "must be one of GYM, SPORTS_CENTRE, LEISURE_CENTRE, SWIMMING_POOL, CLIMBING_GYM, YOGA_STUDIO, MARTIAL_ARTS, OTHER"))
    default: break
    }
    let point = GeoPoint(latitude: place.location.latitude, longitude: place.location.longitude)
    if !place.hasLocation {
      violations.append(FieldViolation("place.location", "is required"))
    } else {
      violations += Self.coordinateViolations(point, field: "place.location")
    }
    let zone = place.timeZone.isEmpty ? defaults.defaultTimeZone : place.timeZone
    if zone.isEmpty {
      violations.append(FieldViolation("place.time_zone", "is required: the IANA zone the opening hours are in, e.g. Europe/London"))
    } else if TimeZones.named(zone) == nil {
      violations.append(FieldViolation("place.time_zone", "'\(zone)' is not an IANA time zone name such as Europe/London"))
    }
    var hours: OpeningHours? = nil
    var unreadableHours: String? = nil
    let hoursText = place.openingHours.osm.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = hoursBound.violation(hoursText, field: "place.opening_hours.osm") {
      violations.append(violation)
    } else if !hoursText.isEmpty {
      do {
        hours = try OpeningHours(hoursText)
      } catch  where importing {
        unreadableHours = "'\(hoursText)' could not be read: \(error)"
      } catch {
        violations.append(
          FieldViolation("place.opening_hours.osm", "\(error) (OpenStreetMap opening_hours syntax, e.g. 'Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00')"))
      }
    }
    let price = place.price
    for (value, field) in [(price.monthly, "place.price.monthly"), (price.dayPass, "place.price.day_pass")]
    where !value.isFinite || value < 0 || value > 100_000 {
      violations.append(FieldViolation(field, "must be between 0 and 100000 (0 = unknown)"))
    }
    let currency = (price.currency.isEmpty ? defaults.defaultCurrency : price.currency).uppercased()
    if !currency.isEmpty && (currency.count != 3 || !currency.allSatisfy(\.isLetter)) {
      violations.append(FieldViolation("place.price.currency", "must be an ISO 4217 code such as EUR"))
    }
    if (price.monthly > 0 || price.dayPass > 0) && currency.isEmpty {
      violations.append(FieldViolation("place.price.currency", "is required with a price"))
    }
    if !place.website.isEmpty && !(place.website.hasPrefix("http://") || place.website.hasPrefix("https://")) {
      violations.append(FieldViolation("place.website", "must start with http:// or https://"))
    }
    for (value, field, limit) in [
      (place.phone, "place.phone", 50), (place.website, "place.website", 2048), (place.source, "place.source", 200),
      (place.address.street, "place.address.street", 200), (place.address.city, "place.address.city", 100),
    ] {
      if let violation = TextBound(characters: limit).violation(value, field: field) { violations.append(violation) }
    }
    for (value, field, bound) in [
      (place.address.houseNumber, "place.address.house_number", addressBound), (place.address.postcode, "place.address.postcode", addressBound),
      (place.address.country, "place.address.country", countryBound),
    ] {
      if let violation = bound.violation(value, field: field) { violations.append(violation) }
    }
    if let violation = amenityBound.violation(place.amenities, field: "place.amenities", count: 50) { violations.append(violation) }
    guard violations.isEmpty else { throw .invalid(violations) }

    var record = PlaceRecord(
      rid: nil, id: id, name: name, kind: place.kind.rawValue, lat: point.latitude, lng: point.longitude,
      timeZone: zone, createdAt: now, updatedAt: now, etag: ID.make(now: now))
    record.street = place.address.street
    record.houseNumber = place.address.houseNumber
    record.postcode = place.address.postcode
    record.city = place.address.city
    record.country = place.address.country.uppercased()
    record.phone = place.phone
    record.website = place.website
    record.openingHours = hoursText
    record.hoursIntervals = hours?.intervals ?? []
    record.hoursUnsupported = hours?.unsupported ?? (unreadableHours ?? droppedHours).map { [$0] } ?? []
    record.hoursNormalized = hours?.normalized ?? ""
    record.priceMonthly = price.monthly
    record.priceDayPass = price.dayPass
    record.currency = currency
    record.amenities = place.amenities.map { $0.lowercased() }
    record.source = place.source.isEmpty ? nil : place.source
    return record
  }

  static func coordinateViolations(_ point: GeoPoint, field: String) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    if !point.latitude.isFinite || !(-90...90).contains(point.latitude) {
      violations.append(FieldViolation("\(field).latitude", "must be between -90 and 90 degrees"))
    }
    if !point.longitude.isFinite || !(-180...180).contains(point.longitude) {
      violations.append(FieldViolation("\(field).longitude", "must be between -180 and 180 degrees"))
    }
    return violations
  }
}
