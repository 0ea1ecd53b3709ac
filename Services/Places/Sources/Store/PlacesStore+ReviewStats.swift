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

  /// A place with the figures held for it (nil when messaging never counted a review),
  /// in one read.
  public func placeWithReviews(id: String) async throws -> (PlaceRecord, PlaceReviewStats?)? {
    try await writer.read { db in
      guard let place = try PlaceRecord.filter(Column("id") == id).fetchOne(db) else { return nil }
      let stats = try Row.fetchOne(
        db, sql: "SELECT review_count, star_sum FROM place_review_stats WHERE place_rid = ?", arguments: [place.rid]
      ).map { PlaceReviewStats(reviewCount: $0[0], starSum: $0[1]) }
      return (place, stats)
    }
  }
}
