import Foundation
import GRDB
import GymStore

/// Removing messages and posts: the content leaves every list and every stored event in
/// one transaction, and the open reports on it are closed.
extension MessagingStore {
  /// Admin removal: the message stays in place as deleted, with the reason kept; its
  /// events are scrubbed and its open report cases closed as removed (reporters told).
  /// Returns how many reporters were told.
  public func removeMessage(
    id: String, reason: String, moderatorID: String, now: Date, scrub: @escaping @Sendable (Data) throws -> Data,
    notice: @escaping ReviewNotice
  ) async throws -> Int {
    try await writer.write { db in
      guard try removeMessage(db, id: id, reason: reason, now: now, scrub: scrub) else {
        throw GymError.notFound("no message with id \(id)")
      }
      return try closeCases(
        db, kinds: [.directMessage, .roomMessage], targetID: id, resolution: .removed, reason: reason, moderatorID: moderatorID,
        now: now, notice: notice)
    }
  }

  /// The author's own post (`authorID`), or anyone's by an admin (`moderatorID`: its
  /// open report cases are closed as removed, their reporters told by `notice`).
  /// NOT_FOUND when there is no such post, or it is not the author's, or it is deleted
  /// already. Returns how many reporters were told.
  public func removePost(
    id: String, authorID: String?, reason: String, moderatorID: String? = nil, now: Date,
    scrub: @escaping @Sendable (Data) throws -> Data, notice: ReviewNotice? = nil
  ) async throws -> Int {
    try await writer.write { db in
      guard try removePost(db, id: id, authorID: authorID, reason: reason, now: now, scrub: scrub) else {
        throw GymError.notFound("no post with id \(id)")
      }
      guard let moderatorID, let notice else { return 0 }
      return try closeCases(
        db, kinds: [.post], targetID: id, resolution: .removed, reason: reason, moderatorID: moderatorID, now: now, notice: notice)
    }
  }

  /// Marks the message deleted and scrubs its events; false when there is no such
  /// message. Removing it again updates the reason and scrubs again (events stored before
  /// the scrubbing existed included) without announcing it twice.
  func removeMessage(_ db: Database, id: String, reason: String, now: Date, scrub: (Data) throws -> Data) throws -> Bool {
    guard let row = try Row.fetchOne(db, sql: "SELECT deleted_reason FROM messages WHERE id = ?", arguments: [id]) else { return false }
    let first = (row["deleted_reason"] as String?) == nil
    try db.execute(sql: "UPDATE messages SET deleted_reason = ? WHERE id = ?", arguments: [reason, id])
    try scrubEvents(db, subjectID: id, announce: first, now: now, scrub: scrub)
    return true
  }

  /// Marks the post deleted (the author's own when `authorID` is given); false when there
  /// is no such post left to delete. No event carries a post today; should one, it names
  /// the post as its subject and is scrubbed here like a message's.
  func removePost(_ db: Database, id: String, authorID: String?, reason: String, now: Date, scrub: (Data) throws -> Data) throws -> Bool {
    try db.execute(
      sql: """
        UPDATE posts SET deleted_reason = ? WHERE id = ? AND deleted_reason IS NULL AND (? IS NULL OR author_id = ?)
        """, arguments: [reason, id, authorID, authorID])
    guard db.changesCount == 1 else { return false }
    try scrubEvents(db, subjectID: id, announce: true, now: now, scrub: scrub)
    return true
  }

  /// Rewrites every stored event about `subjectID` with `scrub` (its content gone, its
  /// place and id kept, so cursors stay valid). With `announce`, each log that held one
  /// also gets the scrubbed event as a new event, so open streams and later replays
  /// learn the content is gone.
  func scrubEvents(_ db: Database, subjectID: String, announce: Bool, now: Date, scrub: (Data) throws -> Data) throws {
    // A push still waiting with the content goes too.
    try db.execute(sql: "DELETE FROM push_jobs WHERE subject_id = ?", arguments: [subjectID])
    let rows = try Row.fetchAll(
      db, sql: "SELECT id, user_id, room_rid, kind, payload, about_id FROM events WHERE subject_id = ? ORDER BY id", arguments: [subjectID])
    guard !rows.isEmpty else { return }
    let update = try db.cachedStatement(sql: "UPDATE events SET payload = ? WHERE id = ?")
    var owners: [String] = []
    var latest: [String: EventDraft] = [:]
    var roomEvents: [Int64: EventDraft] = [:]
    for row in rows {
      let scrubbed = try scrub(row["payload"])
      try update.execute(arguments: [scrubbed, row["id"]])
      if let roomRID = row["room_rid"] as Int64? {
        // A room's event is announced once, to the room.
        roomEvents[roomRID] = EventDraft(userID: "", kind: row["kind"], payload: scrubbed, subjectID: subjectID, aboutID: (row["about_id"] as String?) ?? "")
        continue
      }
      let owner: String = row["user_id"]
      if latest[owner] == nil { owners.append(owner) }
      latest[owner] = EventDraft(userID: owner, kind: row["kind"], payload: scrubbed, subjectID: subjectID)
    }
    guard announce else { return }
    try append(db, owners.compactMap { latest[$0] }, now: now)
    for (roomRID, draft) in roomEvents.sorted(by: { $0.key < $1.key }) {
      let readers = try SQLRequest<String>(
        literal: """
          SELECT user_id FROM room_members WHERE room_rid = \(roomRID) AND \(literal: Self.notBlocked("user_id", viewer: draft.aboutID))
          """
      ).fetchAll(db)
      try appendRoomEvent(db, draft, roomRID: roomRID, readers: readers, now: now)
    }
  }
}
