import Foundation
import GRDB
import GymStore

extension PlanStore {
  /// The routine, or under a `key` used before the one it made.
  public func insertRoutine(_ routine: RoutineRecord, key: IdempotencyKeys.Key? = nil) async throws -> RoutineRecord {
    try await insert(routine, key: key, savedJob: nil, now: routine.createdAt)
  }

  /// A copy of a catalog program, and the job telling the catalog it was saved, in one
  /// transaction: the count reaches the catalog even if it is down right now. Under a
  /// `key` used before: the copy it made, and no second job.
  public func insertCopy(_ routine: RoutineRecord, savedJob: Data, key: IdempotencyKeys.Key? = nil, now: Date) async throws -> RoutineRecord {
    try await insert(routine, key: key, savedJob: savedJob, now: now)
  }

  private func insert(_ routine: RoutineRecord, key: IdempotencyKeys.Key?, savedJob: Data?, now: Date) async throws -> RoutineRecord {
    try await writer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key, existing: { try Self.madeRoutine(db, id: $0, ownerID: routine.ownerID) },
        create: {
          try Self.requireRoutineRoom(db, ownerID: routine.ownerID, limits: limits)
          var record = routine
          try record.insert(db)
          if let savedJob { try Outbox.enqueue(db, destination: .catalog, kind: .programSaved, payload: savedJob, now: now) }
          return record
        }, id: \.id)
    }
  }

  private static func madeRoutine(_ db: Database, id: String, ownerID: String) throws -> RoutineRecord {
    guard let made = try routine(db, id: id, ownerID: ownerID) else { throw IdempotencyKeys.gone("routine", id) }
    return made
  }

  /// The owner's routine, or nil (also for someone else's).
  public func routine(id: String, ownerID: String) async throws -> RoutineRecord? {
    try await writer.read { db in try Self.routine(db, id: id, ownerID: ownerID) }
  }

  static func routine(_ db: Database, id: String, ownerID: String) throws -> RoutineRecord? {
    try RoutineRecord.filter(Column("id") == id && Column("owner_id") == ownerID).fetchOne(db)
  }

  static func requireRoutine(_ db: Database, id: String, ownerID: String) throws -> RoutineRecord {
    guard let routine = try routine(db, id: id, ownerID: ownerID) else { throw GymError.notFound("no routine with id \(id)") }
    return routine
  }

  /// Most recently updated first.
  public func routines(ownerID: String, limit: Int, offset: Int) async throws -> [RoutineRecord] {
    try await writer.read { db in
      try RoutineRecord.filter(Column("owner_id") == ownerID)
        .order(Column("updated_at").desc, Column("rid").desc)
        .limit(limit, offset: offset)
        .fetchAll(db)
    }
  }

  /// Replaces name, description and days when `etag` is current. `ownerID` is the
  /// caller: the owner, or the trainer who assigned the copy.
  public func replaceRoutine(
    id: String, ownerID: String, name: String, description: String, days: [RoutineRecord.Day], etag: String, now: Date
  ) async throws -> RoutineRecord {
    try await writer.write { db in
      // The owner, or the trainer who assigned this copy.
      guard var routine = try Self.accessibleRoutine(db, id: id, userID: ownerID) else {
        throw GymError.notFound("no routine with id \(id)")
      }
      guard routine.etag == etag else { throw GymError.staleEtag("routine") }
      routine.name = name
      routine.description = description
      routine.days = days
      routine.version += 1
      routine.updatedAt = now
      try routine.update(db)
      // Entries for a day the routine no longer has would point at nothing.
      try db.execute(
        sql: "DELETE FROM schedule_entries WHERE routine_rid = ? AND day_index >= ?", arguments: [routine.rid, days.count])
      return routine
    }
  }

  /// Deletes the routine and its schedule entries; sessions logged from it stay in history.
  public func deleteRoutine(id: String, ownerID: String) async throws {
    try await writer.write { db in
      let routine = try Self.requireRoutine(db, id: id, ownerID: ownerID)
      try routine.delete(db)
    }
  }

  public func markPublished(routineID: String, ownerID: String, programID: String, now: Date) async throws -> RoutineRecord {
    try await writer.write { db in
      var routine = try Self.requireRoutine(db, id: routineID, ownerID: ownerID)
      routine.publishedProgramID = programID
      routine.updatedAt = now
      try routine.update(db)
      return routine
    }
  }
}
