import Foundation
import GRDB

extension CatalogStore {
  public struct RateOutcome: Sendable, Equatable {
    public var upVotes: Int
    public var downVotes: Int
    public var score: Double
    public var myVote: Int
    public var state: ProgramRecord.State
  }

  /// Sets (+1, -1) or clears (0) the user's vote and updates counts, score and, past the
  /// thresholds, the program's state, in one transaction, so concurrent votes never
  /// lose a count. Only visible programs take votes.
  public func rate(programID: String, userID: String, vote: Int, now: Date) async throws -> RateOutcome {
    try await writer.write { db in
      var program = try Self.votableProgram(db, id: programID, userID: userID, now: now)
      let rid = program.rid!
      let previous = try Int.fetchOne(
        db, sql: "SELECT vote FROM votes WHERE program_rid = ? AND user_id = ?", arguments: [rid, userID]) ?? 0
      if previous != vote {
        if vote == 0 {
          try db.execute(sql: "DELETE FROM votes WHERE program_rid = ? AND user_id = ?", arguments: [rid, userID])
        } else {
          try db.execute(
            sql: """
              INSERT INTO votes (program_rid, user_id, vote, updated_at) VALUES (?, ?, ?, ?)
              ON CONFLICT (program_rid, user_id) DO UPDATE SET vote = excluded.vote, updated_at = excluded.updated_at
              """,
            arguments: [rid, userID, vote, now])
        }
        program.upVotes += (vote == 1 ? 1 : 0) - (previous == 1 ? 1 : 0)
        program.downVotes += (vote == -1 ? 1 : 0) - (previous == -1 ? 1 : 0)
        program.score = WilsonScore.lowerBound(up: program.upVotes, down: program.downVotes)
        let votes = program.upVotes + program.downVotes
        if !program.autoHideExempt, votes >= rules.minimumVotes, program.score < rules.hideBelowScore {
          program.state = .hidden
          program.moderationReason = String(
            format: "hidden automatically: score %.2f after %d votes (threshold %.2f)", program.score, votes, rules.hideBelowScore)
          program.queuedAt = program.queuedAt ?? now
        }
        try db.execute(
          sql: """
            UPDATE programs SET up_votes = ?, down_votes = ?, score = ?, state = ?, moderation_reason = ?, queued_at = ?
            WHERE rid = ?
            """,
          arguments: [
            program.upVotes, program.downVotes, program.score, program.state.rawValue, program.moderationReason, program.queuedAt,
            rid,
          ])
      }
      return RateOutcome(
        upVotes: program.upVotes, downVotes: program.downVotes, score: program.score, myVote: vote, state: program.state)
    }
  }

  /// Records a report and queues the program for review; enough distinct reports
  /// hide it until an administrator decides.
  public func report(programID: String, userID: String, reason: String, now: Date) async throws {
    try await writer.write { db in
      var program = try Self.votableProgram(db, id: programID, userID: userID, now: now)
      let rid = program.rid!
      let exists = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM reports WHERE program_rid = ? AND reporter_id = ?)", arguments: [rid, userID]) ?? false
      guard !exists else { throw StoreError.alreadyReported }
      try db.execute(
        sql: "INSERT INTO reports (program_rid, reporter_id, reason, created_at) VALUES (?, ?, ?, ?)",
        arguments: [rid, userID, reason, now])
      let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reports WHERE program_rid = ? AND resolved = 0", arguments: [rid]) ?? 0
      program.queuedAt = program.queuedAt ?? now
      if open >= rules.hideAfterReports {
        program.state = .hidden
        program.moderationReason = "hidden automatically after \(open) reports"
      }
      try db.execute(
        sql: "UPDATE programs SET state = ?, moderation_reason = ?, queued_at = ? WHERE rid = ?",
        arguments: [program.state.rawValue, program.moderationReason, program.queuedAt, rid])
    }
  }

  /// A program that takes votes and reports: visible, by an author in good standing,
  /// and not the user's own.
  private static func votableProgram(_ db: Database, id: String, userID: String, now: Date) throws -> ProgramRecord {
    guard let program = try ProgramRecord.filter(Column("id") == id).fetchOne(db),
      canSee(program, reader: Reader(userID: "", isAdmin: false), db: db, now: now)
    else { throw StoreError.notFound }
    guard program.authorID != userID else { throw StoreError.ownProgram }
    return program
  }

  /// Counts a user's save once; returns the program's distinct savers.
  public func recordSave(programID: String, userID: String, now: Date) async throws -> Int {
    try await writer.write { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM programs WHERE id = ?", arguments: [programID]) else {
        throw StoreError.notFound
      }
      try db.execute(
        sql: "INSERT OR IGNORE INTO saves (program_rid, user_id, created_at) VALUES (?, ?, ?)", arguments: [rid, userID, now])
      if db.changesCount > 0 {
        try db.execute(sql: "UPDATE programs SET saves = saves + 1 WHERE rid = ?", arguments: [rid])
      }
      return try Int.fetchOne(db, sql: "SELECT saves FROM programs WHERE rid = ?", arguments: [rid]) ?? 0
    }
  }

  // MARK: Moderation

  public struct QueueEntry: Sendable, Equatable {
    public var view: ProgramView
    public var openReports: Int
    public var reasons: [String]
  }

  /// Programs waiting for review (hidden automatically or reported), oldest first.
  public func moderationQueue(limit: Int, offset: Int, reader: Reader) async throws -> [QueueEntry] {
    try await writer.read { db in
      let records = try ProgramRecord.fetchAll(
        db, sql: "SELECT * FROM programs WHERE queued_at IS NOT NULL ORDER BY queued_at, rid LIMIT ? OFFSET ?",
        arguments: [limit, offset])
      return try Self.views(db, records, reader: reader).map { view in
        let rid = view.program.rid!
        let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reports WHERE program_rid = ? AND resolved = 0", arguments: [rid]) ?? 0
        let reasons = try String.fetchAll(
          db, sql: "SELECT reason FROM reports WHERE program_rid = ? AND resolved = 0 ORDER BY created_at DESC LIMIT 10",
          arguments: [rid])
        return QueueEntry(view: view, openReports: open, reasons: reasons)
      }
    }
  }

  /// Takes a program off the marketplace for good (until restored), keeping the reason;
  /// its reports are closed and it leaves the queue.
  public func remove(programID: String, reason: String, reader: Reader) async throws -> ProgramView {
    try await moderate(programID, reader: reader) { program in
      program.state = .removed
      program.moderationReason = reason
    }
  }

  /// Makes a program visible again and exempts it from the automatic vote threshold:
  /// an administrator has looked at it.
  public func restore(programID: String, reader: Reader) async throws -> ProgramView {
    try await moderate(programID, reader: reader) { program in
      program.state = .visible
      program.moderationReason = ""
      program.autoHideExempt = true
    }
  }

  private func moderate(_ id: String, reader: Reader, _ change: @escaping @Sendable (inout ProgramRecord) -> Void) async throws -> ProgramView {
    try await writer.write { db in
      guard var program = try ProgramRecord.filter(Column("id") == id).fetchOne(db) else { throw StoreError.notFound }
      change(&program)
      program.queuedAt = nil
      try db.execute(
        sql: """
          UPDATE programs SET state = ?, moderation_reason = ?, auto_hide_exempt = ?, queued_at = NULL WHERE rid = ?
          """,
        arguments: [program.state.rawValue, program.moderationReason, program.autoHideExempt, program.rid])
      try db.execute(sql: "UPDATE reports SET resolved = 1 WHERE program_rid = ?", arguments: [program.rid])
      return try Self.views(db, [program], reader: reader).first!
    }
  }
}
