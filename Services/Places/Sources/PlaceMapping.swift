import Foundation
import GymAPI
import GymService
import SwiftProtobuf

/// Records → protos.
enum PlaceMapping {
  static func place(_ r: PlaceRecord) -> Gym_Places_V1_Place {
    .with { p in
      p.id = r.id
      p.name = r.name
      p.kind = Gym_Places_V1_PlaceKind(rawValue: r.kind) ?? .other
      p.location = .with {
        $0.latitude = r.lat
        $0.longitude = r.lng
      }
      p.address = .with {
        $0.street = r.street
        $0.houseNumber = r.houseNumber
        $0.postcode = r.postcode
        $0.city = r.city
        $0.country = r.country
      }
      p.phone = r.phone
      p.website = r.website
      p.openingHours = .with { hours in
        hours.osm = r.openingHours
        hours.intervals = r.hoursIntervals.map { interval in
          .with {
            $0.startMinute = Int32(interval.start)
            $0.endMinute = Int32(interval.end)
          }
        }
        hours.unsupported = r.hoursUnsupported
        hours.normalized = r.hoursNormalized
      }
      p.timeZone = r.timeZone
      p.price = .with {
        $0.monthly = r.priceMonthly
        $0.dayPass = r.priceDayPass
        $0.currency = r.currency
      }
      p.amenities = r.amenities
      p.source = r.source ?? ""
      p.createdAt = Google_Protobuf_Timestamp(date: r.createdAt)
      p.updatedAt = Google_Protobuf_Timestamp(date: r.updatedAt)
      p.etag = r.etag
    }
  }

  /// A search result from the place's stored message: the place, its distance (to
  /// 0.1 m) and its state at `instant` in its own time zone (unknown hours or zone read
  /// as closed with no times), with the place's bytes copied in rather than built.
  static func resultElement(_ stored: PlacesStore.StoredPlace, distance: Double, at instant: Date) throws -> Data {
    var element = Data()
    var place = stored.message
    // A message's encoding followed by another's is the two merged: the stored place
    // gains its review figures without being decoded.
    if let reviews = stored.reviews { place.append(try Gym_Places_V1_Place.with { withReviews(reviews, &$0) }.serializedBytes()) }
    EncodedPage.append(field: 1, length: place, to: &element)
    element.append(try state(stored.hoursIntervals, timeZone: stored.timeZone, distance: distance, at: instant).serializedBytes())
    return element
  }

  /// A place's review figures, as `Place` shows them.
  static func withReviews(_ stats: PlaceReviewStats, _ place: inout Gym_Places_V1_Place) {
    place.reviewCount = Int32(clamping: stats.reviewCount)
    place.ratingAverage = stats.shownAverage
  }

  /// A result without its place: the distance and the state at `instant`.
  private static func state(
    _ intervals: [OpeningHours.Interval], timeZone: String, distance: Double, at instant: Date
  ) -> Gym_Places_V1_PlaceResult {
    let state = TimeZones.named(timeZone).map { OpeningState(intervals, at: instant, in: $0) }
    return .with {
      $0.distanceM = (distance * 10).rounded() / 10
      $0.open = state?.open ?? false
      if let closesAt = state?.closesAt { $0.closesAt = Google_Protobuf_Timestamp(date: closesAt) }
      if let opensAt = state?.opensAt { $0.opensAt = Google_Protobuf_Timestamp(date: opensAt) }
    }
  }

  static func listing(_ r: TrainerRecord, stats: TrainerStats?) -> Gym_Places_V1_TrainerListing {
    .with { l in
      if let stats {
        l.clientCount = Int32(clamping: stats.clientCount)
        l.ratingCount = Int32(clamping: stats.ratingCount)
        l.ratingAverage = stats.shownAverage
      }
      l.trainerID = r.trainerID
      l.location = .with {
        $0.latitude = r.lat
        $0.longitude = r.lng
      }
      l.serviceRadiusM = r.serviceRadiusM
      l.specialties = r.specialties
      l.pricePerSession = r.pricePerSession
      l.currency = r.currency
      l.bio = r.bio
      l.gymID = r.gymID
      l.updatedAt = Google_Protobuf_Timestamp(date: r.updatedAt)
    }
  }
}
