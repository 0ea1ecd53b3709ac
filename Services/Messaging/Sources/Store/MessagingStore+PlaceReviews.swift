import Foundation
import GRDB
import GymStore

/// Members' reviews of places (gyms in gym-places). Each write that changes what a
/// place's figures count queues them for places in the same transaction
/// (`PlaceReviewStats`).
extension MessagingStore {
  public struct PlaceReviewRecord: Sendable, Equatable {
    public var id: String
    public var placeID: String
    public var authorID: String
    public var stars: Int
    public var text: String
    public var createdAt: Date
    public var updatedAt: Date
    public var removedAt: Date?

    init(_ row: Row) {
      id = row["id"]
      placeID = row["place_id"]
      authorID = row["author_id"]
      stars = row["stars"]
      text = row["text"]
      createdAt = row["created_at"]
      updatedAt = row["updated_at"]
      removedAt = row["removed_at"]
    }
  }

  /// Writes or rewrites the author's review of the place; refused for one a moderator
  /// removed, and for a new one past `limit` reviews held (removed ones count).
  /// Whether the author may review the place at all is the handler's to ask.
  public func reviewPlace(
    id: String, placeID: String, authorID: String, stars: Int, text: String, limit: Int, now: Date
  ) async throws -> PlaceReviewRecord {
    try await writer.write { db in
      if let existing = try Self.placeReview(db, placeID: placeID, authorID: authorID) {
        guard existing.removedAt == nil else { throw MessagingError.placeReviewRemoved }
      } else {
        let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM place_reviews WHERE author_id = ?", arguments: [authorID]) ?? 0
        guard held < limit else { throw MessagingError.tooManyPlaceReviews(limit: limit) }
      }
      try db.execute(
        sql: """
          INSERT INTO place_reviews (id, place_id, author_id, stars, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (place_id, author_id) DO UPDATE SET stars = excluded.stars, text = excluded.text, updated_at = excluded.updated_at
          """, arguments: [id, placeID, authorID, stars, text, now, now])
      try PlaceReviewStats.enqueue(db, placeID: placeID, now: now)
      return try Self.placeReview(db, placeID: placeID, authorID: authorID)!
    }
  }

  /// Deletes the author's own review; NOT_FOUND without one, refused for one a
  /// moderator removed (it stays, so it cannot be written again).
  public func deletePlaceReview(placeID: String, authorID: String, now: Date) async throws {
    try await writer.write { db in
      guard let existing = try Self.placeReview(db, placeID: placeID, authorID: authorID) else {
        throw GymError.notFound("you have no review of place \(placeID)")
      }
      guard existing.removedAt == nil else { throw MessagingError.placeReviewRemoved }
      try db.execute(sql: "DELETE FROM place_reviews WHERE id = ?", arguments: [existing.id])
      try PlaceReviewStats.enqueue(db, placeID: placeID, now: now)
    }
  }

  /// The author's review of the place, removed or not.
  public func placeReview(placeID: String, authorID: String) async throws -> PlaceReviewRecord? {
    try await writer.read { db in try Self.placeReview(db, placeID: placeID, authorID: authorID) }
  }

  static func placeReview(_ db: Database, placeID: String, authorID: String) throws -> PlaceReviewRecord? {
    try Row.fetchOne(db, sql: "SELECT * FROM place_reviews WHERE place_id = ? AND author_id = ?", arguments: [placeID, authorID])
      .map(PlaceReviewRecord.init)
  }

  /// A place's reviews as `viewerID` sees them, the most recently written first: not
  /// removed, not by a banned author, nor by anyone in a block with the viewer.
  public func placeReviews(placeID: String, viewerID: String, limit: Int, offset: Int) async throws -> [PlaceReviewRecord] {
    try await writer.read { db in
      try SQLRequest<Row>(
        literal: """
          SELECT * FROM place_reviews r
          WHERE r.place_id = \(placeID) AND r.removed_at IS NULL
            AND \(literal: Self.visibleAuthor("r.author_id", now: Date()))
            AND \(literal: Self.notBlocked("r.author_id", viewer: viewerID))
          ORDER BY r.updated_at DESC, r.rid DESC LIMIT \(limit) OFFSET \(offset)
          """
      ).fetchAll(db).map(PlaceReviewRecord.init)
    }
  }

  /// A moderator's removal: the review is hidden for good and the place's figures
  /// counted again; false when there is no such review.
  func removePlaceReview(_ db: Database, id: String, reason: String, now: Date) throws -> Bool {
    guard let placeID = try String.fetchOne(db, sql: "SELECT place_id FROM place_reviews WHERE id = ?", arguments: [id]) else {
      return false
    }
    try db.execute(
      sql: "UPDATE place_reviews SET removed_at = coalesce(removed_at, ?), removed_reason = ? WHERE id = ?", arguments: [now, reason, id])
    try PlaceReviewStats.enqueue(db, placeID: placeID, now: now)
    return true
  }

  /// The places `userID` reviewed, whose figures change with their ban or erasure.
  static func placesReviewed(by userID: String, _ db: Database) throws -> [String] {
    try String.fetchAll(db, sql: "SELECT place_id FROM place_reviews WHERE author_id = ?", arguments: [userID])
  }
}

/// A place's review figures on their way to places through messaging's outbox, counted
/// when queued: the reviews shown to everyone (not removed, not by a banned author).
/// The job's id orders one place's figures.
public struct PlaceReviewStats: Codable, Sendable, Equatable {
  public var placeID: String
  public var reviewCount: Int
  public var starSum: Int64

  /// Each place's figures, counted now (a ban or an erasure touches every place the
  /// user reviewed).
  static func enqueue(_ db: Database, placeIDs: [String], now: Date) throws {
    for placeID in placeIDs { try enqueue(db, placeID: placeID, now: now) }
  }

  static func enqueue(_ db: Database, placeID: String, now: Date) throws {
    let row = try SQLRequest<Row>(
      literal: """
        SELECT COUNT(*), coalesce(SUM(r.stars), 0) FROM place_reviews r
        WHERE r.place_id = \(placeID) AND r.removed_at IS NULL AND \(literal: MessagingStore.visibleAuthor("r.author_id", now: now))
        """
    ).fetchOne(db)!
    let payload = try JSONEncoder().encode(PlaceReviewStats(placeID: placeID, reviewCount: row[0], starSum: row[1]))
    try Outbox.enqueue(db, destination: .places, kind: .placeReviewStats, payload: payload, now: now)
  }
}

extension Outbox.Destination {
  /// Where places' review figures go (`place-review-stats`).
  static let places: Outbox.Destination = "places"
}
