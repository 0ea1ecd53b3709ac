import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// Places: nearby search, reading, administration and imports.
extension PlacesService {
  public func searchNearby(
    request: Gym_Places_V1_SearchNearbyRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_SearchNearbyResponse {
    var (center, radius, violations) = Self.searchArea(
      request.location, hasLocation: request.hasLocation, radius: request.radiusM,
      defaultRadius: Self.defaultRadius, maximum: Self.maximumRadius)
    var filter = PlacesStore.Filter()
    for kind in request.kinds {
      switch kind {
      case .unspecified, .UNRECOGNIZED: violations.append(FieldViolation("kinds", "contains an unknown kind"))
      default: filter.kinds.insert(kind.rawValue)
      }
    }
    if !request.maxMonthlyPrice.isFinite || request.maxMonthlyPrice < 0 {
      violations.append(FieldViolation("max_monthly_price", "must be 0 (no limit) or more"))
    } else if request.maxMonthlyPrice > 0 {
      filter.maxMonthlyPrice = request.maxMonthlyPrice
    }
    let (minRating, ratingViolation) = Self.minRating(request.minRating)
    filter.minRating = minRating
    if let ratingViolation { violations.append(ratingViolation) }
    let paging: Paging, offset: Int
    do {
      (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    } catch {
      // Every problem at once: the paging ones with the rest.
      throw GymError.invalid(violations + error.violations)
    }
    let openAt = request.hasOpenAt ? request.openAt.date : nil
    // One instant for the filter and the state shown, so a result never says closed
    // at the instant it was found open.
    if let openAt, request.hasAt, request.at.date != openAt {
      violations.append(FieldViolation("at", "must equal open_at when both are given (or leave one out)"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let instant = request.hasAt ? request.at.date : openAt ?? Date()
    // One more than the page shows, to know whether another page follows.
    let hits = try await NearestFirst.search(radius: radius, needed: offset + paging.size + 1, firstRadius: Self.firstRadius) {
      let hits = try await store.nearby(center, radius: $0, filter: filter)
      guard let openAt else { return hits }
      return try await store.openHits(hits, at: openAt)
    }
    let page = Array(hits.dropFirst(offset).prefix(paging.size))
    // Assembled from each place's stored message (`PlacesStore+Messages`), not built.
    let stored = try await store.storedPlaces(rids: page.map(\.rid))
    var encoded = EncodedPage()
    // Hits consumed: the whole page, or up to the last result a cut page still holds.
    var consumed = page.count
    for (index, hit) in page.enumerated() {
      guard let place = stored[hit.rid] else { continue }
      guard encoded.append(field: 1, element: try PlaceMapping.resultElement(place, distance: hit.distance, at: instant)) else {
        consumed = index
        break
      }
    }
    encoded.append(field: 2, string: offset + consumed < hits.count ? Paging.token(for: String(offset + consumed)) : "")
    return try encoded.message()
  }

  public func getPlace(request: Gym_Places_V1_GetPlaceRequest, context: ServerContext) async throws -> Gym_Places_V1_GetPlaceResponse {
    guard !request.id.isEmpty else { throw GymError.invalid([FieldViolation("id", "is required")]) }
    guard let (place, reviews) = try await store.placeWithReviews(id: request.id) else {
      throw GymError.notFound("no place with id \(request.id)")
    }
    var message = PlaceMapping.place(place)
    if let reviews { PlaceMapping.withReviews(reviews, &message) }
    return .with { $0.place = message }
  }

  public func createPlace(request: Gym_Places_V1_CreatePlaceRequest, context: ServerContext) async throws -> Gym_Places_V1_CreatePlaceResponse {
    let admin = try Caller.admin(for: "managing places")
    let key = try request.idempotency(ownerID: admin.userID, method: "CreatePlace")
    let now = Date()
    let record = try PlaceInput.record(from: request.place, id: ID.make(now: now), now: now)
    let stored = try await store.insert(record, key: key)
    return .with { $0.place = PlaceMapping.place(stored) }
  }

  public func updatePlace(request: Gym_Places_V1_UpdatePlaceRequest, context: ServerContext) async throws -> Gym_Places_V1_UpdatePlaceResponse {
    _ = try Caller.admin(for: "managing places")
    var violations: [FieldViolation] = []
    if request.place.id.isEmpty { violations.append(FieldViolation("place.id", "is required")) }
    if request.etag.isEmpty { violations.append(FieldViolation("etag", "is required: send the etag of the place you read")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let now = Date()
    let record = try PlaceInput.record(from: request.place, id: request.place.id, now: now)
    let stored = try await store.replace(record, etag: request.etag)
    return .with { $0.place = PlaceMapping.place(stored) }
  }

  public func deletePlace(request: Gym_Places_V1_DeletePlaceRequest, context: ServerContext) async throws -> Gym_Places_V1_DeletePlaceResponse {
    _ = try Caller.admin(for: "managing places")
    guard !request.id.isEmpty else { throw GymError.invalid([FieldViolation("id", "is required")]) }
    guard try await store.delete(id: request.id) else { throw GymError.notFound("no place with id \(request.id)") }
    return .init()
  }

  public func importPlaces(
    request: RPCAsyncSequence<Gym_Places_V1_ImportPlacesRequest, any Error>, context: ServerContext
  ) async throws -> Gym_Places_V1_ImportPlacesResponse {
    let admin = try Caller.admin(for: "managing places")
    var options = Gym_Places_V1_ImportOptions()
    // A batch whose write fails is retried record by record so one bad row cannot sink
    // its neighbours.
    var batches = BatchImport<PlaceRecord>(batchFailure: .retriedOneByOne, logger: logger) { [store] records in
      try await store.upsertBySource(records).map { outcome -> BatchImport<PlaceRecord>.Outcome in
        outcome == .created ? .created : .updated
      }
    }
    var index = 0
    var first = true

    for try await message in request {
      defer { first = false }
      let now = Date()
      switch message.item {
      case .options(let given):
        guard first else { throw GymError.invalid([FieldViolation("options", "must be the first message of the stream")]) }
        if !given.defaultTimeZone.isEmpty && TimeZones.named(given.defaultTimeZone) == nil {
          throw GymError.invalid([FieldViolation("options.default_time_zone", "'\(given.defaultTimeZone)' is not an IANA time zone name")])
        }
        options = given
        continue
      case .place(let place):
        try await acceptOrReject(index: index, place: place, now: now)
      case .geojsonFeature(let json):
        let parsed: Gym_Places_V1_Place?
        do throws(GeoJSONFeature.Problem) {
          parsed = try GeoJSONFeature.place(fromJSON: json)
        } catch {
          parsed = nil
          batches.reject(index: index, reason: "GeoJSON: \(error.description)")
        }
        if let parsed { try await acceptOrReject(index: index, place: parsed, now: now) }
      case nil:
        batches.reject(index: index, reason: "empty message: send a place or a geojson_feature")
      }
      index += 1
    }
    try await batches.finish()
    logger.info(
      "places imported",
      metadata: [
        "created": "\(batches.created)", "updated": "\(batches.updated)", "rejected": "\(batches.rejected.count)",
        "admin_id": "\(admin.userID)",
      ])
    return .with { response in
      response.created = Int32(batches.created)
      response.updated = Int32(batches.updated)
      response.rejected = batches.rejected.map { rejection in
        .with {
          $0.index = Int32(rejection.index); $0.source = rejection.key; $0.reason = rejection.reason
        }
      }
    }

    func acceptOrReject(index: Int, place: Gym_Places_V1_Place, now: Date) async throws {
      var place = place
      // Imports are keyed by source; a record without one could never be updated.
      guard !place.source.isEmpty else {
        batches.reject(index: index, reason: "source is required for imports (e.g. osm:node/123)")
        return
      }
      place.id = ""
      let record: PlaceRecord
      do {
        record = try PlaceInput.record(from: place, id: ID.make(now: now), now: now, defaults: options, importing: true)
      } catch {
        batches.reject(index: index, key: place.source, error: error)
        return
      }
      try await batches.accept(record, index: index, key: place.source)
    }
  }
}
