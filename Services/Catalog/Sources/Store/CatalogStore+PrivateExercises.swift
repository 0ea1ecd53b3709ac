import Foundation
import GRDB
import GymStore

/// Members' own exercises and their way into the public library: a proposal an
/// administrator accepts or declines.
extension CatalogStore {
  /// Enough for every machine and variation one member meets; a cap on what one account
  /// can make the catalog hold.
  public static let privateExercisesPerUser = 500
  /// Pending proposals per owner: the moderators' queue is not one account's to fill.
  public static let pendingProposalsPerUser = 10

  static func requireFreePrivateName(_ db: Database, _ exercise: ExerciseRecord) throws {
    let other = try Int64.fetchOne(
      db, sql: "SELECT rid FROM exercises WHERE owner_id = ? AND name_key = ? AND id <> ?",
      arguments: [exercise.ownerID, exercise.nameKey, exercise.id])
    if other != nil { throw CatalogError.privateNameTaken(exercise.name) }
  }

  /// Marks the owner's private exercise as proposed; a pending one stays as it is.
  public func propose(exerciseID: String, ownerID: String, note: String, now: Date) async throws -> ExerciseRecord {
    try await writer.write { db in
      guard var record = try ExerciseRecord.filter(Column("id") == exerciseID && Column("owner_id") == ownerID).fetchOne(db) else {
        throw GymError.notFound("you have no private exercise with this id")
      }
      guard record.proposal != .pending else { return record }
      let pending =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exercises WHERE owner_id = ? AND proposal = 1", arguments: [ownerID]) ?? 0
      guard pending < Self.pendingProposalsPerUser else { throw CatalogError.tooManyProposals(limit: Self.pendingProposalsPerUser) }
      (record.proposal, record.proposalNote, record.proposedAt) = (.pending, note, now)
      // A new etag names this proposal: the administrator's review must carry it.
      record.etag = UUID().uuidString.lowercased()
      try record.update(db)
      try Self.storeExerciseMessage(db, rid: record.rid, encoder: encoder)
      return record
    }
  }

  /// Pending proposals, oldest first.
  public func proposals(limit: Int, offset: Int) async throws -> [ExerciseRecord] {
    try await writer.read { db in
      try ExerciseRecord.filter(Column("proposal") == ExerciseRecord.Proposal.pending.rawValue)
        .order(Column("proposed_at"), Column("rid")).limit(limit, offset: offset).fetchAll(db)
    }
  }

  /// Accepted: the exercise joins the library under `slug`, its owner stays its author.
  /// Declined: it stays private with the reason. `etag` is the proposal the
  /// administrator read: an exercise withdrawn and proposed again since is another one.
  public func review(exerciseID: String, etag: String, accept: Bool, reason: String, slug: String, now: Date) async throws -> ExerciseRecord {
    try await writer.write { db in
      guard
        var record = try ExerciseRecord.filter(
          Column("id") == exerciseID && Column("proposal") == ExerciseRecord.Proposal.pending.rawValue
        ).fetchOne(db)
      else { throw GymError.notFound("no pending proposal for this exercise") }
      guard record.etag == etag else { throw GymError.staleEtag("exercise") }
      if accept {
        if try Self.exerciseRID(db, slug: slug) != nil { throw CatalogError.slugTaken(slug) }
        (record.ownerID, record.slug, record.proposal, record.proposalNote, record.proposedAt) = ("", slug, .none, "", nil)
      } else {
        (record.proposal, record.proposalNote) = (.declined, reason)
      }
      record.updatedAt = now
      record.etag = UUID().uuidString.lowercased()
      try record.update(db)
      try Self.storeExerciseMessage(db, rid: record.rid, encoder: encoder)
      return record
    }
  }
}
