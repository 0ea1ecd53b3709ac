import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlacesService {
  public static let defaultTrainerRadius = 10_000.0
  public static let maximumTrainerRadius = 100_000.0
  static let firstTrainerRadius = 2_500.0
  static let specialtyBound = TextBound(characters: 50, minimum: 1)
  static let bioBound = TextBound(characters: 2000)

  public func upsertTrainerListing(
    request: Gym_Places_V1_UpsertTrainerListingRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_UpsertTrainerListingResponse {
    let caller = try Caller.current()
    guard caller.roles.contains(.trainer) else {
      throw GymError.permissionDenied("only trainers can list themselves; ask an administrator for the trainer role")
    }
    let l = request.listing
    var violations: [FieldViolation] = []
    let point = GeoPoint(latitude: l.location.latitude, longitude: l.location.longitude)
    if !l.hasLocation { violations.append(FieldViolation("listing.location", "is required")) }
    violations += PlaceInput.coordinateViolations(point, field: "listing.location")
    if !l.serviceRadiusM.isFinite || l.serviceRadiusM < 0 || l.serviceRadiusM > 100_000 {
      violations.append(FieldViolation("listing.service_radius_m", "must be between 0 and 100000 metres"))
    }
    let specialties = l.specialties.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if specialties.count > 20 || specialties.contains(where: { !Self.specialtyBound.allows($0) || $0.contains("|") }) {
      violations.append(FieldViolation("listing.specialties", "at most 20 specialties, each of which \(Self.specialtyBound.rule), without '|'"))
    }
    if !l.pricePerSession.isFinite || l.pricePerSession < 0 || l.pricePerSession > 10_000 {
      violations.append(FieldViolation("listing.price_per_session", "must be between 0 and 10000"))
    }
    let currency = l.currency.uppercased()
    if currency.count != 3 || !currency.allSatisfy(\.isLetter) {
      violations.append(FieldViolation("listing.currency", "must be an ISO 4217 code such as EUR"))
    }
    if let violation = Self.bioBound.violation(l.bio, field: "listing.bio") { violations.append(violation) }
    if !l.gymID.isEmpty, try await store.place(id: l.gymID) == nil {
      violations.append(FieldViolation("listing.gym_id", "no place has this id"))
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let record = try await store.upsertTrainer(
      TrainerRecord(
        rid: nil, trainerID: caller.userID, lat: point.latitude, lng: point.longitude, serviceRadiusM: l.serviceRadiusM,
        specialties: specialties, specialtyKey: specialties.map { $0.lowercased() }.joined(separator: "|"),
        pricePerSession: l.pricePerSession, currency: currency, bio: l.bio, gymID: l.gymID, updatedAt: Date()))
    let stats = try await store.trainerStats(id: record.trainerID)
    return .with { $0.listing = PlaceMapping.listing(record, stats: stats) }
  }

  public func deleteTrainerListing(
    request: Gym_Places_V1_DeleteTrainerListingRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_DeleteTrainerListingResponse {
    // No role check: a demoted trainer's listing is hidden from searches, and its owner
    // can still remove it.
    let caller = try Caller.current()
    guard try await store.deleteTrainer(id: caller.userID) else { throw GymError.notFound("you have no listing") }
    return .init()
  }

  public func findTrainers(
    request: Gym_Places_V1_FindTrainersRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_FindTrainersResponse {
    _ = try Caller.current()
    var (center, radius, violations) = Self.searchArea(
      request.location, hasLocation: request.hasLocation, radius: request.radiusM,
      defaultRadius: Self.defaultTrainerRadius, maximum: Self.maximumTrainerRadius)
    if !request.maxPrice.isFinite || request.maxPrice < 0 {
      violations.append(FieldViolation("max_price", "must be 0 (no limit) or more"))
    }
    if let violation = TextBound(characters: 50).violation(request.specialty, field: "specialty") { violations.append(violation) }
    if let violation = TextBound(characters: 100).violation(request.query, field: "query") { violations.append(violation) }
    if let violation = Self.minRating(request.minRating).1 { violations.append(violation) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let specialty = request.specialty.trimmingCharacters(in: .whitespaces)
    let words = request.query.split(whereSeparator: \.isWhitespace).map { Self.folded(String($0)) }
    let now = Date()
    // Accounts and coaching figures already read, kept across the widening rounds.
    var accounts: [String: UserProjection.User] = [:]
    var stats: [String: TrainerStats] = [:]
    let visible = try await NearestFirst.search(
      radius: radius, needed: offset + paging.size + 1, firstRadius: Self.firstTrainerRadius
    ) { within in
      let found = try await store.nearbyTrainers(
        center, radius: within, specialty: specialty.isEmpty ? nil : specialty,
        maxPrice: request.maxPrice > 0 ? request.maxPrice : nil)
      // Only active trainers: banned, deleted or demoted ones drop out as soon as auth's
      // update (or purge) arrives, and the names are the projection's.
      let unknown = found.map(\.0.trainerID).filter { accounts[$0] == nil }
      if !unknown.isEmpty {
        accounts.merge(try await projection.users(ids: unknown)) { _, new in new }
        stats.merge(try await store.trainerStats(ids: unknown)) { _, new in new }
      }
      return found.filter { listing, _ in
        guard let account = accounts[listing.trainerID], !account.isBanned(at: now), account.role == "trainer" else { return false }
        if request.minRating > 0 && (stats[listing.trainerID]?.shownAverage ?? 0) < request.minRating { return false }
        let names = Self.folded(account.displayName + " " + account.username)
        return words.allSatisfy { names.contains($0) }
      }
    }
    let page = visible.dropFirst(offset).prefix(paging.size)
    return .with { response in
      response.results = Paging.fitting(
        page.map { record, distance in
          let account = accounts[record.trainerID]
          return Gym_Places_V1_TrainerResult.with {
            $0.listing = PlaceMapping.listing(record, stats: stats[record.trainerID])
            $0.distanceM = (distance * 10).rounded() / 10
            $0.username = account?.username ?? ""
            $0.displayName = account?.displayName ?? ""
            $0.avatarURL = account?.avatarURL ?? ""
          }
        })
      let sent = response.results.count
      response.nextPageToken = offset + sent < visible.count ? Paging.token(for: String(offset + sent)) : ""
    }
  }

  public func getTrainerListing(
    request: Gym_Places_V1_GetTrainerListingRequest, context: ServerContext
  ) async throws -> Gym_Places_V1_GetTrainerListingResponse {
    _ = try Caller.current()
    guard !request.trainerID.isEmpty else { throw GymError.invalid([FieldViolation("trainer_id", "is required")]) }
    guard let record = try await store.trainer(id: request.trainerID) else { throw GymError.notFound("no listing for this trainer") }
    // The account must exist and not be banned now; the role is not checked here (searches
    // leave demoted trainers out).
    guard let account = try await projection.user(id: record.trainerID), !account.isBanned(at: Date()) else {
      throw GymError.notFound("no listing for this trainer")
    }
    let stats = try await store.trainerStats(id: record.trainerID)
    return .with { $0.listing = PlaceMapping.listing(record, stats: stats) }
  }

  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
