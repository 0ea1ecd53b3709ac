import Foundation
import GRDB

extension CatalogStore {
  /// A program's vote counts, carried over without the votes themselves.
  public struct VoteTally: Sendable, Equatable {
    public var programID: String
    public var upVotes: Int
    public var downVotes: Int

    public init(programID: String, upVotes: Int, downVotes: Int) {
      self.programID = programID
      self.upVotes = upVotes
      self.downVotes = downVotes
    }
  }

  /// Sets each program's vote counts and their Wilson score, all in one transaction;
  /// returns how many of the programs exist. For counts brought in from elsewhere (an
  /// import, a load generator's marketplace): no vote rows are written and moderation
  /// state is left alone, since no user voted here.
  @discardableResult
  public func importVoteTallies(_ tallies: [VoteTally]) async throws -> Int {
    try await writer.write { db in
      var found = 0
      for tally in tallies {
        try db.cachedStatement(sql: "UPDATE programs SET up_votes = ?, down_votes = ?, score = ? WHERE id = ?")
          .execute(arguments: [
            tally.upVotes, tally.downVotes, WilsonScore.lowerBound(up: tally.upVotes, down: tally.downVotes), tally.programID,
          ])
        found += db.changesCount
      }
      return found
    }
  }
}
