import Foundation
import GRDB
import GymStore

/// Consent to coaching: a member's request to a trainer, or a trainer's invitation to a
/// member. Only the addressee's acceptance starts the relation.
extension PlanStore {
  public struct TrainerRequestRecord: Sendable, Equatable {
    public enum State: Int, Sendable {
      case pending = 1
      case accepted = 2
      case declined = 3
      case cancelled = 4
    }
    public var id: String
    /// Nil for an invitation that reaches no one (no account has the email, or one
    /// that cannot be invited): it looks the same to the trainer as any other.
    public var clientID: String?
    public var trainerID: String
    /// A trainer's invitation (else a member's request).
    public var fromTrainer: Bool
    public var inviteeEmail: String?
    public var message: String
    public var state: State
    public var createdAt: Date
    public var respondedAt: Date?

    /// The user who answers it.
    public var addresseeID: String? { fromTrainer ? clientID : trainerID }
    /// The user who sent it.
    public var senderID: String? { fromTrainer ? trainerID : clientID }

    init(row: Row) {
      id = row["id"]
      clientID = row["client_id"]
      trainerID = row["trainer_id"]
      fromTrainer = row["from_trainer"]
      inviteeEmail = row["invitee_email"]
      message = row["message"]
      state = State(rawValue: row["state"]) ?? .pending
      createdAt = row["created_at"]
      respondedAt = row["responded_at"]
    }
  }

  /// Pending invitations one trainer may have at once: each holds a row, and one for an
  /// unknown email is never answered.
  public static let pendingInvitationLimit = 100

  /// A member's request to a trainer. A pending invitation from that trainer is
  /// accepted instead (both asked); the notification goes in the same transaction.
  public func requestTrainer(
    id: String, clientID: String, trainerID: String, message: String, now: Date,
    notify: @Sendable (TrainerRequestRecord) -> NotificationJob
  ) async throws -> TrainerRequestRecord {
    try await writer.write { db in
      if try Self.isClient(db, clientID, of: trainerID) {
        throw PlanError.alreadyClient
      }
      if let invitation = try Row.fetchOne(
        db,
        sql: """
          SELECT * FROM trainer_requests WHERE client_id = ? AND trainer_id = ? AND from_trainer = 1 AND state = 1 ORDER BY rid LIMIT 1
          """, arguments: [clientID, trainerID]
      ).map(TrainerRequestRecord.init(row:)) {
        let accepted = try Self.answer(db, invitation, accept: true, now: now)
        try Self.enqueue(db, notify(accepted), now: now)
        return accepted
      }
      do {
        try db.execute(
          sql: """
            INSERT INTO trainer_requests (id, client_id, trainer_id, from_trainer, message, state, created_at)
            VALUES (?, ?, ?, 0, ?, 1, ?)
            """, arguments: [id, clientID, trainerID, message, now])
      } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
        throw PlanError.trainerRequestPending
      }
      let request = try Self.trainerRequest(db, id: id)!
      try Self.enqueue(db, notify(request), now: now)
      return request
    }
  }

  /// A trainer's invitation to the owner of `email`. `clientID` is nil when no account
  /// may receive it; the row is kept all the same so the trainer cannot tell. An
  /// existing relation also makes it unaddressed (the trainer's client list says so).
  public func inviteClient(
    id: String, trainerID: String, email: String, clientID: String?, message: String, now: Date,
    notify: @Sendable (TrainerRequestRecord) -> NotificationJob
  ) async throws -> TrainerRequestRecord {
    try await writer.write { db in
      let pending =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM trainer_requests WHERE trainer_id = ? AND from_trainer = 1 AND state = 1", arguments: [trainerID]) ?? 0
      guard pending < Self.pendingInvitationLimit else {
        throw PlanError.quotaExceeded(
          "you have \(Self.pendingInvitationLimit) invitations pending; cancel some (CancelTrainerRequest) before inviting more")
      }
      var addressee = clientID
      if let client = clientID, try Self.isClient(db, client, of: trainerID) { addressee = nil }
      do {
        try db.execute(
          sql: """
            INSERT INTO trainer_requests (id, client_id, trainer_id, from_trainer, invitee_email, message, state, created_at)
            VALUES (?, ?, ?, 1, ?, ?, 1, ?)
            """, arguments: [id, addressee, trainerID, email, message, now])
      } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
        throw PlanError.invitationPending(email: email)
      }
      let invitation = try Self.trainerRequest(db, id: id)!
      if addressee != nil { try Self.enqueue(db, notify(invitation), now: now) }
      return invitation
    }
  }

  /// A request or invitation addressed to `userID`, for any state; nil otherwise.
  public func trainerRequest(id: String, addressedTo userID: String) async throws -> TrainerRequestRecord? {
    try await writer.read { db in
      try Self.trainerRequest(db, id: id).flatMap { $0.addresseeID == userID ? $0 : nil }
    }
  }

  static func trainerRequest(_ db: Database, id: String) throws -> TrainerRequestRecord? {
    try Row.fetchOne(db, sql: "SELECT * FROM trainer_requests WHERE id = ?", arguments: [id]).map(TrainerRequestRecord.init(row:))
  }

  /// Only the addressee answers, once; accepting starts the relation and closes any
  /// other pending request between the two. `notify` says whom to tell, if anyone.
  public func respondTrainerRequest(
    id: String, addresseeID: String, accept: Bool, now: Date, notify: @Sendable (TrainerRequestRecord) -> NotificationJob?
  ) async throws -> TrainerRequestRecord {
    try await writer.write { db in
      guard let request = try Self.trainerRequest(db, id: id), request.addresseeID == addresseeID else {
        throw GymError.notFound("no request with id \(id) addressed to you")
      }
      guard request.state == .pending else {
        throw GymError.failedPrecondition(request.state == .cancelled ? "this request was withdrawn" : "this request was already answered")
      }
      let answered = try Self.answer(db, request, accept: accept, now: now)
      if let job = notify(answered) { try Self.enqueue(db, job, now: now) }
      return answered
    }
  }

  private static func answer(_ db: Database, _ request: TrainerRequestRecord, accept: Bool, now: Date) throws -> TrainerRequestRecord {
    var answered = request
    answered.state = accept ? .accepted : .declined
    answered.respondedAt = now
    try db.execute(
      sql: "UPDATE trainer_requests SET state = ?, responded_at = ? WHERE id = ?", arguments: [answered.state.rawValue, now, request.id])
    if accept, let clientID = request.clientID {
      try db.execute(
        sql: "INSERT INTO trainer_clients (trainer_id, client_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [request.trainerID, clientID, now])
      if db.changesCount == 1 { try coachingChanged(db, trainerID: request.trainerID, clientID: clientID, active: true, now: now) }
      try db.execute(
        sql: "UPDATE trainer_requests SET state = 2, responded_at = ? WHERE client_id = ? AND trainer_id = ? AND state = 1",
        arguments: [now, clientID, request.trainerID])
    }
    return answered
  }

  /// Whoever sent a pending request or invitation withdraws it.
  public func cancelTrainerRequest(id: String, senderID: String, now: Date) async throws -> TrainerRequestRecord {
    try await writer.write { db in
      guard var request = try Self.trainerRequest(db, id: id), request.senderID == senderID else {
        throw GymError.notFound("no request with id \(id) sent by you")
      }
      guard request.state == .pending else { throw GymError.failedPrecondition("this request is no longer pending") }
      request.state = .cancelled
      request.respondedAt = now
      try db.execute(sql: "UPDATE trainer_requests SET state = 4, responded_at = ? WHERE id = ?", arguments: [now, id])
      return request
    }
  }

  /// Requests addressed to (incoming) or sent by `userID` in `state`, newest first.
  public func trainerRequests(
    userID: String, incoming: Bool, state: TrainerRequestRecord.State, limit: Int, offset: Int
  ) async throws -> [TrainerRequestRecord] {
    try await writer.read { db in
      // Members address trainers; trainers' invitations address members.
      let (memberSide, trainerSide) = incoming ? (1, 0) : (0, 1)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM trainer_requests
          WHERE state = ? AND ((client_id = ? AND from_trainer = ?) OR (trainer_id = ? AND from_trainer = ?))
          ORDER BY rid DESC LIMIT ? OFFSET ?
          """, arguments: [state.rawValue, userID, memberSide, userID, trainerSide, limit, offset]
      ).map(TrainerRequestRecord.init(row:))
    }
  }

  static func enqueue(_ db: Database, _ job: NotificationJob, now: Date) throws {
    try Outbox.enqueue(db, destination: .messaging, kind: .notification, payload: try JSONEncoder().encode(job), now: now)
  }
}

/// A notification for messaging's `Notify`, delivered by plan's outbox so that a
/// messaging outage delays it and never loses it.
public struct NotificationJob: Codable, Sendable, Equatable {
  public var userID: String
  public var kind: String
  public var title: String
  public var body: String
  public var reference: String
  /// Messaging shows one notification per key.
  public var key: String
  /// The other party, named in the title: messaging removes the notification when that
  /// account is deleted. nil in jobs queued before it existed.
  public var aboutUserID: String?

  public init(userID: String, kind: String, title: String, body: String, reference: String, key: String, aboutUserID: String? = nil) {
    self.userID = userID
    self.kind = kind
    self.title = title
    self.body = body
    self.reference = reference
    self.key = key
    self.aboutUserID = aboutUserID
  }
}
