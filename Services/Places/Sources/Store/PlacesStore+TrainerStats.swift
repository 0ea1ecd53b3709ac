import GRDB
import GymStore

/// A trainer's coaching figures, counted by plan.
public struct TrainerStats: Sendable, Equatable {
  public var clientCount: Int
  public var ratingCount: Int
  public var starSum: Int64

  /// Ratings a trainer needs before their average is shown: with fewer, a trainer who
  /// knows their few clients could read one client's stars from it.
  public static let ratingsBeforeAnAverage = 3

  public init(clientCount: Int, ratingCount: Int, starSum: Int64) {
    self.clientCount = clientCount
    self.ratingCount = ratingCount
    self.starSum = starSum
  }

  /// The average to one decimal place once enough clients rated; 0 before.
  public var shownAverage: Double { Self.shownAverage(count: ratingCount, starSum: starSum) }

  /// Stars to one decimal place from `ratingsBeforeAnAverage` ratings on (trainers'
  /// and places' alike); 0 before.
  public static func shownAverage(count: Int, starSum: Int64) -> Double {
    guard count >= ratingsBeforeAnAverage else { return 0 }
    // Tenths first, so a half (87 stars of 20 reviews: 43.5 tenths) is exact and rounds up,
    // as SearchNearby's min_rating filter rounds it in SQL.
    return (Double(starSum) * 10 / Double(count)).rounded() / 10
  }
}

extension PlacesStore {
  /// Replaces a trainer's figures unless newer ones were applied; true when applied.
  public func setTrainerStats(trainerID: String, _ stats: TrainerStats, version: Int64) async throws -> Bool {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO trainer_stats (trainer_id, client_count, rating_count, star_sum, version) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (trainer_id) DO UPDATE SET
            client_count = excluded.client_count, rating_count = excluded.rating_count,
            star_sum = excluded.star_sum, version = excluded.version
          WHERE excluded.version > trainer_stats.version
          """, arguments: [trainerID, stats.clientCount, stats.ratingCount, stats.starSum, version])
      return db.changesCount > 0
    }
  }

  /// The figures held for one trainer; nil when plan never counted them.
  public func trainerStats(id: String) async throws -> TrainerStats? {
    try await trainerStats(ids: [id])[id]
  }

  /// The figures held for `ids`; a trainer plan never counted is absent.
  public func trainerStats(ids: [String]) async throws -> [String: TrainerStats] {
    guard !ids.isEmpty else { return [:] }
    return try await writer.read { db in
      var stats: [String: TrainerStats] = [:]
      let rows = try SQLRequest<Row>(literal: "SELECT * FROM trainer_stats WHERE trainer_id IN \(Array(Set(ids)))").fetchAll(db)
      for row in rows {
        stats[row["trainer_id"]] = TrainerStats(clientCount: row["client_count"], ratingCount: row["rating_count"], starSum: row["star_sum"])
      }
      return stats
    }
  }
}
