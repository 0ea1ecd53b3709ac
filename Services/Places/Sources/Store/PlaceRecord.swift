import Foundation
import GRDB

/// A row of `places`. `rid` is the integer key shared with the `places_rtree` index.
/// Read as a record; written only by `PlacesStore.write`, which keeps the index in step.
public struct PlaceRecord: Codable, Sendable, Equatable, FetchableRecord, TableRecord {
  public static let databaseTableName = "places"

  public var rid: Int64?
  public var id: String
  public var name: String
  public var kind: Int
  public var lat: Double
  public var lng: Double
  public var street = ""
  public var houseNumber = ""
  public var postcode = ""
  public var city = ""
  public var country = ""
  public var phone = ""
  public var website = ""
  public var openingHours = ""
  public var hoursIntervals: [OpeningHours.Interval] = []
  public var hoursUnsupported: [String] = []
  public var hoursNormalized = ""
  public var timeZone: String
  public var priceMonthly: Double = 0
  public var priceDayPass: Double = 0
  public var currency = ""
  public var amenities: [String] = []
  public var source: String?
  public var createdAt: Date
  public var updatedAt: Date
  public var etag: String

  enum CodingKeys: String, CodingKey {
    case rid, id, name, kind, lat, lng, street
    case houseNumber = "house_number"
    case postcode, city, country, phone, website
    case openingHours = "opening_hours"
    case hoursIntervals = "hours_intervals"
    case hoursUnsupported = "hours_unsupported"
    case hoursNormalized = "hours_normalized"
    case timeZone = "time_zone"
    case priceMonthly = "price_monthly"
    case priceDayPass = "price_day_pass"
    case currency, amenities, source
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case etag
  }

  public var point: GeoPoint { GeoPoint(latitude: lat, longitude: lng) }
}

/// A row of `trainers`: one listing per trainer.
public struct TrainerRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "trainers"

  public var rid: Int64?
  public var trainerID: String
  public var lat: Double
  public var lng: Double
  public var serviceRadiusM: Double
  public var specialties: [String]
  /// Specialties lower-cased and joined with "|" for filtering.
  public var specialtyKey: String
  public var pricePerSession: Double
  public var currency: String
  public var bio: String
  public var gymID: String
  public var updatedAt: Date

  enum CodingKeys: String, CodingKey {
    case rid
    case trainerID = "trainer_id"
    case lat, lng
    case serviceRadiusM = "service_radius_m"
    case specialties
    case specialtyKey = "specialty_key"
    case pricePerSession = "price_per_session"
    case currency, bio
    case gymID = "gym_id"
    case updatedAt = "updated_at"
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    rid = inserted.rowID
  }

  public var point: GeoPoint { GeoPoint(latitude: lat, longitude: lng) }
}
