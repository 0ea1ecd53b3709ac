import Foundation
import GRDB
import GymStore

extension PlanStore {
  /// Starts `session` (active, items planned). Another active session → `sessionActive`
  /// naming it; the partial unique index makes the rule hold under concurrent starts.
  /// Under a `key` used before: the session it started, in whatever state it is now.
  public func startSession(_ session: SessionRecord, key: IdempotencyKeys.Key? = nil) async throws -> SessionRecord {
    do {
      return try await committer.write { [limits] db in
        try IdempotencyKeys.once(
          db, key, existing: { try Self.madeSession(db, id: $0, ownerID: session.ownerID) },
          create: {
            try Self.requireSessionRoom(db, ownerID: session.ownerID, on: session.localDate, limits: limits)
            let rid = try Self.insertSession(db, session)
            return try Self.loadSession(db, rid: rid)
          }, id: \.id)
      }
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      guard let active = try await activeSession(ownerID: session.ownerID) else { throw error }
      throw PlanError.sessionActive(id: active.id, startedAt: active.startedAt)
    }
  }

  public func activeSession(ownerID: String) async throws -> SessionRecord? {
    try await writer.read { db in
      guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM sessions WHERE owner_id = ? AND state = 1", arguments: [ownerID])
      else { return nil }
      return try Self.loadSession(db, rid: rid)
    }
  }

  public func session(id: String, ownerID: String) async throws -> SessionRecord? {
    try await writer.read { db in
      guard let rid = try Self.sessionRID(db, id: id, ownerID: ownerID) else { return nil }
      return try Self.loadSession(db, rid: rid)
    }
  }

  /// The item a set was just logged to, as it now is, with its exercise's name when
  /// plan knows it (the only part of the session a LogSet answers with).
  public struct LoggedItem: Sendable, Equatable {
    public var item: SessionRecord.Item
    public var exerciseName: String?
    /// The set a LogSet added (its id), for the idempotency key's record.
    public var setID = ""
  }

  /// Adds a set to an item of an active session. The item becomes DONE once it has as
  /// many sets as planned; a skipped item that gets a set is no longer skipped. The set
  /// is dated on its session's local day, so a workout that crosses midnight stays on
  /// the day it started in history and statistics. Written through the group committer:
  /// sets logged together share a transaction, each in its own savepoint.
  /// - Parameter check: sees the session as it would be (loaded only when its footprint
  ///   does not vouch for it); what it throws undoes the set.
  /// Under a `key` used before: the item of the set it logged, as it is now.
  public func logSet(
    sessionID: String, itemID: String, ownerID: String, set: SessionRecord.LoggedSet, key: IdempotencyKeys.Key? = nil,
    check: SessionFootprint.Check = .none
  ) async throws -> LoggedItem {
    try await committer.write { [limits] db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let setRID = Int64(id),
            let itemRID = try Int64.fetchOne(
              db, sql: "SELECT item_rid FROM logged_sets WHERE rid = ? AND owner_id = ?", arguments: [setRID, ownerID])
          else { throw IdempotencyKeys.gone("set", id) }
          var made = try Self.loggedItem(db, try Self.item(db, rid: itemRID), sets: try Self.loggedSets(db, itemRID: itemRID))
          made.setID = id
          return made
        },
        create: { try Self.logSet(db, sessionID: sessionID, itemID: itemID, ownerID: ownerID, set: set, limits: limits, check: check) },
        id: \.setID)
    }
  }

  /// `logSet` inside the caller's transaction; the item carries the new set's id.
  private static func logSet(
    _ db: Database, sessionID: String, itemID: String, ownerID: String, set: SessionRecord.LoggedSet, limits: PlanLimits,
    check: SessionFootprint.Check
  ) throws -> LoggedItem {
    let rid = try Self.requireActive(db, id: sessionID, ownerID: ownerID)
    let item = try Self.requireItem(db, sessionRID: rid, itemID: itemID)
    // The item's own sets are read below anyway; only the other items' are counted here.
    let others = try Self.otherItemsSets(db, sessionRID: rid, itemRID: item.rid)
    try db.cachedStatement(
      sql: """
        INSERT INTO logged_sets (item_rid, session_rid, owner_id, exercise_id, reps, weight_kg, rpe, duration_seconds, notes,
          logged_at, local_date, e1rm, set_type)
        SELECT ?, rid, ?, ?, ?, ?, ?, ?, ?, ?, local_date, ?, ? FROM sessions WHERE rid = ?
        """
    ).execute(arguments: [
      item.rid, ownerID, item.exerciseID, set.reps, set.weightKg, set.rpe, set.durationSeconds,
      set.notes, set.loggedAt, Self.estimatedOneRepMax(reps: set.reps, weightKg: set.weightKg), set.type.rawValue, rid,
    ])
    let setRID = db.lastInsertedRowID
    let sets = try Self.loggedSets(db, itemRID: item.rid)
    // Refused when the session already held the most (this set undone with the savepoint).
    guard others.count + sets.count <= limits.setsPerSession else {
      throw PlanError.quotaExceeded(
        "a session holds at most \(limits.setsPerSession) sets; finish this session (FinishSession) and start another")
    }
    let state: SessionRecord.ItemState =
      item.planned > 0 && sets.count >= item.planned ? .done : (item.state == .skipped ? .pending : item.state)
    if state != item.state {
      try db.cachedStatement(sql: "UPDATE session_items SET state = ? WHERE rid = ?").execute(arguments: [state.rawValue, item.rid])
    }
    let footprint = try Self.footprint(
      db, sessionRID: rid, loggedSets: others.count + sets.count,
      loggedSetNoteBytes: others.noteBytes + sets.reduce(0) { $0 + $1.notes.utf8.count })
    if !check.surelyPasses(footprint) {
      try check.check(try Self.loadSession(db, rid: rid))
    }
    var changed = item
    changed.state = state
    var logged = try Self.loggedItem(db, changed, sets: sets)
    logged.setID = String(setRID)
    return logged
  }

  public func setItemState(
    sessionID: String, itemID: String, ownerID: String, state: SessionRecord.ItemState
  ) async throws -> SessionRecord {
    try await committer.write { db in
      let rid = try Self.requireActive(db, id: sessionID, ownerID: ownerID)
      let item = try Self.requireItem(db, sessionRID: rid, itemID: itemID)
      try db.execute(sql: "UPDATE session_items SET state = ? WHERE rid = ?", arguments: [state.rawValue, item.rid])
      return try Self.loadSession(db, rid: rid)
    }
  }

  public enum SessionEdit: Sendable, Equatable {
    /// 1-based position; 0 or past the end = last.
    case add(SessionRecord.Item, position: Int)
    case remove(itemID: String)
    /// Sets already logged stay with the item (and move to the new exercise).
    case replace(itemID: String, exerciseID: String)
    case changePlannedSets(itemID: String, [RoutineRecord.PlannedSet])
  }

  /// Applies every edit in order, or none.
  /// - Parameter check: sees the session as it would be; what it throws undoes the edits.
  public func editSession(
    sessionID: String, ownerID: String, edits: [SessionEdit], check: @escaping @Sendable (SessionRecord) throws -> Void = { _ in }
  ) async throws -> SessionRecord {
    try await committer.write { [limits] db in
      let rid = try Self.requireActive(db, id: sessionID, ownerID: ownerID)
      let encoder = JSONEncoder()
      for edit in edits {
        switch edit {
        case .add(let item, let position):
          let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session_items WHERE session_rid = ?", arguments: [rid]) ?? 0
          guard count < limits.sessionItems else {
            throw PlanError.quotaExceeded(
              "a session holds at most \(limits.sessionItems) exercises; remove one (EditSession remove_item_id) before adding another")
          }
          let place = position < 1 || position > count ? count : position - 1
          try db.execute(
            sql: "UPDATE session_items SET position = position + 1 WHERE session_rid = ? AND position >= ?", arguments: [rid, place])
          try Self.insertItem(db, item, sessionRID: rid, position: place, encoder: encoder)
        case .remove(let itemID):
          let item = try Self.requireItem(db, sessionRID: rid, itemID: itemID)
          try db.execute(sql: "DELETE FROM session_items WHERE rid = ?", arguments: [item.rid])
          try db.execute(
            sql: "UPDATE session_items SET position = position - 1 WHERE session_rid = ? AND position > ?",
            arguments: [rid, item.position])
        case .replace(let itemID, let exerciseID):
          let item = try Self.requireItem(db, sessionRID: rid, itemID: itemID)
          try db.execute(sql: "UPDATE session_items SET exercise_id = ? WHERE rid = ?", arguments: [exerciseID, item.rid])
          try db.execute(sql: "UPDATE logged_sets SET exercise_id = ? WHERE item_rid = ?", arguments: [exerciseID, item.rid])
        case .changePlannedSets(let itemID, let sets):
          let item = try Self.requireItem(db, sessionRID: rid, itemID: itemID)
          try db.execute(
            sql: "UPDATE session_items SET planned_sets = ? WHERE rid = ?", arguments: [try encoder.encode(sets), item.rid])
        }
      }
      let session = try Self.loadSession(db, rid: rid)
      try check(session)
      return session
    }
  }

  public func abandonSession(id: String, ownerID: String, now: Date) async throws {
    try await committer.write { db in
      let rid = try Self.requireActive(db, id: id, ownerID: ownerID)
      try db.execute(sql: "UPDATE sessions SET state = 3, ended_at = ? WHERE rid = ?", arguments: [now, rid])
    }
  }

  /// History, newest first; items without their logged sets (a list shows the summary)
  /// unless `withSets`; without the live session when `endedOnly`.
  public func sessions(
    ownerID: String, from: LocalDate?, to: LocalDate?, limit: Int, offset: Int, withSets: Bool = false, endedOnly: Bool = false
  ) async throws -> [SessionRecord] {
    try await writer.read { db in
      var conditions: [SQL] = ["owner_id = \(ownerID)"]
      if endedOnly { conditions.append("state <> \(SessionRecord.State.active.rawValue)") }
      if let from { conditions.append("local_date >= \(from.description)") }
      if let to { conditions.append("local_date <= \(to.description)") }
      let rids = try SQLRequest<Int64>(
        literal: """
          SELECT rid FROM sessions WHERE \(literal: conditions.joined(separator: " AND ")) ORDER BY local_date DESC, rid DESC LIMIT \(limit) OFFSET \(offset)
          """
      ).fetchAll(db)
      return try rids.map { try Self.loadSession(db, rid: $0, withSets: withSets) }
    }
  }

  // MARK: Rows

  struct ItemRow {
    var rid: Int64
    var id: String
    var exerciseID: String
    var plannedSets: [RoutineRecord.PlannedSet]
    var state: SessionRecord.ItemState
    var position: Int
    var notes: String
    var superset: Int

    var planned: Int { plannedSets.count }
  }

  /// The session a create under an idempotency key made, as it is now.
  static func madeSession(_ db: Database, id: String, ownerID: String) throws -> SessionRecord {
    guard let rid = try sessionRID(db, id: id, ownerID: ownerID) else { throw IdempotencyKeys.gone("session", id) }
    return try loadSession(db, rid: rid)
  }

  static func sessionRID(_ db: Database, id: String, ownerID: String) throws -> Int64? {
    try Int64.fetchOne(db, sql: "SELECT rid FROM sessions WHERE id = ? AND owner_id = ?", arguments: [id, ownerID])
  }

  struct SessionRow {
    var rid: Int64
    var state: SessionRecord.State
    var localDate: LocalDate
  }

  /// The owner's session, in any state.
  static func requireSession(_ db: Database, id: String, ownerID: String) throws -> SessionRow {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: "SELECT rid, state, local_date FROM sessions WHERE id = ? AND owner_id = ?"), arguments: [id, ownerID])
    else { throw GymError.notFound("no session with id \(id)") }
    return SessionRow(
      rid: row[0], state: SessionRecord.State(rawValue: row[1]) ?? .finished,
      localDate: LocalDate(row[2] as String) ?? LocalDate(daysSinceEpoch: 0))
  }

  /// The session's rowid when it is the owner's and active.
  static func requireActive(_ db: Database, id: String, ownerID: String) throws -> Int64 {
    let session = try requireSession(db, id: id, ownerID: ownerID)
    guard session.state == .active else {
      throw GymError.failedPrecondition("session \(id) is \(session.state == .finished ? "finished" : "abandoned"); start a new one")
    }
    return session.rid
  }

  static func requireItem(_ db: Database, sessionRID: Int64, itemID: String) throws -> ItemRow {
    guard let item = try itemRow(db, where: "session_rid = ? AND id = ?", [sessionRID, itemID]) else {
      throw GymError.notFound("the session has no item with id \(itemID)")
    }
    return item
  }

  /// The item a set belongs to, by its rowid.
  static func item(_ db: Database, rid: Int64) throws -> ItemRow {
    guard let item = try itemRow(db, where: "rid = ?", [rid]) else { throw GymError.notFound("the set's item no longer exists") }
    return item
  }

  private static func itemRow(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> ItemRow? {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: "SELECT rid, id, exercise_id, planned_sets, state, position, notes, superset FROM session_items WHERE \(condition)"),
        arguments: arguments)
    else { return nil }
    let planned = try JSONDecoder().decode([RoutineRecord.PlannedSet].self, from: row[3] as Data)
    return ItemRow(
      rid: row[0], id: row[1], exerciseID: row[2], plannedSets: planned, state: SessionRecord.ItemState(rawValue: row[4]) ?? .pending,
      position: row[5], notes: row[6], superset: row[7])
  }

  /// What a set's change answers with: the item with `sets` and its exercise's name.
  static func loggedItem(_ db: Database, _ item: ItemRow, sets: [SessionRecord.LoggedSet]) throws -> LoggedItem {
    let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM exercises WHERE id = ?"), arguments: [item.exerciseID])
    return LoggedItem(
      item: SessionRecord.Item(
        id: item.id, exerciseID: item.exerciseID, plannedSets: item.plannedSets, loggedSets: sets, state: item.state, notes: item.notes,
        superset: item.superset),
      exerciseName: name)
  }

  /// An item's logged sets, oldest first.
  static func loggedSets(_ db: Database, itemRID: Int64) throws -> [SessionRecord.LoggedSet] {
    // A cursor decodes each column straight from the statement, without copying rows.
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: """
          SELECT reps, weight_kg, rpe, duration_seconds, notes, logged_at, set_type, rid FROM logged_sets WHERE item_rid = ? ORDER BY rid
          """),
      arguments: [itemRID])
    var sets: [SessionRecord.LoggedSet] = []
    while let set = try rows.next() {
      sets.append(
        SessionRecord.LoggedSet(
          reps: set[0], weightKg: set[1], rpe: set[2], durationSeconds: set[3], notes: set[4], loggedAt: set[5],
          type: SessionRecord.SetType(rawValue: set[6]) ?? .working, id: set[7]))
    }
    return sets
  }

  /// How many sets the items of a session other than `itemRID` hold, and the bytes of
  /// their notes: item by item through `logged_sets_by_item`, so the rows of `itemRID`
  /// (which may be most of the session) are not visited. `itemRID` 0 counts them all.
  static func otherItemsSets(_ db: Database, sessionRID: Int64, itemRID: Int64) throws -> (count: Int, noteBytes: Int) {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT COUNT(*), TOTAL(length(CAST(s.notes AS BLOB)))
          FROM session_items i JOIN logged_sets s ON s.item_rid = i.rid
          WHERE i.session_rid = ? AND i.rid <> ?
          """), arguments: [sessionRID, itemRID])
    return (row?[0] ?? 0, Int(row?[1] ?? 0.0))
  }

  /// The session's footprint, given what its logged sets hold.
  static func footprint(_ db: Database, sessionRID: Int64, loggedSets: Int, loggedSetNoteBytes: Int) throws -> SessionFootprint {
    let session = try Int.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT length(CAST(id AS BLOB)) + ifnull(length(CAST(routine_id AS BLOB)), 0) + length(CAST(name AS BLOB))
            + length(CAST(notes AS BLOB))
          FROM sessions WHERE rid = ?
          """), arguments: [sessionRID])
    let items = try Row.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT COUNT(*), TOTAL(length(CAST(id AS BLOB)) + length(CAST(exercise_id AS BLOB)) + length(CAST(notes AS BLOB))),
            TOTAL(length(planned_sets))
          FROM session_items WHERE session_rid = ?
          """), arguments: [sessionRID])
    return SessionFootprint(
      textBytes: session ?? 0, items: items?[0] ?? 0, itemTextBytes: Int(items?[1] ?? 0.0), plannedSetBytes: Int(items?[2] ?? 0.0),
      loggedSets: loggedSets, loggedSetNoteBytes: loggedSetNoteBytes)
  }

  @discardableResult
  static func insertSession(_ db: Database, _ session: SessionRecord) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO sessions (id, owner_id, state, routine_id, day_index, name, started_at, ended_at, local_date, notes)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        session.id, session.ownerID, session.state.rawValue, session.routineID, session.dayIndex, session.name,
        session.startedAt, session.endedAt, session.localDate.description, session.notes,
      ])
    let rid = db.lastInsertedRowID
    let encoder = JSONEncoder()
    for (position, item) in session.items.enumerated() {
      let itemRID = try insertItem(db, item, sessionRID: rid, position: position, encoder: encoder)
      for set in item.loggedSets {
        try db.cachedStatement(
          sql: """
            INSERT INTO logged_sets (item_rid, session_rid, owner_id, exercise_id, reps, weight_kg, rpe, duration_seconds, notes,
              logged_at, local_date, e1rm, set_type)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).execute(arguments: [
          itemRID, rid, session.ownerID, item.exerciseID, set.reps, set.weightKg, set.rpe,
          set.durationSeconds, set.notes, set.loggedAt, session.localDate.description,
          estimatedOneRepMax(reps: set.reps, weightKg: set.weightKg), set.type.rawValue,
        ])
      }
    }
    return rid
  }

  @discardableResult
  static func insertItem(
    _ db: Database, _ item: SessionRecord.Item, sessionRID: Int64, position: Int, encoder: JSONEncoder
  ) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO session_items (id, session_rid, position, exercise_id, planned_sets, state, notes, superset)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        item.id, sessionRID, position, item.exerciseID, try encoder.encode(item.plannedSets), item.state.rawValue,
        item.notes, item.superset,
      ])
    return db.lastInsertedRowID
  }

  static func loadSession(_ db: Database, rid: Int64, withSets: Bool = true) throws -> SessionRecord {
    guard let row = try Row.fetchOne(db, sql: "SELECT * FROM sessions WHERE rid = ?", arguments: [rid]) else {
      throw GymError.notFound("the session no longer exists")
    }
    var setsByItem: [Int64: [SessionRecord.LoggedSet]] = [:]
    if withSets {
      for set in try Row.fetchAll(
        db,
        sql: """
          SELECT rid, item_rid, reps, weight_kg, rpe, duration_seconds, notes, logged_at, set_type FROM logged_sets
          WHERE session_rid = ? ORDER BY rid
          """,
        arguments: [rid])
      {
        setsByItem[set["item_rid"], default: []].append(
          SessionRecord.LoggedSet(
            reps: set["reps"], weightKg: set["weight_kg"], rpe: set["rpe"], durationSeconds: set["duration_seconds"],
            notes: set["notes"], loggedAt: set["logged_at"], type: SessionRecord.SetType(rawValue: set["set_type"]) ?? .working,
            id: set["rid"]))
      }
    }
    let decoder = JSONDecoder()
    let items = try Row.fetchAll(
      db, sql: "SELECT * FROM session_items WHERE session_rid = ? ORDER BY position", arguments: [rid]
    ).map { item in
      SessionRecord.Item(
        id: item["id"], exerciseID: item["exercise_id"],
        plannedSets: try decoder.decode([RoutineRecord.PlannedSet].self, from: item["planned_sets"] as Data),
        loggedSets: setsByItem[item["rid"]] ?? [], state: SessionRecord.ItemState(rawValue: item["state"]) ?? .pending,
        notes: item["notes"], superset: item["superset"])
    }
    let state = SessionRecord.State(rawValue: row["state"]) ?? .finished
    var summary: SessionRecord.Summary? = nil
    if state == .finished {
      // NULL means none; a value that does not decode is a damaged row, which fails the
      // read rather than showing the session with no records.
      let records = try (row["new_records"] as Data?).map { try decoder.decode([PersonalRecord].self, from: $0) } ?? []
      summary = SessionRecord.Summary(
        durationSeconds: row["duration_seconds"], exercisesDone: row["exercises_done"], exercisesTotal: row["exercises_total"],
        sets: row["sets"], reps: row["reps"], volumeKg: row["volume_kg"], newRecords: records)
    }
    return SessionRecord(
      id: row["id"], ownerID: row["owner_id"], state: state, routineID: row["routine_id"], dayIndex: row["day_index"],
      name: row["name"], items: items, startedAt: row["started_at"], endedAt: row["ended_at"],
      localDate: LocalDate(row["local_date"] as String) ?? LocalDate(daysSinceEpoch: 0), notes: row["notes"], summary: summary)
  }

  /// Epley, for sets of 1–12 reps with weight: beyond 12 reps the estimate says more
  /// about endurance than strength, so such sets do not count toward 1RM records.
  static func estimatedOneRepMax(reps: Int, weightKg: Double) -> Double {
    guard (1...12).contains(reps), weightKg > 0 else { return 0 }
    return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
  }
}
