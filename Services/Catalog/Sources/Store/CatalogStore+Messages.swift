import Foundation
import GRDB
import GymStore

/// Stored messages: each exercise's `Exercise` and each program's content and days
/// (`ProgramBytes`), which list pages are assembled from without building messages.
///
/// They are rewritten inside the transaction of every write that changes what they
/// say (a program's edit; an exercise's edit, and the programs that show its name when
/// it is renamed; an exercise losing its author in a purge), so a reader never meets a
/// stale copy and a read never writes. Renames are rare and touch the programs that use
/// one exercise. What changes without an edit (authors' names and bans, votes, score,
/// saves, state, the viewer's vote) is not stored: each page reads it from its columns
/// and the projection of users, as before.
extension CatalogStore {
  /// A program of a list page: its stored bytes and what is read per page.
  public struct StoredProgram: Sendable, Equatable {
    public var rid: Int64
    public var authorID: String
    /// From the projection of users; nil for an author it does not hold.
    public var author: UserProjection.User?
    public var upVotes: Int
    public var downVotes: Int
    public var score: Double
    public var saves: Int
    public var state: ProgramRecord.State
    public var moderationReason: String
    /// +1, -1, or 0 when the viewer has not voted.
    public var myVote: Int
    public var content: Data
    /// Nil when the page was asked for without days.
    public var days: Data?
  }

  /// The page `listPrograms` gives for the same query, as stored bytes.
  public func listProgramMessages(_ query: ProgramQuery, withDays: Bool, viewer: Viewer, now: Date) async throws -> [StoredProgram] {
    try await writer.read { db in
      let (from, filter, order) = Self.programPage(query, viewer: viewer, now: now)
      // A summary never reads the days' bytes (most of a program, often on overflow pages).
      // CROSS JOIN keeps the messages the inner loop: the page is found by the ranking
      // index first and each message is then read by its key.
      let days = withDays ? "m.days" : "NULL"
      var page: [StoredProgram] = []
      let rows = try SQLRequest<Row>(
        literal: """
          SELECT p.rid, p.author_id, p.up_votes, p.down_votes, p.score, p.saves, p.state, p.moderation_reason, m.content, \(sql: days)
          FROM \(sql: from) CROSS JOIN program_messages m ON m.program_rid = p.rid \(literal: filter)
          ORDER BY \(sql: order) LIMIT \(query.limit) OFFSET \(query.offset)
          """
      ).fetchCursor(db)
      while let row = try rows.next() {
        page.append(
          StoredProgram(
            rid: row[0], authorID: row[1], author: nil, upVotes: row[2], downVotes: row[3], score: row[4], saves: row[5],
            state: ProgramRecord.State(rawValue: row[6]) ?? .hidden, moderationReason: row[7], myVote: 0, content: row[8],
            days: row[9]))
      }
      guard !page.isEmpty else { return [] }
      let authors = try UserProjection.users(db, ids: page.map(\.authorID))
      // `IN \(rids)` expands to `IN (?,?,...)`, one argument per rid.
      let votes = Dictionary(
        try SQLRequest<Row>(
          literal: "SELECT program_rid, vote FROM votes WHERE user_id = \(viewer.userID) AND program_rid IN \(page.map(\.rid))"
        ).fetchAll(db).map { (row: Row) -> (Int64, Int) in (row[0], row[1]) },
        uniquingKeysWith: { a, _ in a })
      for index in page.indices {
        page[index].author = authors[page[index].authorID]
        page[index].myVote = votes[page[index].rid] ?? 0
      }
      return page
    }
  }

  /// Stored `Exercise` messages by rid.
  static func exerciseMessages(_ db: Database, rids: [Int64]) throws -> [Int64: Data] {
    guard !rids.isEmpty else { return [:] }
    var messages: [Int64: Data] = [:]
    let rows = try SQLRequest<Row>(literal: "SELECT exercise_rid, message FROM exercise_messages WHERE exercise_rid IN \(rids)")
      .fetchCursor(db)
    while let row = try rows.next() { messages[row[0]] = row[1] }
    return messages
  }

  // MARK: Keeping them in step (inside the writes' transactions)

  /// Encodes from the rows as stored, not from the records being written: a date read
  /// back has the column's millisecond precision, and a copy must say what a read of
  /// the row says.
  static func storeExerciseMessage(_ db: Database, rid: Int64?, encoder: CatalogMessageEncoder) throws {
    guard let rid else { return }
    try reencodeExercises(db, rids: [rid], encoder: encoder)
  }

  static func storeProgramMessage(_ db: Database, rid: Int64?, encoder: CatalogMessageEncoder) throws {
    guard let rid else { return }
    try reencodePrograms(db, rids: [rid], encoder: encoder)
  }

  /// Every program that shows the exercise's name, after a rename.
  static func reencodePrograms(_ db: Database, usingExercise rid: Int64, encoder: CatalogMessageEncoder) throws {
    let programs = try Int64.fetchAll(db, sql: "SELECT DISTINCT program_rid FROM program_entries WHERE exercise_rid = ?", arguments: [rid])
    try reencodePrograms(db, rids: programs, encoder: encoder)
  }

  /// Re-encodes programs from their rows, a few hundred at a time (the migration
  /// passes every program).
  static func reencodePrograms(_ db: Database, rids: [Int64], encoder: CatalogMessageEncoder) throws {
    for start in stride(from: 0, to: rids.count, by: 500) {
      let part = Array(rids[start..<min(start + 500, rids.count)])
      let records = try SQLRequest<ProgramRecord>(
        literal: "SELECT \(sql: ProgramRecord.selection("p")) FROM programs p WHERE p.rid IN \(part)"
      ).fetchAll(db)
      for view in try views(db, records, viewer: Viewer(userID: "", isAdmin: false)) {
        let bytes = try encoder.program(view.program, view.exerciseNames)
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO program_messages (program_rid, content, days) VALUES (?, ?, ?)")
          .execute(arguments: [view.program.rid, bytes.content, bytes.days])
      }
    }
  }

  /// Stored messages of another encoder version encoded again (`StoredMessageEncoding`).
  static func refreshMessages(_ writer: any DatabaseWriter, encoder: CatalogMessageEncoder) throws {
    try StoredMessageEncoding.refresh(writer, version: encoder.version) { db in try encodeAllMessages(db, encoder: encoder) }
  }

  /// Every exercise's and program's message, encoded again.
  static func encodeAllMessages(_ db: Database, encoder: CatalogMessageEncoder) throws {
    try reencodeExercises(db, rids: try Int64.fetchAll(db, sql: "SELECT rid FROM exercises"), encoder: encoder)
    try reencodePrograms(db, rids: try Int64.fetchAll(db, sql: "SELECT rid FROM programs"), encoder: encoder)
  }

  static func reencodeExercises(_ db: Database, rids: [Int64], encoder: CatalogMessageEncoder) throws {
    for start in stride(from: 0, to: rids.count, by: 500) {
      let part = Array(rids[start..<min(start + 500, rids.count)])
      for record in try ExerciseRecord.filter(part.contains(Column("rid"))).fetchAll(db) {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO exercise_messages (exercise_rid, message) VALUES (?, ?)")
          .execute(arguments: [record.rid, try encoder.exercise(record)])
      }
    }
  }
}
