import Foundation
import GRDB
import GymStore

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
      let previous =
        try Int.fetchOne(
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

  /// A program that takes votes and reports: visible, by an author in good standing,
  /// and not the user's own.
  static func votableProgram(_ db: Database, id: String, userID: String, now: Date) throws -> ProgramRecord {
    guard let program = try ProgramRecord.filter(Column("id") == id).fetchOne(db),
      try canSee(program, viewer: Viewer(userID: "", isAdmin: false), db: db, now: now)
    else { throw GymError.notFound("no program with this id") }
    guard program.authorID != userID else { throw CatalogError.ownProgram }
    return program
  }

}
