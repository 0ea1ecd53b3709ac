import GRDB
import GymStore

/// A place's review figures, counted by messaging where members' reviews live.
public struct PlaceReviewStats: Sendable, Equatable {
  public var reviewCount: Int
  public var starSum: Int64

  public init(reviewCount: Int, starSum: Int64) {
    self.reviewCount = reviewCount
    self.starSum = starSum
  }

  /// As a trainer's: from three reviews on, so the few members of a small gym cannot
  /// read one another's stars from it.
  public var shownAverage: Double { TrainerStats.shownAverage(count: reviewCount, starSum: starSum) }
}

extension PlacesStore {
  /// Replaces a place's figures unless newer ones were applied; false as well when the
  /// place is gone (its figures went with it).
  public func setPlaceReviewStats(placeID: String, _ stats: PlaceReviewStats, version: Int64) async throws -> Bool {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM places WHERE id = ?", arguments: [placeID]) else { return false }
      try db.execute(
        sql: """
          INSERT INTO place_review_stats (place_rid, review_count, star_sum, version) VALUES (?, ?, ?, ?)
          ON CONFLICT (place_rid) DO UPDATE SET
            review_count = excluded.review_count, star_sum = excluded.star_sum, version = excluded.version
          WHERE excluded.version > place_review_stats.version
          """, arguments: [rid, stats.reviewCount, stats.starSum, version])
      return db.changesCount > 0
    }
  }

  /// The figures held for one place; nil when messaging never counted any review.
  public func placeReviewStats(id: String) async throws -> PlaceReviewStats? {
    try await writer.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT s.review_count, s.star_sum FROM place_review_stats s JOIN places p ON p.rid = s.place_rid WHERE p.id = ?
          """, arguments: [id]
      ).map { PlaceReviewStats(reviewCount: $0[0], starSum: $0[1]) }
    }
  }
}
