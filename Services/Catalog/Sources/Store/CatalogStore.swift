import Foundation
import GRDB
import GymStore

/// Catalog's database: exercises, programs, votes, reports, saves and its projection of
/// users (authors' names and bans). Every change that touches more than one row is one
/// transaction. No gRPC here.
public struct CatalogStore: Sendable {
  public let writer: any DatabaseWriter
  public let rules: ModerationRules
  /// Writes the stored messages that list pages are assembled from.
  public let encoder: CatalogMessageEncoder

  public init(
    path: String, rules: ModerationRules = ModerationRules(), tuning: GymDatabase.Tuning = GymDatabase.Tuning(),
    encoder: CatalogMessageEncoder = .proto
  ) throws {
    writer = try GymDatabase.openPool(at: path, migrator: CatalogMigrations.migrator(encoder), tuning: tuning)
    try Self.refreshMessages(writer, encoder: encoder)
    self.rules = rules
    self.encoder = encoder
  }

  public init(writer: any DatabaseWriter, rules: ModerationRules = ModerationRules(), encoder: CatalogMessageEncoder = .proto) throws {
    try CatalogMigrations.migrator(encoder).migrate(writer)
    try Self.refreshMessages(writer, encoder: encoder)
    self.writer = writer
    self.rules = rules
    self.encoder = encoder
  }

  // MARK: Exercises

  /// By id or slug.
  public func exercise(_ key: String) async throws -> ExerciseRecord? {
    try await writer.read { db in
      try ExerciseRecord.filter(Column("id") == key || Column("slug") == key).fetchOne(db)
    }
  }

  /// Which of the ids name an exercise of the public library (programs are public: a
  /// private exercise has no place in one).
  public func existingExerciseIDs(_ ids: [String]) async throws -> Set<String> {
    try await writer.read { db in
      // `IN \(ids)` expands to `IN (?,?,...)`, one argument per id (GRDB turns an empty
      // list into an empty subquery, which matches nothing, as `IN ()` did).
      Set(try SQLRequest<String>(literal: "SELECT id FROM exercises WHERE id IN \(ids) AND owner_id = ''").fetchAll(db))
    }
  }

  /// - Parameter searchFacets: words for the record's muscles, equipment and category,
  ///   indexed so that "squat dumbbell" finds squats done with dumbbells.
  ///   - key: the client's idempotency key: used before, the exercise it made, as it is now.
  public func insertExercise(_ exercise: ExerciseRecord, searchFacets: String, key: IdempotencyKeys.Key? = nil) async throws -> ExerciseRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let made = try ExerciseRecord.filter(Column("id") == id).fetchOne(db) else { throw IdempotencyKeys.gone("exercise", id) }
          return made
        },
        create: {
          if try Self.exerciseRID(db, slug: exercise.slug) != nil { throw CatalogError.slugTaken(exercise.slug) }
          if exercise.isPrivate {
            let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exercises WHERE owner_id = ?", arguments: [exercise.ownerID]) ?? 0
            guard held < Self.privateExercisesPerUser else {
              throw CatalogError.tooManyPrivateExercises(limit: Self.privateExercisesPerUser)
            }
            try Self.requireFreePrivateName(db, exercise)
          }
          var record = exercise
          record.rid = nil
          try record.insert(db)
          try Self.indexExercise(db, record, searchFacets: searchFacets)
          try Self.storeExerciseMessage(db, rid: record.rid, encoder: encoder)
          return record
        }, id: \.id)
    }
  }

  /// Replaces the exercise named by `exercise.id` when `etag` is current.
  public func replaceExercise(_ exercise: ExerciseRecord, etag: String, searchFacets: String) async throws -> ExerciseRecord {
    try await writer.write { db in
      guard let existing = try ExerciseRecord.filter(Column("id") == exercise.id).fetchOne(db) else { throw GymError.notFound("no exercise with this id") }
      guard existing.etag == etag else { throw GymError.staleEtag("exercise") }
      if let other = try Self.exerciseRID(db, slug: exercise.slug), other != existing.rid { throw CatalogError.slugTaken(exercise.slug) }
      var record = exercise
      record.rid = existing.rid
      record.authorID = existing.authorID
      record.createdAt = existing.createdAt
      (record.ownerID, record.proposal, record.proposalNote, record.proposedAt) =
        (existing.ownerID, existing.proposal, existing.proposalNote, existing.proposedAt)
      // An edit withdraws a waiting proposal: what an administrator reviews is what was
      // proposed (ProposeExercise checks the library's rules again).
      if record.proposal == .pending { (record.proposal, record.proposalNote, record.proposedAt) = (.none, "", nil) }
      if record.isPrivate { try Self.requireFreePrivateName(db, record) }
      try record.update(db)
      try Self.indexExercise(db, record, searchFacets: searchFacets)
      try Self.storeExerciseMessage(db, rid: record.rid, encoder: encoder)
      if record.name != existing.name { try Self.reencodePrograms(db, usingExercise: existing.rid!, encoder: encoder) }
      return record
    }
  }

  /// Refused while any program (visible or not) uses the exercise: programs never point
  /// at a missing exercise, and a restored program must still be whole.
  /// - Parameter ownerID: set when the owner deletes: only their private exercise matches.
  public func deleteExercise(id: String, ownerID: String? = nil) async throws {
    try await writer.write { db in
      guard
        let rid = try Int64.fetchOne(
          db, sql: "SELECT rid FROM exercises WHERE id = ? AND (? IS NULL OR owner_id = ?)", arguments: [id, ownerID, ownerID])
      else {
        throw GymError.notFound("no exercise with this id")
      }
      let users =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(DISTINCT program_rid) FROM program_entries WHERE exercise_rid = ?", arguments: [rid]) ?? 0
      guard users == 0 else { throw CatalogError.exerciseInUse(programs: users) }
      try db.execute(sql: "DELETE FROM exercises_fts WHERE rowid = ?", arguments: [rid])
      try db.execute(sql: "DELETE FROM exercises WHERE rid = ?", arguments: [rid])
    }
  }

  public enum ImportOutcome: Sendable, Equatable {
    case created
    case updated
    case unchanged
  }

  /// Creates or updates each exercise by slug, all in one transaction; unchanged
  /// content is left alone (its etag stays). The import owns what it writes: an
  /// exercise a trainer created under a slug the library uses becomes the library's, so
  /// nobody can claim a library slug in advance and keep editing it. `markMeta` records
  /// a key/value in the same transaction (the shipped library's version, so it loads
  /// exactly once).
  public func importExercises(
    _ items: [(ExerciseRecord, searchFacets: String)], markMeta: (String, String)? = nil
  ) async throws -> [ImportOutcome] {
    try await writer.write { db in
      let outcomes = try items.map { item, facets -> ImportOutcome in
        if var existing = try ExerciseRecord.filter(Column("slug") == item.slug).fetchOne(db) {
          // Never taken over by the library: a private slug ends in its id's random tail.
          if existing.isPrivate { throw CatalogError.slugTaken(item.slug) }
          if existing.sameContent(as: item), existing.authorID == item.authorID { return .unchanged }
          let (rid, id, createdAt, name) = (existing.rid, existing.id, existing.createdAt, existing.name)
          existing = item
          (existing.rid, existing.id, existing.createdAt) = (rid, id, createdAt)
          try existing.update(db)
          try Self.indexExercise(db, existing, searchFacets: facets)
          try Self.storeExerciseMessage(db, rid: existing.rid, encoder: encoder)
          if existing.name != name { try Self.reencodePrograms(db, usingExercise: rid!, encoder: encoder) }
          return .updated
        }
        var record = item
        record.rid = nil
        try record.insert(db)
        try Self.indexExercise(db, record, searchFacets: facets)
        try Self.storeExerciseMessage(db, rid: record.rid, encoder: encoder)
        return .created
      }
      if let (key, value) = markMeta {
        try db.execute(sql: "INSERT OR REPLACE INTO catalog_meta (key, value) VALUES (?, ?)", arguments: [key, value])
      }
      return outcomes
    }
  }

  public func meta(_ key: String) async throws -> String? {
    try await writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM catalog_meta WHERE key = ?", arguments: [key]) }
  }

  public struct ExerciseQuery: Sendable {
    public enum Order: Sendable { case relevance, name, newest, easiest }
    public var match: String?
    /// The query's words, to rank exercises whose name holds them all first.
    public var words: [String] = []
    public var muscles: [Int] = []
    public var equipment: [Int] = []
    public var category: Int?
    public var difficulty: Int?
    public var order = Order.name
    public var limit = 20
    public var offset = 0
    /// Whose private exercises the list holds beside the public ones ("" = none).
    public var viewerID = ""
    /// Only the viewer's private exercises.
    public var mineOnly = false

    public init() {}
  }

  /// One page of matching exercises and how many match in all.
  public func listExercises(_ query: ExerciseQuery) async throws -> (exercises: [ExerciseRecord], total: Int) {
    try await writer.read { db in
      let (rids, total) = try Self.exercisePage(db, query)
      let rows = Dictionary(
        try ExerciseRecord.filter(rids.contains(Column("rid"))).fetchAll(db).map { ($0.rid!, $0) }, uniquingKeysWith: { a, _ in a })
      return (rids.compactMap { rows[$0] }, total)
    }
  }

  /// The same page as `listExercises`, as each exercise's stored `Exercise` message.
  public func listExerciseMessages(_ query: ExerciseQuery) async throws -> (messages: [Data], total: Int) {
    try await writer.read { db in
      let (rids, total) = try Self.exercisePage(db, query)
      let messages = try Self.exerciseMessages(db, rids: rids)
      return (rids.compactMap { messages[$0] }, total)
    }
  }

  /// The rids of one page of matching exercises, in order, and how many match in all.
  private static func exercisePage(_ db: Database, _ query: ExerciseQuery) throws -> (rids: [Int64], total: Int) {
    // `from` and the facet kinds are fixed SQL chosen in code (spliced with `\(sql:)`);
    // every value goes through `SQL` interpolation and is bound as a `?` argument
    // where it appears, so the count and the page share one filter and the ORDER BY
    // words can't get out of step with the WHERE arguments.
    var from = "exercises e"
    var conditions: [SQL] = []
    if let match = query.match {
      from = "exercises_fts JOIN exercises e ON e.rid = exercises_fts.rowid"
      conditions.append("exercises_fts MATCH \(match)")
    }
    func facet(_ kinds: String, _ values: [Int]) {
      // Skipped when empty: GRDB would expand an empty `IN` to an empty subquery.
      guard !values.isEmpty else { return }
      conditions.append(
        """
        e.rid IN (SELECT exercise_rid FROM exercise_facets WHERE kind IN (\(sql: kinds)) \
        AND value IN \(values))
        """)
    }
    conditions.append(query.mineOnly ? "e.owner_id = \(query.viewerID)" : "e.owner_id IN ('', \(query.viewerID))")
    facet("1, 2", query.muscles)
    facet("3", query.equipment)
    if let category = query.category {
      conditions.append("e.category = \(category)")
    }
    if let difficulty = query.difficulty {
      conditions.append("e.difficulty = \(difficulty)")
    }
    let whereClause = conditions.joined(separator: " AND ")
    let filter: SQL = conditions.isEmpty ? "" : "WHERE \(literal: whereClause)"
    let order: SQL
    switch query.order {
    // Exercises named by every word first, the shortest such name first ("romanian":
    // the Romanian deadlift before its single-leg variant); then BM25 with name and
    // aliases weighing most, so a mere mention in a description comes last.
    case .relevance where query.match != nil && !query.words.isEmpty:
      let named = query.words.map { word -> SQL in "instr(e.name_key, \(word)) > 0" }.joined(separator: " AND ")
      order = """
        CASE WHEN \(literal: named) THEN 0 ELSE 1 END, length(e.name_key) - length(replace(e.name_key, ' ', '')),
        bm25(exercises_fts, 10.0, 8.0, 2.0, 1.0), e.name_key, e.rid
        """
    case .relevance where query.match != nil: order = "bm25(exercises_fts, 10.0, 8.0, 2.0, 1.0), e.name_key, e.rid"
    case .relevance, .name: order = "e.name_key, e.rid"
    case .newest: order = "e.rid DESC"
    case .easiest: order = "e.difficulty, e.name_key, e.rid"
    }
    let total = try SQLRequest<Int>(literal: "SELECT COUNT(*) FROM \(sql: from) \(literal: filter)").fetchOne(db) ?? 0
    // Ranks keys only, then the caller reads the page's rows: sorting whole rows
    // (instructions, mistakes...) of every match would copy far more than the 20 shown.
    let rids = try SQLRequest<Int64>(
      literal: """
        SELECT e.rid FROM \(sql: from) \(literal: filter) ORDER BY \(literal: order) LIMIT \(query.limit) OFFSET \(query.offset)
        """
    ).fetchAll(db)
    return (rids, total)
  }

  /// The exercises among `ids` that exist and `userID` may use: the public ones and
  /// their own (plan's batch check).
  public func exercises(ids: [String], for userID: String = "") async throws -> [ExerciseRecord] {
    guard !ids.isEmpty else { return [] }
    return try await writer.read { db in
      try ExerciseRecord.filter(Array(Set(ids)).contains(Column("id")) && [userID, ""].contains(Column("owner_id"))).fetchAll(db)
    }
  }

  /// Exercises for a level: that level first, then the nearest, each by name.
  public func recommendExercises(level: Int, limit: Int, offset: Int) async throws -> [ExerciseRecord] {
    try await writer.read { db in
      try ExerciseRecord.filter(Column("owner_id") == "").order(abs(Column("difficulty") - level), Column("name_key"), Column("rid"))
        .limit(limit, offset: offset).fetchAll(db)
    }
  }

  static func exerciseRID(_ db: Database, slug: String) throws -> Int64? {
    try Int64.fetchOne(db, sql: "SELECT rid FROM exercises WHERE slug = ?", arguments: [slug])
  }

  /// Rewrites the exercise's facet rows and text-search row.
  static func indexExercise(_ db: Database, _ record: ExerciseRecord, searchFacets: String) throws {
    guard let rid = record.rid else { return }
    try db.execute(sql: "DELETE FROM exercise_facets WHERE exercise_rid = ?", arguments: [rid])
    let facets = Set(
      record.primaryMuscles.map { Facet(kind: 1, value: $0) } + record.secondaryMuscles.map { Facet(kind: 2, value: $0) }
        + record.equipment.map { Facet(kind: 3, value: $0) })
    for facet in facets {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO exercise_facets (kind, value, exercise_rid) VALUES (?, ?, ?)")
        .execute(arguments: [facet.kind, facet.value, rid])
    }
    try db.execute(sql: "DELETE FROM exercises_fts WHERE rowid = ?", arguments: [rid])
    try db.execute(
      sql: "INSERT INTO exercises_fts (rowid, name, aliases, facets, description) VALUES (?, ?, ?, ?, ?)",
      arguments: [rid, record.name, record.aliases.joined(separator: " "), searchFacets, record.description])
  }

  private struct Facet: Hashable {
    var kind: Int
    var value: Int
  }
}

/// When votes and reports hide a program on their own (DESIGN: "a program whose score
/// falls below a set threshold after enough votes is hidden automatically").
public struct ModerationRules: Sendable, Equatable {
  /// Hidden when the Wilson score falls below this…
  public var hideBelowScore = 0.1
  /// …once at least this many have voted.
  public var minimumVotes = 10
  /// Hidden after this many distinct open reports.
  public var hideAfterReports = 5
  /// Reports one user may file in 24 hours: enough for anyone reporting what they saw,
  /// too few to flood the moderators' queue.
  public var reportsPerDay = 20

  public init(hideBelowScore: Double = 0.1, minimumVotes: Int = 10, hideAfterReports: Int = 5, reportsPerDay: Int = 20) {
    self.hideBelowScore = hideBelowScore
    self.minimumVotes = minimumVotes
    self.hideAfterReports = hideAfterReports
    self.reportsPerDay = reportsPerDay
  }
}
