import Foundation
import GRDB
import GymStore

/// A trainer's own videos and pages for a client's exercises.
extension PlanStore {
  public struct ExerciseLink: Sendable, Equatable {
    public var trainerID: String
    public var exerciseID: String
    public var url: String
    public var caption: String

    public init(trainerID: String, exerciseID: String, url: String, caption: String) {
      self.trainerID = trainerID
      self.exerciseID = exerciseID
      self.url = url
      self.caption = caption
    }
  }

  /// Replaces the trainer's links for the client's exercise (none removes them), in one
  /// transaction that also checks the coaching still holds.
  public func setExerciseLinks(
    trainerID: String, clientID: String, exerciseID: String, links: [ExerciseLink], now: Date
  ) async throws -> [ExerciseLink] {
    try await writer.write { [limits] db in
      guard try Self.isClient(db, clientID, of: trainerID) else { throw GymError.notFound("no such client") }
      try db.execute(
        sql: "DELETE FROM exercise_links WHERE trainer_id = ? AND client_id = ? AND exercise_id = ?",
        arguments: [trainerID, clientID, exerciseID])
      guard !links.isEmpty else { return [] }
      try Self.requireRoom(
        db, limit: limits.linkedExercisesPerClient,
        rows: "SELECT DISTINCT exercise_id FROM exercise_links WHERE trainer_id = ? AND client_id = ?", [trainerID, clientID],
        "you gave this client links for \(limits.linkedExercisesPerClient) exercises, the most allowed; remove some first")
      for (position, link) in links.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO exercise_links (client_id, exercise_id, trainer_id, position, url, caption, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [clientID, exerciseID, trainerID, position, link.url, link.caption, now])
      }
      return try Self.exerciseLinks(db, clientID: clientID, trainerID: trainerID, exerciseID: exerciseID)
    }
  }

  /// The client's links from current trainers (or from `trainerID` only), for one
  /// exercise or all.
  public func exerciseLinks(clientID: String, trainerID: String? = nil, exerciseID: String? = nil) async throws -> [ExerciseLink] {
    try await writer.read { db in try Self.exerciseLinks(db, clientID: clientID, trainerID: trainerID, exerciseID: exerciseID) }
  }

  private static func exerciseLinks(_ db: Database, clientID: String, trainerID: String?, exerciseID: String?) throws -> [ExerciseLink] {
    // The join keeps only links of coaching that still holds.
    try Row.fetchAll(
      db,
      sql: """
        SELECT l.trainer_id, l.exercise_id, l.url, l.caption FROM exercise_links l
        JOIN trainer_clients c ON c.trainer_id = l.trainer_id AND c.client_id = l.client_id
        WHERE l.client_id = ? AND (? IS NULL OR l.trainer_id = ?) AND (? IS NULL OR l.exercise_id = ?)
        ORDER BY l.exercise_id, c.since, l.trainer_id, l.position
        """, arguments: [clientID, trainerID, trainerID, exerciseID, exerciseID]
    ).map { ExerciseLink(trainerID: $0[0], exerciseID: $0[1], url: $0[2], caption: $0[3]) }
  }
}
