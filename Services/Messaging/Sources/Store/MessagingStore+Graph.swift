import Foundation
import GRDB
import GymStore

extension MessagingStore {
  static func blocked(_ db: Database, _ x: String, _ y: String) throws -> Bool {
    try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?))
        """, arguments: [x, y, y, x]) ?? false
  }

  static func requireNotBlocked(_ db: Database, _ x: String, _ y: String, doing what: String) throws {
    if try blocked(db, x, y) { throw GymError.permissionDenied("you cannot \(what) this user: one of you has blocked the other") }
  }

  /// `column` names a user with no block either way with `viewer`: every list and
  /// fan-out that shows one user to another filters with this, inside the query so that
  /// LIMIT and OFFSET count only what is shown. Two probes of the primary key
  /// (blocker_id, blocked_id), one per direction, where an OR could scan.
  static func notBlocked(_ column: String, viewer: String) -> SQL {
    """
    (NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = \(viewer) AND b.blocked_id = \(sql: column))
     AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = \(sql: column) AND b.blocked_id = \(viewer)))
    """
  }

  // MARK: Follows

  /// Follows, or asks to follow a private profile (friends and existing followers
  /// follow at once); true when the follow waits for the owner. A new request tells the
  /// owner once (`request` makes that notification and its events).
  public func follow(
    followerID: String, followeeID: String, now: Date,
    request: @Sendable () throws -> (NotificationRecord, (NotificationRecord) throws -> [EventDraft])
  ) async throws -> Bool {
    try await writer.write { db in
      try Self.requireNotBlocked(db, followerID, followeeID, doing: "follow")
      let following =
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?)", arguments: [followerID, followeeID]
        ) ?? false
      if !following, try Self.isPrivate(db, followeeID), try !Self.friends(db, followerID, followeeID) {
        try db.execute(
          sql: "INSERT INTO follow_requests (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
          arguments: [followerID, followeeID, now])
        if db.changesCount == 1 {
          let (notification, events) = try request()
          _ = try storeNotification(db, notification, idempotencyKey: "follow-request/\(followerID)", events: events)
        }
        return true
      }
      try db.execute(
        sql: "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [followerID, followeeID, now])
      return false
    }
  }

  /// Ends a follow or withdraws a request to follow.
  public func unfollow(followerID: String, followeeID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [followerID, followeeID])
      try db.execute(sql: "DELETE FROM follow_requests WHERE follower_id = ? AND followee_id = ?", arguments: [followerID, followeeID])
    }
  }

  /// Followers (`followers` true) or followees of `userID`, newest first, as `viewerID`
  /// sees them: refused when the two are in a block, as their posts are, and without
  /// anyone in a block with the viewer.
  public func follows(of userID: String, viewerID: String, followers: Bool, limit: Int, offset: Int) async throws -> [String] {
    try await writer.read { db in
      try Self.requireNotBlocked(db, userID, viewerID, doing: "see the follows of")
      try Self.requireProfileVisible(db, owner: userID, viewer: viewerID, showing: "followers and following")
      let (listed, subject) = followers ? ("follower_id", "followee_id") : ("followee_id", "follower_id")
      return try SQLRequest<String>(
        literal: """
          SELECT \(sql: listed) FROM follows WHERE \(sql: subject) = \(userID)
            AND \(literal: Self.notBlocked(listed, viewer: viewerID))
          ORDER BY created_at DESC, \(sql: listed) LIMIT \(limit) OFFSET \(offset)
          """
      ).fetchAll(db)
    }
  }

  // MARK: Friends

  public struct FriendRequestRecord: Sendable, Equatable {
    public enum State: Int, Sendable {
      case pending = 1
      case accepted = 2
      case declined = 3
    }
    public var id: String
    public var fromID: String
    public var toID: String
    public var state: State
    public var createdAt: Date

    init(row: Row) {
      id = row["id"]
      fromID = row["from_id"]
      toID = row["to_id"]
      state = State(rawValue: row["state"]) ?? .pending
      createdAt = row["created_at"]
    }
  }

  /// A pending request to `toID`, with its event. A request the other way that is
  /// still pending is accepted instead: both asked. Under a `key` used before: that
  /// request as it is now, and no second event.
  public func sendFriendRequest(
    id: String, fromID: String, toID: String, key: IdempotencyKeys.Key? = nil, now: Date,
    events: @Sendable (FriendRequestRecord) throws -> [EventDraft]
  ) async throws -> FriendRequestRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { made in
          guard
            let row = try Row.fetchOne(
              db, sql: "SELECT * FROM friend_requests WHERE id = ? AND ? IN (from_id, to_id)", arguments: [made, fromID])
          else { throw IdempotencyKeys.gone("friend request", made) }
          return FriendRequestRecord(row: row)
        },
        create: {
          try Self.requireNotBlocked(db, fromID, toID, doing: "send a friend request to")
          if try Self.friends(db, fromID, toID) { throw MessagingError.alreadyFriends }
          if let reverse = try Row.fetchOne(
            db, sql: "SELECT * FROM friend_requests WHERE from_id = ? AND to_id = ? AND state = 1", arguments: [toID, fromID])
          {
            return try Self.answer(db, FriendRequestRecord(row: reverse), accept: true, now: now)
          }
          do {
            try db.execute(
              sql: "INSERT INTO friend_requests (id, from_id, to_id, state, created_at) VALUES (?, ?, ?, 1, ?)",
              arguments: [id, fromID, toID, now])
          } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw MessagingError.friendRequestPending
          }
          let request = FriendRequestRecord(row: try Row.fetchOne(db, sql: "SELECT * FROM friend_requests WHERE id = ?", arguments: [id])!)
          try append(db, try events(request), now: now)
          try Self.markDigestDue(db, userID: toID, kind: .friendRequest, now: now)
          return request
        }, id: \.id)
    }
  }

  /// Only the addressee answers, once.
  public func respondFriendRequest(id: String, userID: String, accept: Bool, now: Date) async throws -> FriendRequestRecord {
    try await writer.write { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM friend_requests WHERE id = ? AND to_id = ?", arguments: [id, userID]) else {
        throw GymError.notFound("no friend request with id \(id) addressed to you")
      }
      let request = FriendRequestRecord(row: row)
      guard request.state == .pending else { throw GymError.failedPrecondition("this friend request was already answered") }
      return try Self.answer(db, request, accept: accept, now: now)
    }
  }

  private static func answer(_ db: Database, _ request: FriendRequestRecord, accept: Bool, now: Date) throws -> FriendRequestRecord {
    var answered = request
    answered.state = accept ? .accepted : .declined
    try db.execute(
      sql: "UPDATE friend_requests SET state = ?, responded_at = ? WHERE id = ?", arguments: [answered.state.rawValue, now, request.id])
    if accept {
      let (a, b) = pair(request.fromID, request.toID)
      try db.execute(sql: "INSERT INTO friendships (user_a, user_b, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", arguments: [a, b, now])
      if db.changesCount > 0 { try FriendshipChange.enqueue(db, a, b, friends: true, now: now) }
    }
    return answered
  }

  public func removeFriend(_ userID: String, _ friendID: String, now: Date) async throws {
    let (a, b) = Self.pair(userID, friendID)
    try await writer.write { db in try Self.endFriendship(db, a, b, now: now) }
  }

  /// Ends the pair's friendship, if any, and tells auth.
  private static func endFriendship(_ db: Database, _ a: String, _ b: String, now: Date) throws {
    try db.execute(sql: "DELETE FROM friendships WHERE user_a = ? AND user_b = ?", arguments: [a, b])
    if db.changesCount > 0 { try FriendshipChange.enqueue(db, a, b, friends: false, now: now) }
  }

  static func friends(_ db: Database, _ x: String, _ y: String) throws -> Bool {
    let (a, b) = pair(x, y)
    return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM friendships WHERE user_a = ? AND user_b = ?)", arguments: [a, b]) ?? false
  }

  /// Friends of `userID`, most recent friendship first.
  public func friends(of userID: String, limit: Int, offset: Int) async throws -> [String] {
    try await writer.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT CASE WHEN user_a = ? THEN user_b ELSE user_a END FROM friendships WHERE user_a = ? OR user_b = ?
          ORDER BY since DESC LIMIT ? OFFSET ?
          """, arguments: [userID, userID, userID, limit, offset])
    }
  }

  /// Pending requests to (incoming) or from `userID`, newest first.
  public func friendRequests(userID: String, incoming: Bool, limit: Int, offset: Int) async throws -> [FriendRequestRecord] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM friend_requests WHERE \(incoming ? "to_id" : "from_id") = ? AND state = 1 ORDER BY rid DESC LIMIT ? OFFSET ?
          """, arguments: [userID, limit, offset]
      ).map(FriendRequestRecord.init(row:))
    }
  }

  // MARK: Blocks

  /// Blocks both ways: ends a friendship, follows and pending requests between the two.
  public func block(blockerID: String, blockedID: String, now: Date) async throws {
    let (a, b) = Self.pair(blockerID, blockedID)
    try await writer.write { db in
      try db.execute(
        sql: "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        arguments: [blockerID, blockedID, now])
      try Self.endFriendship(db, a, b, now: now)
      for table in ["follows", "follow_requests"] {
        try db.execute(
          sql: "DELETE FROM \(table) WHERE (follower_id = ? AND followee_id = ?) OR (follower_id = ? AND followee_id = ?)",
          arguments: [blockerID, blockedID, blockedID, blockerID])
      }
      try db.execute(
        sql: """
          UPDATE friend_requests SET state = 3, responded_at = ?
          WHERE state = 1 AND ((from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?))
          """, arguments: [now, blockerID, blockedID, blockedID, blockerID])
      // Nothing of either waits to reach the other's phone.
      try db.execute(
        sql: """
          DELETE FROM push_jobs WHERE (about_id = ?1 AND device_rid IN (SELECT rid FROM push_devices WHERE user_id = ?2))
            OR (about_id = ?2 AND device_rid IN (SELECT rid FROM push_devices WHERE user_id = ?1))
          """, arguments: [blockerID, blockedID])
    }
  }

  public func unblock(blockerID: String, blockedID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", arguments: [blockerID, blockedID])
    }
  }
}
