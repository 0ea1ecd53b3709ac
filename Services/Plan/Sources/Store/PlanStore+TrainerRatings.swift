import Foundation
import GRDB
import GymStore

/// Clients' ratings of their trainers, and the coaching facts plan's outbox sends on:
/// relations to auth (a public profile's trainers) and each trainer's client count and
/// ratings to places (their listing).
extension PlanStore {
  /// Sets (1...5) or takes back (0) a client's rating of a trainer who coaches or coached
  /// them; returns the stars stored (0 when taken back).
  public func rateTrainer(clientID: String, trainerID: String, stars: Int, now: Date) async throws -> Int {
    try await writer.write { db in
      if stars == 0 {
        try db.execute(sql: "DELETE FROM trainer_ratings WHERE trainer_id = ? AND client_id = ?", arguments: [trainerID, clientID])
        guard db.changesCount == 1 else { throw GymError.notFound("you have not rated this trainer") }
      } else {
        guard try Self.hasCoached(db, trainerID: trainerID, clientID: clientID) else {
          throw GymError.notFound("this trainer has not coached you; only their clients, present or former, rate them")
        }
        try db.execute(
          sql: """
            INSERT INTO trainer_ratings (trainer_id, client_id, stars, rated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (trainer_id, client_id) DO UPDATE SET stars = excluded.stars, rated_at = excluded.rated_at
            """, arguments: [trainerID, clientID, stars, now])
      }
      try Self.enqueueTrainerStats(db, trainerID: trainerID, now: now)
      return stars
    }
  }

  /// The client's stars for each of `trainerIDs` they rated.
  public func ratings(by clientID: String, of trainerIDs: [String]) async throws -> [String: Int] {
    guard !trainerIDs.isEmpty else { return [:] }
    return try await writer.read { db in
      var stars: [String: Int] = [:]
      let rows = try SQLRequest<Row>(
        literal: "SELECT trainer_id, stars FROM trainer_ratings WHERE client_id = \(clientID) AND trainer_id IN \(trainerIDs)"
      ).fetchAll(db)
      for row in rows { stars[row["trainer_id"]] = row["stars"] }
      return stars
    }
  }

  /// A client now, or once (an accepted request or invitation stays on record).
  static func hasCoached(_ db: Database, trainerID: String, clientID: String) throws -> Bool {
    try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS (SELECT 1 FROM trainer_clients WHERE trainer_id = ?1 AND client_id = ?2)
          OR EXISTS (SELECT 1 FROM trainer_requests WHERE trainer_id = ?1 AND client_id = ?2 AND state = ?3)
        """, arguments: [trainerID, clientID, TrainerRequestRecord.State.accepted.rawValue]) ?? false
  }

  /// A relation began or ended: auth and messaging hear of it, places of the trainer's
  /// new figures.
  static func coachingChanged(_ db: Database, trainerID: String, clientID: String, active: Bool, now: Date) throws {
    try enqueueCoaching(db, trainerID: trainerID, clientID: clientID, active: active, now: now)
    try enqueueTrainerStats(db, trainerID: trainerID, now: now)
  }

  /// Auth's copy shows a public profile's trainers; messaging's lets a trainer see the
  /// progress photos a client shares.
  static func enqueueCoaching(
    _ db: Database, trainerID: String, clientID: String, active: Bool, to destinations: [Outbox.Destination] = [.auth, .messaging], now: Date
  ) throws {
    let change = try JSONEncoder().encode(CoachingChange(trainerID: trainerID, clientID: clientID, active: active))
    for destination in destinations { try Outbox.enqueue(db, destination: destination, kind: .coaching, payload: change, now: now) }
  }

  /// Counts the trainer's figures as they stand in this transaction and queues them.
  static func enqueueTrainerStats(_ db: Database, trainerID: String, now: Date) throws {
    let clients = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trainer_clients WHERE trainer_id = ?", arguments: [trainerID]) ?? 0
    let ratings = try Row.fetchOne(
      db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(stars), 0) AS total FROM trainer_ratings WHERE trainer_id = ?", arguments: [trainerID])
    let stats = TrainerStatsJob(trainerID: trainerID, clientCount: clients, ratingCount: ratings?["n"] ?? 0, starSum: ratings?["total"] ?? 0)
    try Outbox.enqueue(db, destination: .places, kind: .trainerStats, payload: try JSONEncoder().encode(stats), now: now)
  }
}

/// A coaching relation that began or ended, on its way to auth and messaging (`SetCoaching`).
public struct CoachingChange: Codable, Sendable, Equatable {
  public var trainerID: String
  public var clientID: String
  public var active: Bool
}

/// A trainer's figures on their way to places (`SetTrainerStats`).
public struct TrainerStatsJob: Codable, Sendable, Equatable {
  public var trainerID: String
  public var clientCount: Int
  public var ratingCount: Int
  public var starSum: Int64
}
