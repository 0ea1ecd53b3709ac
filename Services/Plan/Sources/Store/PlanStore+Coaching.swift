import Foundation
import GRDB
import GymStore

extension PlanStore {
  public struct PersonName: Sendable, Equatable {
    public var userID: String
    public var username: String
    public var displayName: String

    public init(userID: String, username: String, displayName: String) {
      self.userID = userID
      self.username = username
      self.displayName = displayName
    }
  }

  public struct ClientRow: Sendable, Equatable {
    public var person: PersonName
    public var since: Date
    public var lastSessionAt: Date?
  }

  public struct TrainerRequestRecord: Sendable, Equatable {
    public enum State: Int, Sendable { case pending = 1, accepted = 2, declined = 3 }
    public var id: String
    public var clientID: String
    public var trainerID: String
    public var message: String
    public var state: State
    public var createdAt: Date

    init(row: Row) {
      id = row["id"]
      clientID = row["client_id"]
      trainerID = row["trainer_id"]
      message = row["message"]
      state = State(rawValue: row["state"]) ?? .pending
      createdAt = row["created_at"]
    }
  }

  public func rememberPeople(_ people: [PersonName], now: Date) async throws {
    try await writer.write { db in try Self.remember(db, people, now: now) }
  }

  static func remember(_ db: Database, _ people: [PersonName], now: Date) throws {
    let statement = try db.cachedStatement(sql: """
      INSERT INTO people (user_id, username, display_name, name_key, refreshed_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name,
        name_key = excluded.name_key, refreshed_at = excluded.refreshed_at
      """)
    for person in people {
      let key = (person.displayName + " " + person.username).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      try statement.execute(arguments: [person.userID, person.username, person.displayName, key, now])
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

  /// Makes `clientID` a client of `trainerID` (an accepted request or AddClient).
  public func addClient(trainerID: String, clientID: String, now: Date) async throws {
    try await writer.write { db in
      try db.execute(
        sql: "INSERT INTO trainer_clients (trainer_id, client_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [trainerID, clientID, now])
      guard db.changesCount == 1 else { throw PlanError.alreadyExists(field: "email", "this user is already your client") }
    }
  }

  /// Ends the relation from either side; the client keeps every assigned copy.
  public func removeClient(trainerID: String, clientID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM trainer_clients WHERE trainer_id = ? AND client_id = ?", arguments: [trainerID, clientID])
      guard db.changesCount == 1 else { throw PlanError.notFound("no such client") }
    }
  }

  public func isClient(_ clientID: String, of trainerID: String) async throws -> Bool {
    try await writer.read { db in try Self.isClient(db, clientID, of: trainerID) }
  }

  static func isClient(_ db: Database, _ clientID: String, of trainerID: String) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM trainer_clients WHERE trainer_id = ? AND client_id = ?)", arguments: [trainerID, clientID]
    ) ?? false
  }

  /// A trainer's clients by display name, optionally only those whose names hold every word.
  public func clients(trainerID: String, words: [String], limit: Int, offset: Int) async throws -> [ClientRow] {
    try await writer.read { db in
      var conditions: [SQL] = ["c.trainer_id = \(trainerID)"]
      for word in words {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        conditions.append("p.name_key LIKE \(LikePattern.containing(folded)) ESCAPE '\\'")
      }
      return try SQLRequest<Row>(literal: """
        SELECT p.*, c.since,
          (SELECT MAX(s.started_at) FROM sessions s WHERE s.owner_id = c.client_id AND s.state = 2) AS last_session
        FROM trainer_clients c JOIN people p ON p.user_id = c.client_id
        WHERE \(literal: conditions.joined(separator: " AND "))
        ORDER BY p.name_key, p.user_id LIMIT \(limit) OFFSET \(offset)
        """).fetchAll(db).map { row in
        ClientRow(
          person: PersonName(userID: row["user_id"], username: row["username"], displayName: row["display_name"]),
          since: row["since"], lastSessionAt: row["last_session"])
      }
    }
  }

  public func trainers(of clientID: String) async throws -> [String] {
    try await writer.read { db in
      try String.fetchAll(db, sql: "SELECT trainer_id FROM trainer_clients WHERE client_id = ? ORDER BY since", arguments: [clientID])
    }
  }

  public func requestTrainer(id: String, clientID: String, trainerID: String, message: String, now: Date) async throws -> TrainerRequestRecord {
    try await writer.write { db in
      if try Self.isClient(db, clientID, of: trainerID) {
        throw PlanError.alreadyExists(field: "trainer_id", "you are already this trainer's client")
      }
      do {
        try db.execute(
          sql: "INSERT INTO trainer_requests (id, client_id, trainer_id, message, state, created_at) VALUES (?, ?, ?, ?, 1, ?)",
          arguments: [id, clientID, trainerID, message, now])
      } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
        throw PlanError.alreadyExists(field: "trainer_id", "a request to this trainer is already pending")
      }
      return TrainerRequestRecord(row: try Row.fetchOne(db, sql: "SELECT * FROM trainer_requests WHERE id = ?", arguments: [id])!)
    }
  }

  /// Only the addressed trainer answers, once; accepting makes the requester a client.
  public func respondTrainerRequest(id: String, trainerID: String, accept: Bool, now: Date) async throws -> TrainerRequestRecord {
    try await writer.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM trainer_requests WHERE id = ? AND trainer_id = ?", arguments: [id, trainerID])
      else { throw PlanError.notFound("no request with id \(id) addressed to you") }
      var request = TrainerRequestRecord(row: row)
      guard request.state == .pending else { throw PlanError.failedPrecondition("this request was already answered") }
      request.state = accept ? .accepted : .declined
      try db.execute(
        sql: "UPDATE trainer_requests SET state = ?, responded_at = ? WHERE id = ?", arguments: [request.state.rawValue, now, id])
      if accept {
        try db.execute(
          sql: "INSERT INTO trainer_clients (trainer_id, client_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
          arguments: [trainerID, request.clientID, now])
      }
      return request
    }
  }

  public func trainerRequests(
    userID: String, incoming: Bool, state: TrainerRequestRecord.State, limit: Int, offset: Int
  ) async throws -> [TrainerRequestRecord] {
    try await writer.read { db in
      try Row.fetchAll(db, sql: """
        SELECT * FROM trainer_requests WHERE \(incoming ? "trainer_id" : "client_id") = ? AND state = ?
        ORDER BY rid DESC LIMIT ? OFFSET ?
        """, arguments: [userID, state.rawValue, limit, offset]
      ).map(TrainerRequestRecord.init(row:))
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
  public func assignRoutine(_ copy: RoutineRecord, trainerID: String) async throws -> RoutineRecord {
    try await writer.write { db in
      guard try Self.isClient(db, copy.ownerID, of: trainerID) else { throw PlanError.notFound("no such client") }
      var record = copy
      record.assignedBy = trainerID
      try record.insert(db)
      return record
    }
  }
}
