import Foundation
import GRDB
import GymStore

/// Stored messages: each place's encoded `Place`, which search pages are assembled
/// from without building messages. `write`, the one write path for places, rewrites it
/// in the same transaction as the row, so a search never meets a stale copy and never
/// writes; a deleted place's goes with its row (foreign key).
extension PlacesStore {
  /// A place of a search page: its stored message and what its state at an instant is
  /// worked out from.
  public struct StoredPlace: Sendable, Equatable {
    public var message: Data
    public var hoursIntervals: [OpeningHours.Interval]
    public var timeZone: String
    /// Kept apart from the message: they change with every review, not with the place.
    public var reviews: PlaceReviewStats?
  }

  /// Stored places for `rids`, by rid (a place deleted meanwhile is simply absent).
  public func storedPlaces(rids: [Int64]) async throws -> [Int64: StoredPlace] {
    guard !rids.isEmpty else { return [:] }
    return try await writer.read { db in
      let decoder = JSONDecoder()
      var found: [Int64: StoredPlace] = [:]
      // `IN \(rids)` expands to `IN (?,?,...)`, one argument per rid.
      let rows = try SQLRequest<Row>(
        literal: """
          SELECT p.rid, m.message, p.hours_intervals, p.time_zone, s.review_count, s.star_sum
          FROM places p JOIN place_messages m ON m.rid = p.rid LEFT JOIN place_review_stats s ON s.place_rid = p.rid
          WHERE p.rid IN \(rids)
          """
      ).fetchCursor(db)
      while let row = try rows.next() {
        found[row[0]] = StoredPlace(
          message: row[1], hoursIntervals: try decoder.decode([OpeningHours.Interval].self, from: row[2] as Data), timeZone: row[3],
          reviews: (row[4] as Int?).map { PlaceReviewStats(reviewCount: $0, starSum: row[5]) })
      }
      return found
    }
  }

  /// Encodes from the row as stored, not from the record being written: a date read
  /// back has the column's millisecond precision, and the copy must say what a read of
  /// the row says.
  static func storeMessage(_ db: Database, rid: Int64, messages: PlaceMessageEncoder) throws {
    guard let record = try PlaceRecord.fetchOne(db, key: rid) else { return }
    try store(record, messages: messages, db)
  }

  /// Stored messages of another encoder version encoded again (`StoredMessageEncoding`).
  static func refreshMessages(_ writer: any DatabaseWriter, messages: PlaceMessageEncoder) throws {
    try StoredMessageEncoding.refresh(writer, version: messages.version) { db in try encodeAllMessages(db, messages: messages) }
  }

  /// Every place's message, encoded again.
  static func encodeAllMessages(_ db: Database, messages: PlaceMessageEncoder) throws {
    let places = try PlaceRecord.fetchCursor(db)
    while let place = try places.next() { try store(place, messages: messages, db) }
  }

  private static func store(_ record: PlaceRecord, messages: PlaceMessageEncoder, _ db: Database) throws {
    try db.cachedStatement(sql: "INSERT OR REPLACE INTO place_messages (rid, message) VALUES (?, ?)")
      .execute(arguments: [record.rid, try messages.place(record)])
  }
}
