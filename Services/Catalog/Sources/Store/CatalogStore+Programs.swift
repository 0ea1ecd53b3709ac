import Foundation
import GRDB
import GymStore

extension CatalogStore {
  /// Who is reading: ownership and admin rights decide what hidden content they see.
  public struct Viewer: Sendable, Equatable {
    public var userID: String
    public var isAdmin: Bool

    public init(userID: String, isAdmin: Bool) {
      self.userID = userID
      self.isAdmin = isAdmin
    }
  }

  /// Publishes a program. Its exercise references, derived muscles, tags and search
  /// row are written in the same transaction.
  public func insertProgram(_ program: ProgramRecord, key: IdempotencyKeys.Key? = nil) async throws -> ProgramView {
    let author = Viewer(userID: program.authorID, isAdmin: false)
    return try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let made = try ProgramRecord.filter(Column("id") == id).fetchOne(db) else { throw IdempotencyKeys.gone("program", id) }
          return try Self.views(db, [made], viewer: author)[0]
        },
        create: {
          var record = program
          record.rid = nil
          let exercises = try Self.resolveExercises(db, record.exerciseIDs)
          record.muscles = try Self.primaryMuscles(db, exercises)
          try record.insert(db)
          try Self.indexProgram(db, record, exercises: exercises)
          try Self.storeProgramMessage(db, rid: record.rid, encoder: encoder)
          return try Self.views(db, [record], viewer: author)[0]
        }, id: \.program.id)
    }
  }

  /// Replaces the author's program when `etag` is current; votes, saves and moderation
  /// state stay (but not an administrator's exemption), the version goes up.
  public func replaceProgram(_ program: ProgramRecord, etag: String, by viewer: Viewer, now: Date) async throws -> ProgramView {
    try await writer.write { db in
      guard let existing = try ProgramRecord.filter(Column("id") == program.id).fetchOne(db),
        try Self.canSee(existing, viewer: viewer, db: db, now: now)
      else { throw GymError.notFound("no program with this id") }
      guard existing.authorID == viewer.userID else { throw CatalogError.notAuthor("program") }
      guard existing.state != .removed else { throw CatalogError.programRemoved }
      guard existing.etag == etag else { throw GymError.staleEtag("program") }
      var record = program
      (record.rid, record.authorID, record.createdAt) = (existing.rid, existing.authorID, existing.createdAt)
      (record.upVotes, record.downVotes, record.score, record.saves) = (existing.upVotes, existing.downVotes, existing.score, existing.saves)
      // An administrator's restoration vouched for what they read, not for this edit: the
      // new content faces the vote threshold again.
      (record.state, record.moderationReason, record.autoHideExempt, record.queuedAt) =
        (existing.state, existing.moderationReason, false, existing.queuedAt)
      record.version = existing.version + 1
      let exercises = try Self.resolveExercises(db, record.exerciseIDs)
      record.muscles = try Self.primaryMuscles(db, exercises)
      try record.update(db)
      try Self.indexProgram(db, record, exercises: exercises)
      try Self.storeProgramMessage(db, rid: record.rid, encoder: encoder)
      return try Self.views(db, [record], viewer: viewer).first!
    }
  }

  /// Deletes a program with its votes, reports and saves (author or admin).
  public func deleteProgram(id: String, by viewer: Viewer, now: Date) async throws {
    try await writer.write { db in
      guard let existing = try ProgramRecord.filter(Column("id") == id).fetchOne(db),
        try Self.canSee(existing, viewer: viewer, db: db, now: now)
      else { throw GymError.notFound("no program with this id") }
      guard existing.authorID == viewer.userID || viewer.isAdmin else { throw CatalogError.notAuthor("program") }
      try Self.deleteProgramRows(db, rid: existing.rid!)
    }
  }

  /// The program as `viewer` may see it: hidden, removed and banned authors' programs
  /// only for their author and admins.
  public func program(id: String, viewer: Viewer, now: Date) async throws -> ProgramView? {
    try await writer.read { db in
      guard let record = try ProgramRecord.filter(Column("id") == id).fetchOne(db),
        try Self.canSee(record, viewer: viewer, db: db, now: now)
      else { return nil }
      return try Self.views(db, [record], viewer: viewer).first
    }
  }

  public struct ProgramQuery: Sendable {
    public enum Order: Sendable { case topRated, newest, mostSaved, name }
    public var match: String?
    public var goal: Int?
    public var difficulty: Int?
    public var muscle: Int?
    public var authorID: String?
    public var tag: String?
    public var order = Order.topRated
    public var limit = 20
    public var offset = 0

    public init() {}
  }

  /// A page of programs. Only visible programs of authors in good standing, except that
  /// authors listing their own programs see all of them.
  public func listPrograms(_ query: ProgramQuery, viewer: Viewer, now: Date) async throws -> [ProgramView] {
    try await writer.read { db in
      let (from, filter, order) = Self.programPage(query, viewer: viewer, now: now)
      let records = try SQLRequest<ProgramRecord>(
        literal: """
          SELECT \(sql: ProgramRecord.selection("p")) FROM \(sql: from) \(literal: filter) ORDER BY \(sql: order) LIMIT \(query.limit) OFFSET \(query.offset)
          """
      ).fetchAll(db)
      return try Self.views(db, records, viewer: viewer)
    }
  }

  /// The tables, filter and order of a page of `listPrograms`, shared with
  /// `listProgramMessages`.
  static func programPage(_ query: ProgramQuery, viewer: Viewer, now: Date) -> (from: String, filter: SQL, order: String) {
    // `from` and `order` are fixed SQL chosen in code (spliced with `\(sql:)`); every
    // value goes through `SQL` interpolation and is bound as a `?` argument where it
    // appears, so terms and arguments can't get out of step.
    var from = "programs p"
    var conditions: [SQL] = []
    if let match = query.match {
      from = "programs_fts JOIN programs p ON p.rid = programs_fts.rowid"
      conditions.append("programs_fts MATCH \(match)")
    }
    if let authorID = query.authorID {
      conditions.append("p.author_id = \(authorID)")
    }
    if query.authorID != viewer.userID {
      conditions.append(Self.visibleCondition(now: now))
    }
    if let goal = query.goal {
      conditions.append("p.goal = \(goal)")
    }
    if let difficulty = query.difficulty {
      conditions.append("p.difficulty = \(difficulty)")
    }
    if let muscle = query.muscle {
      // EXISTS probes the key per row while the ranking index is walked; IN would first
      // collect every program with the muscle.
      conditions.append("EXISTS (SELECT 1 FROM program_muscles m WHERE m.muscle = \(muscle) AND m.program_rid = p.rid)")
    }
    if let tag = query.tag {
      conditions.append("EXISTS (SELECT 1 FROM program_tags t WHERE t.tag = \(tag.folded) AND t.program_rid = p.rid)")
    }
    let order =
      switch query.order {
      case .topRated: "p.score DESC, p.rid DESC"
      case .newest: "p.rid DESC"
      case .mostSaved: "p.saves DESC, p.rid DESC"
      case .name: "p.name_key, p.rid"
      }
    let whereClause = conditions.joined(separator: " AND ")
    let filter: SQL = conditions.isEmpty ? "" : "WHERE \(literal: whereClause)"
    return (from, filter, order)
  }

  /// Programs for a level: that level first, then the nearest levels, each by score.
  /// The viewer's own programs and those they voted down are left out.
  public func recommend(level: Int, viewer: Viewer, limit: Int, offset: Int, now: Date) async throws -> [ProgramView] {
    try await writer.read { db in
      // An `SQL` literal, so `visibleCondition` brings its own `now` argument along.
      let records = try SQLRequest<ProgramRecord>(
        literal: """
          SELECT \(sql: ProgramRecord.selection("p")) FROM programs p
          WHERE \(literal: Self.visibleCondition(now: now)) AND p.author_id <> \(viewer.userID)
            AND p.rid NOT IN (SELECT program_rid FROM votes WHERE user_id = \(viewer.userID) AND vote = -1)
          ORDER BY ABS(p.difficulty - \(level)), p.score DESC, p.rid DESC LIMIT \(limit) OFFSET \(offset)
          """
      ).fetchAll(db)
      return try Self.views(db, records, viewer: viewer)
    }
  }

  /// A program and every exercise it uses, read in one transaction (plan's copy).
  public func snapshot(id: String, viewer: Viewer, now: Date) async throws -> (ProgramView, [ExerciseRecord])? {
    try await writer.read { db in
      guard let record = try ProgramRecord.filter(Column("id") == id).fetchOne(db),
        try Self.canSee(record, viewer: viewer, db: db, now: now),
        let view = try Self.views(db, [record], viewer: viewer).first
      else { return nil }
      let exercises = try ExerciseRecord.filter(view.program.exerciseIDs.contains(Column("id"))).fetchAll(db)
      return (view, exercises)
    }
  }

  // MARK: Shared pieces

  /// Visible and not by a currently banned author at `now` (bans from the projection
  /// of users). An `SQL` literal that carries its `now` argument, so callers can't
  /// misplace it among their own.
  static func visibleCondition(now: Date) -> SQL {
    """
    p.state = 1 AND p.author_id NOT IN \
    (SELECT user_id FROM user_projection WHERE banned = 1 AND (banned_until IS NULL OR banned_until > \(now)))
    """
  }

  /// A failing read of the author throws: a banned author's program must not show
  /// because the ban could not be read.
  static func canSee(_ record: ProgramRecord, viewer: Viewer, db: Database, now: Date) throws -> Bool {
    if viewer.isAdmin || record.authorID == viewer.userID { return true }
    guard record.state == .visible else { return false }
    let author = try UserProjection.User.fetchOne(db, key: record.authorID)
    return !(author?.isBanned(at: now) ?? false)
  }

  /// What a program needs of an exercise it uses.
  struct ExerciseRef {
    var rid: Int64
    var id: String
    var name: String
  }

  /// The exercises for the ids, in the ids' order; unknown ids are refused. Reads plain
  /// columns only: publishing must not decode every exercise's JSON lists.
  static func resolveExercises(_ db: Database, _ ids: [String]) throws -> [ExerciseRef] {
    // `IN \(ids)` expands to `IN (?,?,...)`, one argument per id.
    let found = Dictionary(
      try SQLRequest<Row>(literal: "SELECT rid, id, name FROM exercises WHERE id IN \(ids)").fetchAll(db)
        .map { (row: Row) -> (String, ExerciseRef) in (row["id"], ExerciseRef(rid: row["rid"], id: row["id"], name: row["name"])) },
      uniquingKeysWith: { a, _ in a })
    let missing = ids.filter { found[$0] == nil }
    guard missing.isEmpty else { throw CatalogError.unknownExercises(missing) }
    return ids.compactMap { found[$0] }
  }

  /// The primary muscles of the exercises, from their facet rows.
  static func primaryMuscles(_ db: Database, _ exercises: [ExerciseRef]) throws -> [Int] {
    // By exercise: the (kind, value) key would walk every primary-muscle row of the library.
    // `IN \(array)` expands to `IN (?,?,...)`, one argument per rid.
    try SQLRequest<Int>(
      literal: """
        SELECT DISTINCT value FROM exercise_facets INDEXED BY exercise_facets_exercise
        WHERE exercise_rid IN \(exercises.map(\.rid)) AND kind = 1 ORDER BY value
        """
    ).fetchAll(db)
  }

  /// Rewrites the program's days, entries, muscles, tags and search row.
  static func indexProgram(_ db: Database, _ record: ProgramRecord, exercises: [ExerciseRef]) throws {
    let rid = record.rid!
    for table in ["program_days", "program_entries", "program_muscles", "program_tags"] {
      try db.execute(sql: "DELETE FROM \(table) WHERE program_rid = ?", arguments: [rid])
    }
    let exerciseRIDs = Dictionary(exercises.map { ($0.id, $0.rid) }, uniquingKeysWith: { a, _ in a })
    for (day, content) in record.days.enumerated() {
      try db.cachedStatement(sql: "INSERT INTO program_days (program_rid, day, name) VALUES (?, ?, ?)")
        .execute(arguments: [rid, day, content.name])
      for (position, entry) in content.exercises.enumerated() {
        try db.cachedStatement(
          sql: """
            INSERT INTO program_entries (program_rid, day, position, exercise_rid, sets, reps_min, reps_max, duration_seconds,
              rest_seconds, weight_kg, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).execute(arguments: [
          rid, day, position, exerciseRIDs[entry.exerciseID], entry.sets, entry.repsMin, entry.repsMax, entry.durationSeconds,
          entry.restSeconds, entry.weightKg, entry.notes,
        ])
      }
    }
    for muscle in record.muscles {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO program_muscles (muscle, program_rid) VALUES (?, ?)")
        .execute(arguments: [muscle, rid])
    }
    for tag in Set(record.tags.map(\.folded)) {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO program_tags (tag, program_rid) VALUES (?, ?)")
        .execute(arguments: [tag, rid])
    }
    try db.execute(sql: "DELETE FROM programs_fts WHERE rowid = ?", arguments: [rid])
    try db.cachedStatement(sql: "INSERT INTO programs_fts (rowid, name, tags, exercises, description) VALUES (?, ?, ?, ?, ?)")
      .execute(arguments: [
        rid, record.name, record.tags.joined(separator: " "), exercises.map(\.name).joined(separator: " "), record.description,
      ])
  }

  static func deleteProgramRows(_ db: Database, rid: Int64) throws {
    try db.execute(sql: "DELETE FROM programs_fts WHERE rowid = ?", arguments: [rid])
    try db.execute(sql: "DELETE FROM programs WHERE rid = ?", arguments: [rid])
  }

  /// Adds authors (from the projection of users), the viewer's votes, and the days with
  /// their exercises' current names to rows: four queries for a whole page, not four per
  /// program.
  static func views(_ db: Database, _ records: [ProgramRecord], viewer: Viewer) throws -> [ProgramView] {
    guard !records.isEmpty else { return [] }
    let authors = try UserProjection.users(db, ids: records.map(\.authorID))
    let rids = records.compactMap(\.rid)
    // `IN \(rids)` expands to `IN (?,?,...)`, one argument per rid.
    let votes = Dictionary(
      try SQLRequest<Row>(
        literal: "SELECT program_rid, vote FROM votes WHERE user_id = \(viewer.userID) AND program_rid IN \(rids)"
      ).fetchAll(db).map { (row: Row) -> (Int64, Int) in (row[0], row[1]) },
      uniquingKeysWith: { a, _ in a })
    // Days and entries of the whole page in two indexed queries, with each exercise's
    // current id and name.
    var dayNames: [Int64: [String]] = [:]
    // Rows are read by position (see `ProgramRecord.columns`).
    let days = try SQLRequest<Row>(
      literal: "SELECT program_rid, name FROM program_days WHERE program_rid IN \(rids) ORDER BY program_rid, day"
    ).fetchCursor(db)
    while let row = try days.next() {
      dayNames[row[0], default: []].append(row[1])
    }
    var entries: [Int64: [Int: [ProgramRecord.Entry]]] = [:]
    var names: [String: String] = [:]
    let rows = try SQLRequest<Row>(
      literal: """
        SELECT e.program_rid, e.day, x.id, x.name, e.sets, e.reps_min, e.reps_max, e.duration_seconds, e.rest_seconds,
          e.weight_kg, e.notes
        FROM program_entries e JOIN exercises x ON x.rid = e.exercise_rid
        WHERE e.program_rid IN \(rids) ORDER BY e.program_rid, e.day, e.position
        """
    ).fetchCursor(db)
    while let row = try rows.next() {
      let id: String = row[2]
      names[id] = row[3]
      entries[row[0], default: [:]][row[1], default: []].append(
        ProgramRecord.Entry(
          exerciseID: id, sets: row[4], repsMin: row[5], repsMax: row[6], durationSeconds: row[7], restSeconds: row[8],
          weightKg: row[9], notes: row[10]))
    }
    return records.map { record in
      var program = record
      let rid = record.rid ?? 0
      program.days = (dayNames[rid] ?? []).enumerated().map { day, name in
        ProgramRecord.Day(name: name, exercises: entries[rid]?[day] ?? [])
      }
      return ProgramView(
        program: program, author: authors[record.authorID], myVote: votes[rid] ?? 0,
        exerciseNames: Dictionary(
          program.exerciseIDs.compactMap { id in names[id].map { (id, $0) } }, uniquingKeysWith: { a, _ in a }))
    }
  }
}
