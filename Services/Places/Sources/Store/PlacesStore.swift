import Foundation
import GRDB
import GymStore

/// Places' database: places and trainer listings with their R*Tree indexes, kept in
/// step inside the same transactions, and its projection of users. No gRPC here.
public struct PlacesStore: Sendable {
  public let writer: any DatabaseWriter
  /// Writes each place's stored message, which search pages are assembled from.
  public let encoder: PlaceMessageEncoder

  public init(path: String, tuning: GymDatabase.Tuning = GymDatabase.Tuning(), encoder: PlaceMessageEncoder = .proto) throws {
    writer = try GymDatabase.openPool(at: path, migrator: PlacesMigrations.migrator(encoder), tuning: tuning)
    try Self.refreshMessages(writer, messages: encoder)
    self.encoder = encoder
  }

  public init(writer: any DatabaseWriter, encoder: PlaceMessageEncoder = .proto) throws {
    try PlacesMigrations.migrator(encoder).migrate(writer)
    try Self.refreshMessages(writer, messages: encoder)
    self.writer = writer
    self.encoder = encoder
  }

  // MARK: Places

  public func place(id: String) async throws -> PlaceRecord? {
    try await writer.read { db in try PlaceRecord.filter(Column("id") == id).fetchOne(db) }
  }

  /// - Parameter key: the client's idempotency key: used before, the place it made, as it is now.
  public func insert(_ place: PlaceRecord, key: IdempotencyKeys.Key? = nil) async throws -> PlaceRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let made = try PlaceRecord.filter(Column("id") == id).fetchOne(db) else { throw IdempotencyKeys.gone("place", id) }
          return made
        },
        create: {
          try Self.checkSourceFree(db, place.source, except: nil)
          var record = place
          record.rid = nil
          return try Self.write(db, record, encoder: JSONEncoder(), messages: encoder)
        }, id: \.id)
    }
  }

  /// Replaces the place with `place.id` when `etag` is current.
  public func replace(_ place: PlaceRecord, etag: String) async throws -> PlaceRecord {
    try await writer.write { db in
      guard let existing = try PlaceRecord.filter(Column("id") == place.id).fetchOne(db) else { throw GymError.notFound("no place with id \(place.id)") }
      guard existing.etag == etag else { throw GymError.staleEtag("place") }
      try Self.checkSourceFree(db, place.source, except: existing.rid)
      var updated = place
      updated.rid = existing.rid
      updated.createdAt = existing.createdAt
      return try Self.write(db, updated, encoder: JSONEncoder(), messages: encoder)
    }
  }

  public func delete(id: String) async throws -> Bool {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM places WHERE id = ?", arguments: [id]) else { return false }
      try db.execute(sql: "DELETE FROM places_rtree WHERE rid = ?", arguments: [rid])
      try db.execute(sql: "DELETE FROM places WHERE rid = ?", arguments: [rid])
      return true
    }
  }

  public enum UpsertOutcome: Sendable, Equatable {
    case created
    case updated
  }

  /// Creates or updates each place by its source id, all in one transaction. Imports
  /// run through here by the million, so it uses cached statements and no record
  /// encoding.
  public func upsertBySource(_ places: [PlaceRecord]) async throws -> [UpsertOutcome] {
    try await writer.write { [messages = encoder] db in
      let encoder = JSONEncoder()
      return try places.map { place in
        if let source = place.source,
          let existing = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT rid, id, created_at FROM places WHERE source = ?"), arguments: [source])
        {
          var updated = place
          updated.rid = existing["rid"]
          updated.id = existing["id"]
          updated.createdAt = existing["created_at"]
          try Self.write(db, updated, encoder: encoder, messages: messages)
          return .updated
        }
        var created = place
        created.rid = nil
        try Self.write(db, created, encoder: encoder, messages: messages)
        return .created
      }
    }
  }

  /// Inserts (rid nil) or updates a place row, its R*Tree entry and its stored message
  /// with cached statements; the one write path for places, so no edit leaves a stale
  /// message behind. Returns the row with its rid.
  /// `values` follows the fixed `columns` list one to one, so these statements keep
  /// positional `?` arguments: nothing here is a filter built up term by term.
  @discardableResult
  private static func write(_ db: Database, _ place: PlaceRecord, encoder: JSONEncoder, messages: PlaceMessageEncoder) throws -> PlaceRecord {
    func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
    let values: [(any DatabaseValueConvertible)?] = [
      place.id, place.name, place.kind, place.lat, place.lng, place.street, place.houseNumber, place.postcode, place.city,
      place.country, place.phone, place.website, place.openingHours, try json(place.hoursIntervals),
      try json(place.hoursUnsupported), place.timeZone, place.priceMonthly, place.priceDayPass, place.currency,
      try json(place.amenities), place.source, place.createdAt, place.updatedAt, place.etag, place.hoursNormalized,
    ]
    let columns = """
      id, name, kind, lat, lng, street, house_number, postcode, city, country, phone, website, opening_hours,
      hours_intervals, hours_unsupported, time_zone, price_monthly, price_day_pass, currency, amenities, source,
      created_at, updated_at, etag, hours_normalized
      """
    if let rid = place.rid {
      let assignments = columns.split(separator: ",").map { "\($0.trimmingCharacters(in: .whitespacesAndNewlines)) = ?" }
        .joined(separator: ", ")
      try db.cachedStatement(sql: "UPDATE places SET \(assignments) WHERE rid = ?")
        .execute(arguments: StatementArguments(values + [rid]))
      try db.cachedStatement(sql: "UPDATE places_rtree SET min_lat = ?, max_lat = ?, min_lng = ?, max_lng = ? WHERE rid = ?")
        .execute(arguments: [place.lat, place.lat, place.lng, place.lng, rid])
      try storeMessage(db, rid: rid, messages: messages)
      return place
    } else {
      let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
      try db.cachedStatement(sql: "INSERT INTO places (\(columns)) VALUES (\(marks))").execute(arguments: StatementArguments(values))
      try db.cachedStatement(sql: "INSERT INTO places_rtree (rid, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)")
        .execute(arguments: [db.lastInsertedRowID, place.lat, place.lat, place.lng, place.lng])
      var inserted = place
      inserted.rid = db.lastInsertedRowID
      try storeMessage(db, rid: db.lastInsertedRowID, messages: messages)
      return inserted
    }
  }

  public struct Filter: Sendable {
    public var kinds: Set<Int> = []
    public var maxMonthlyPrice: Double? = nil
    /// The least shown average of members' reviews (`PlaceReviewStats.shownAverage`).
    public var minRating: Double? = nil
    public init() {}
  }

  /// A place found by a search: its row key and distance. Full rows are fetched only
  /// for the page that is returned.
  public struct Hit: Sendable, Equatable {
    public var rid: Int64
    public var distance: Double
  }

  /// Places within `radius` of `center` that pass `filter`, nearest first, via the
  /// R*Tree; only keys and coordinates are read.
  public func nearby(_ center: GeoPoint, radius: Double, filter: Filter = Filter()) async throws -> [Hit] {
    try await writer.read { db in
      var hits: [Hit] = []
      for box in center.boundingBoxes(radius: radius) {
        // An `SQL` literal binds each interpolated value as a `?` argument in text order,
        // so the statement text (and the cached statement it maps to) is as before.
        var sql: SQL = """
          SELECT p.rid, p.lat, p.lng FROM places_rtree r JOIN places p ON p.rid = r.rid
          WHERE r.max_lat >= \(box.minLat) AND r.min_lat <= \(box.maxLat) AND r.max_lng >= \(box.minLng) AND r.min_lng <= \(box.maxLng)
          """
        Self.appendFilter(filter, to: &sql)
        let request = SQLRequest<Row>(literal: sql, cached: true)
        hits += try Self.hits(request.fetchCursor(db), center: center, radius: radius)
      }
      return hits.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.rid < $1.rid }
    }
  }

  /// The hits open at `date` in each place's own time zone, order kept.
  public func openHits(_ hits: [Hit], at date: Date) async throws -> [Hit] {
    guard !hits.isEmpty else { return [] }
    return try await writer.read { db in
      var open: Set<Int64> = []
      let decoder = JSONDecoder()
      for chunk in stride(from: 0, to: hits.count, by: 500).map({ Array(hits[$0..<min($0 + 500, hits.count)]) }) {
        // `IN \(array)` expands to `IN (?,?,...)`, one argument per rid.
        let rows = try SQLRequest<Row>(
          literal: "SELECT rid, hours_intervals, time_zone FROM places WHERE rid IN \(chunk.map(\.rid))"
        ).fetchCursor(db)
        while let row = try rows.next() {
          // A place without a known zone cannot say it is open; stored intervals that do
          // not decode are a damaged row, which fails the search instead of hiding the place.
          guard let zone = TimeZones.named(row[2]) else { continue }
          let intervals = try decoder.decode([OpeningHours.Interval].self, from: Data((row[1] as String).utf8))
          if OpeningHours.isOpen(intervals, at: date, in: zone) { open.insert(row[0]) }
        }
      }
      return hits.filter { open.contains($0.rid) }
    }
  }

  // MARK: Trainers

  public func trainer(id: String) async throws -> TrainerRecord? {
    try await writer.read { db in try TrainerRecord.filter(Column("trainer_id") == id).fetchOne(db) }
  }

  public func upsertTrainer(_ listing: TrainerRecord) async throws -> TrainerRecord {
    try await writer.write { db in
      var record = listing
      if let existing = try TrainerRecord.filter(Column("trainer_id") == listing.trainerID).fetchOne(db) {
        record.rid = existing.rid
        try record.update(db)
      } else {
        try record.insert(db)
      }
      try db.execute(
        sql: "INSERT OR REPLACE INTO trainers_rtree (rid, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)",
        arguments: [record.rid, record.lat, record.lat, record.lng, record.lng])
      return record
    }
  }

  /// Removes a trainer's listing; idempotent (false when there was none).
  public func deleteTrainer(id: String) async throws -> Bool {
    try await writer.write { db in try Self.deleteTrainer(db, id: id) }
  }

  /// Everything places holds about a deleted user (their listing, create keys and
  /// projected account), erased; the rows removed, 0 when already purged.
  public func purgeUser(_ userID: String) async throws -> Int {
    try await GymDatabase.erase(writer) { db in
      try db.execute(sql: "DELETE FROM trainer_stats WHERE trainer_id = ?", arguments: [userID])
      return db.changesCount + (try Self.deleteTrainer(db, id: userID) ? 1 : 0) + (try IdempotencyKeys.erase(db, ownerID: userID))
        + (try UserProjection.remove(db, userID: userID))
    }
  }

  private static func deleteTrainer(_ db: Database, id: String) throws -> Bool {
    guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM trainers WHERE trainer_id = ?", arguments: [id]) else {
      return false
    }
    try db.execute(sql: "DELETE FROM trainers_rtree WHERE rid = ?", arguments: [rid])
    try db.execute(sql: "DELETE FROM trainers WHERE rid = ?", arguments: [rid])
    return true
  }

  public func nearbyTrainers(_ center: GeoPoint, radius: Double, specialty: String?, maxPrice: Double?) async throws -> [(TrainerRecord, Double)] {
    try await writer.read { db in
      var rows: [TrainerRecord] = []
      for box in center.boundingBoxes(radius: radius) {
        // Values are interpolated into the `SQL` literal, so each is bound as a `?`
        // argument next to the text that uses it.
        var sql: SQL = """
          SELECT t.* FROM trainers_rtree r JOIN trainers t ON t.rid = r.rid
          WHERE r.max_lat >= \(box.minLat) AND r.min_lat <= \(box.maxLat) AND r.max_lng >= \(box.minLng) AND r.min_lng <= \(box.maxLng)
          """
        if let specialty {
          // Whole specialties only: "|yoga|" within "|pilates|yoga|"; typed % and _ are literal.
          let pattern = "%|" + LikePattern.escape(specialty.lowercased()) + "|%"
          sql += " AND ('|' || t.specialty_key || '|') LIKE \(pattern) ESCAPE '\\'"
        }
        if let maxPrice {
          sql += " AND t.price_per_session <= \(maxPrice)"
        }
        rows += try SQLRequest<TrainerRecord>(literal: sql).fetchAll(db)
      }
      return rows.map { ($0, center.distance(to: $0.point)) }.filter { $0.1 <= radius }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.trainerID < $1.0.trainerID }
    }
  }

  // MARK: Helpers

  private static func checkSourceFree(_ db: Database, _ source: String?, except rid: Int64?) throws {
    guard let source else { return }
    if try PlaceRecord.filter(Column("source") == source && Column("rid") != rid).fetchCount(db) > 0 {
      throw PlacesError.sourceTaken(source)
    }
  }

  /// Appends the filter's terms to a search's `SQL` literal; their values are bound as
  /// arguments by the interpolation (`IN \(array)` gives `IN (?,?,...)`). Kinds are
  /// sorted, as before, so their arguments come in a stable order; an empty set adds
  /// no term (GRDB would otherwise expand an empty `IN` to an empty subquery).
  private static func appendFilter(_ filter: Filter, to sql: inout SQL) {
    if !filter.kinds.isEmpty {
      sql += " AND p.kind IN \(filter.kinds.sorted())"
    }
    if let maxPrice = filter.maxMonthlyPrice {
      sql += " AND p.price_monthly > 0 AND p.price_monthly <= \(maxPrice)"
    }
    if let minRating = filter.minRating {
      // The average as it is shown: to one decimal, rounded half up as `shownAverage`
      // does, and only from the reviews an average needs.
      sql += """
         AND EXISTS (SELECT 1 FROM place_review_stats s WHERE s.place_rid = p.rid
          AND s.review_count >= \(TrainerStats.ratingsBeforeAnAverage)
          AND CAST(s.star_sum * 10.0 / s.review_count + 0.5 AS INTEGER) / 10.0 >= \(minRating))
        """
    }
  }

  private static func hits(_ rows: RowCursor, center: GeoPoint, radius: Double) throws -> [Hit] {
    var hits: [Hit] = []
    while let row = try rows.next() {
      let distance = center.distance(to: GeoPoint(latitude: row[1], longitude: row[2]))
      if distance <= radius { hits.append(Hit(rid: row[0], distance: distance)) }
    }
    return hits
  }
}
