import Foundation
import GRDB
import GymStore

extension PlanStore {
  public struct PersonName: Sendable, Equatable {
    public var userID: String
    public var username: String
    public var displayName: String
    /// First and last name, shown only to the person's trainers.
    public var givenName: String
    public var familyName: String

    public init(userID: String, username: String, displayName: String, givenName: String = "", familyName: String = "") {
      self.userID = userID
      self.username = username
      self.displayName = displayName
      self.givenName = givenName
      self.familyName = familyName
    }
  }

  public struct ClientRow: Sendable, Equatable {
    public var person: PersonName
    public var since: Date
    public var lastSessionAt: Date?
    public var finishedSessionAlerts = false
  }

  public func rememberPeople(_ people: [PersonName], now: Date) async throws {
    try await writer.write { db in try Self.remember(db, people, now: now) }
  }

  static func remember(_ db: Database, _ people: [PersonName], now: Date) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO people (user_id, username, display_name, given_name, family_name, name_key, refreshed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name,
          given_name = excluded.given_name, family_name = excluded.family_name, name_key = excluded.name_key,
          refreshed_at = excluded.refreshed_at
        """)
    for person in people {
      // A trainer finds a client by any of their names.
      let key = [person.displayName, person.username, person.givenName, person.familyName].joined(separator: " ")
        .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      try statement.execute(arguments: [person.userID, person.username, person.displayName, person.givenName, person.familyName, key, now])
    }
  }

  public func people(_ ids: [String]) async throws -> [String: PersonName] {
    guard !ids.isEmpty else { return [:] }
    return try await writer.read { db in
      var names: [String: PersonName] = [:]
      for row in try SQLRequest<Row>(literal: "SELECT * FROM people WHERE user_id IN \(Array(Set(ids)))").fetchAll(db) {
        names[row["user_id"]] = PersonName(userID: row["user_id"], username: row["username"], displayName: row["display_name"])
      }
      return names
    }
  }

  /// Ends the relation from either side; the client keeps every assigned copy.
  public func removeClient(trainerID: String, clientID: String, now: Date) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM trainer_clients WHERE trainer_id = ? AND client_id = ?", arguments: [trainerID, clientID])
      guard db.changesCount == 1 else { throw GymError.notFound("no such client") }
      try Self.coachingChanged(db, trainerID: trainerID, clientID: clientID, active: false, now: now)
    }
  }

  static func isClient(_ db: Database, _ clientID: String, of trainerID: String) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM trainer_clients WHERE trainer_id = ? AND client_id = ?)", arguments: [trainerID, clientID]
    ) ?? false
  }

  /// A trainer's clients by display name, optionally only those whose names hold every word.
  public func clients(trainerID: String, words: [String], limit: Int, offset: Int) async throws -> [ClientRow] {
    let conditions: [SQL] =
      ["c.trainer_id = \(trainerID)"]
      + words.map { word in
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return "p.name_key LIKE \(LikePattern.containing(folded)) ESCAPE '\\'"
      }
    return try await writer.read { db in try Self.clientRows(db, where: conditions, limit: limit, offset: offset) }
  }

  /// One client of the trainer's, as the list shows them; nil when not the trainer's client.
  public func client(_ clientID: String, of trainerID: String) async throws -> ClientRow? {
    try await writer.read { db in
      try Self.clientRows(db, where: ["c.trainer_id = \(trainerID)", "c.client_id = \(clientID)"], limit: 1, offset: 0).first
    }
  }

  private static func clientRows(_ db: Database, where conditions: [SQL], limit: Int, offset: Int) throws -> [ClientRow] {
    try SQLRequest<Row>(
      literal: """
        SELECT p.*, c.since, c.alert_finished,
          (SELECT MAX(s.started_at) FROM sessions s WHERE s.owner_id = c.client_id AND s.state = 2) AS last_session
        FROM trainer_clients c JOIN people p ON p.user_id = c.client_id
        WHERE \(literal: conditions.joined(separator: " AND "))
        ORDER BY p.name_key, p.user_id LIMIT \(limit) OFFSET \(offset)
        """
    ).fetchAll(db).map { row in
      ClientRow(
        person: PersonName(
          userID: row["user_id"], username: row["username"], displayName: row["display_name"], givenName: row["given_name"],
          familyName: row["family_name"]),
        since: row["since"], lastSessionAt: row["last_session"], finishedSessionAlerts: row["alert_finished"])
    }
  }

  /// Turns the trainer's alerts of this client's workouts on or off; the client after,
  /// nil when not the trainer's client.
  public func setClientAlerts(trainerID: String, clientID: String, finishedSessions: Bool) async throws -> ClientRow? {
    try await writer.write { db in
      try db.execute(
        sql: "UPDATE trainer_clients SET alert_finished = ? WHERE trainer_id = ? AND client_id = ?",
        arguments: [finishedSessions, trainerID, clientID])
      return try Self.clientRows(db, where: ["c.trainer_id = \(trainerID)", "c.client_id = \(clientID)"], limit: 1, offset: 0).first
    }
  }

  /// Tells each trainer of the session's owner who asked for it that the workout is done,
  /// through plan's outbox (one notification per session), inside the finishing transaction.
  static func alertTrainers(_ db: Database, session: SessionRecord, now: Date) throws {
    // Only those still trainers in good standing (a demoted or banned one keeps the row
    // until the relation ends); one plan has not heard of yet is taken at its word.
    let trainers = try String.fetchAll(
      db,
      sql: """
        SELECT c.trainer_id FROM trainer_clients c LEFT JOIN user_projection u ON u.user_id = c.trainer_id
        WHERE c.client_id = ? AND c.alert_finished = 1
          AND (u.user_id IS NULL OR (u.role = 'trainer' AND NOT (u.banned AND (u.banned_until IS NULL OR u.banned_until > ?))))
        """, arguments: [session.ownerID, now])
    guard !trainers.isEmpty, let summary = session.summary else { return }
    let person = try Row.fetchOne(db, sql: "SELECT username, display_name FROM people WHERE user_id = ?", arguments: [session.ownerID])
    let name = person.map { ($0["display_name"] as String).isEmpty ? $0["username"] : $0["display_name"] } ?? "Your client"
    var body = "\(session.name): \(summary.sets) \(summary.sets == 1 ? "set" : "sets"), \(Int(summary.volumeKg.rounded())) kg"
    if !summary.newRecords.isEmpty {
      body += ", \(summary.newRecords.count) new \(summary.newRecords.count == 1 ? "record" : "records")"
    }
    for trainer in trainers {
      try enqueue(
        db,
        NotificationJob(
          userID: trainer, kind: "client-session", title: "\(name) finished a workout", body: body, reference: session.ownerID,
          key: "client-session:\(session.id)", aboutUserID: session.ownerID),
        now: now)
    }
  }

  public func trainers(of clientID: String) async throws -> [String] {
    try await writer.read { db in
      try String.fetchAll(db, sql: "SELECT trainer_id FROM trainer_clients WHERE client_id = ? ORDER BY since", arguments: [clientID])
    }
  }

  /// The routine for its owner, or for the trainer who assigned it while the owner is
  /// still their client; nil otherwise (as for one that does not exist).
  public func routine(id: String, accessibleBy userID: String) async throws -> RoutineRecord? {
    try await writer.read { db in try Self.accessibleRoutine(db, id: id, userID: userID) }
  }

  static func accessibleRoutine(_ db: Database, id: String, userID: String) throws -> RoutineRecord? {
    guard let routine = try RoutineRecord.filter(Column("id") == id).fetchOne(db) else { return nil }
    if routine.ownerID == userID { return routine }
    if routine.assignedBy == userID, try isClient(db, routine.ownerID, of: userID) { return routine }
    return nil
  }

  /// A copy of the trainer's routine for the client, marked as assigned by the trainer.
  /// The trainer's routine copied to the client, with `schedule` (entries of the copy,
  /// the client's) on the client's calendar, in one transaction.
  ///   - key: the trainer's idempotency key: used before, the copy it made and the copy's
  ///     entries as they are now.
  public func assignRoutine(
    _ copy: RoutineRecord, trainerID: String, schedule: [ScheduleEntryRecord] = [], key: IdempotencyKeys.Key? = nil
  ) async throws -> (routine: RoutineRecord, schedule: [ScheduleEntryRecord]) {
    try await writer.write { [limits] db in
      guard try Self.isClient(db, copy.ownerID, of: trainerID) else { throw GymError.notFound("no such client") }
      return try IdempotencyKeys.once(
        db, key,
        existing: { id in
          guard let made = try Self.routine(db, id: id, ownerID: copy.ownerID) else { throw IdempotencyKeys.gone("routine copy", id) }
          return (made, try Self.scheduleEntries(db, where: "r.rid = \(made.rid)"))
        },
        create: {
          try Self.requireRoutineRoom(db, ownerID: copy.ownerID, limits: limits, forClient: true)
          var record = copy
          record.assignedBy = trainerID
          try record.insert(db)
          let entries = try schedule.enumerated().map { index, entry in
            var entry = entry
            entry.ownerID = copy.ownerID
            entry.routineID = copy.id
            do {
              return try Self.insertScheduleEntry(db, entry, limits: limits)
            } catch PlanError.noSuchRoutineDay(let days, _) {
              throw PlanError.noSuchRoutineDay(days: days, field: "schedule[\(index)].day_index")
            }
          }
          return (record, entries)
        }, id: \.0.id)
    }
  }
}
