import Foundation
import GRDB
import GymStore

extension MessagingStore {
  public struct AttachmentRecord: Sendable, Equatable {
    public var id: String
    public var ownerID: String
    public var sha256: String
    public var mimeType: String
    public var sizeBytes: Int64
    public var filename: String
    public var createdAt: Date

    public init(id: String, ownerID: String, sha256: String, mimeType: String, sizeBytes: Int64, filename: String, createdAt: Date) {
      self.id = id
      self.ownerID = ownerID
      self.sha256 = sha256
      self.mimeType = mimeType
      self.sizeBytes = sizeBytes
      self.filename = filename
      self.createdAt = createdAt
    }

    init(row: Row) {
      self.init(
        id: row["id"], ownerID: row["owner_id"], sha256: row["sha256"], mimeType: row["mime_type"], sizeBytes: row["size_bytes"],
        filename: row["filename"], createdAt: row["created_at"])
    }
  }

  /// Bytes of attachments `userID` holds.
  public func attachmentBytes(of userID: String) async throws -> Int64 {
    try await writer.read { db in try Self.attachmentBytes(db, of: userID) }
  }

  /// Counts uploads not yet sent and those a message or post still carries: deleting
  /// what carried one gives its bytes back (the cleanup removes it after the same day).
  static func attachmentBytes(_ db: Database, of userID: String) throws -> Int64 {
    try Int64.fetchOne(
      db,
      sql: """
        SELECT COALESCE(SUM(a.size_bytes), 0) FROM attachments a
        WHERE a.owner_id = ? AND (NOT EXISTS (SELECT 1 FROM attachment_uses u WHERE u.attachment_rid = a.rid) OR \(carried))
        """, arguments: [userID]) ?? 0
  }

  /// True for the attachment `a` when a message or post not deleted carries it.
  static let carried = """
    EXISTS (SELECT 1 FROM attachment_uses u
      LEFT JOIN messages m ON m.rid = u.message_rid LEFT JOIN posts p ON p.rid = u.post_rid
      WHERE u.attachment_rid = a.rid AND ((m.rid IS NOT NULL AND m.deleted_reason IS NULL) OR (p.rid IS NOT NULL AND p.deleted_reason IS NULL)))
    """

  /// True for the attachment `a` while its uploader's profile names it as their picture
  /// (auth's avatar_url, as messaging's copy of the user last heard it).
  static let profilePicture = """
    EXISTS (SELECT 1 FROM user_projection pp WHERE pp.user_id = a.owner_id
      AND pp.avatar_url = '\(ProfilePicture.prefix)' || a.id || '\(ProfilePicture.suffix)')
    """

  /// Records an upload; `storeFile` puts its bytes in place inside the same write.
  /// Refused (nothing stored) when it would take its owner past `quotaBytes`: checked
  /// in the write, so uploads finishing together cannot pass it between them.
  public func insertAttachment(
    _ attachment: AttachmentRecord, quotaBytes: Int64 = .max, storeFile: @escaping @Sendable () throws -> Void = {}
  ) async throws {
    try await writer.write { db in
      let used = try Self.attachmentBytes(db, of: attachment.ownerID)
      guard used + attachment.sizeBytes <= quotaBytes else {
        throw MessagingError.attachmentQuota(usedBytes: used, quotaBytes: quotaBytes)
      }
      try storeFile()
      try db.execute(
        sql: """
          INSERT INTO attachments (id, owner_id, sha256, mime_type, size_bytes, filename, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          attachment.id, attachment.ownerID, attachment.sha256, attachment.mimeType, attachment.sizeBytes,
          attachment.filename, attachment.createdAt,
        ])
    }
  }

  /// Links the sender's own uploads to a message or post, in the sending transaction;
  /// an id that is not theirs is refused by name.
  static func attach(_ db: Database, _ ids: [String], ownerID: String, messageRID: Int64?, postRID: Int64?) throws -> [AttachmentRecord] {
    guard !ids.isEmpty else { return [] }
    var records: [AttachmentRecord] = []
    for (position, id) in ids.enumerated() {
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM attachments WHERE id = ? AND owner_id = ?", arguments: [id, ownerID]) else {
        throw MessagingError.unknownAttachment(position: position, id: id)
      }
      try db.execute(
        sql: "INSERT INTO attachment_uses (attachment_rid, message_rid, post_rid, position) VALUES (?, ?, ?, ?)",
        arguments: [row["rid"], messageRID, postRID, position])
      records.append(AttachmentRecord(row: row))
    }
    return records
  }

  /// Attachments of many messages (or posts) at once, in their order.
  static func attachments(_ db: Database, messageRIDs: [Int64] = [], postRIDs: [Int64] = []) throws -> [Int64: [AttachmentRecord]] {
    var result: [Int64: [AttachmentRecord]] = [:]
    if !messageRIDs.isEmpty {
      for row in try SQLRequest<Row>(
        literal: """
          SELECT a.*, u.message_rid AS owner_rid FROM attachment_uses u JOIN attachments a ON a.rid = u.attachment_rid
          WHERE u.message_rid IN \(messageRIDs) ORDER BY u.message_rid, u.position
          """
      ).fetchAll(db) {
        result[row["owner_rid"], default: []].append(AttachmentRecord(row: row))
      }
    }
    if !postRIDs.isEmpty {
      for row in try SQLRequest<Row>(
        literal: """
          SELECT a.*, u.post_rid AS owner_rid FROM attachment_uses u JOIN attachments a ON a.rid = u.attachment_rid
          WHERE u.post_rid IN \(postRIDs) ORDER BY u.post_rid, u.position
          """
      ).fetchAll(db) {
        result[row["owner_rid"], default: []].append(AttachmentRecord(row: row))
      }
    }
    return result
  }

  /// The attachment when `userID` may download it: its uploader, or someone in no block
  /// with the uploader (either way) who is a member of a conversation or room it was
  /// sent to, or who sees a post that carries it, or anyone when it is the profile
  /// picture of an uploader under no ban, or a trainer coaching the uploader when it is a
  /// progress photo shared with trainers; or a moderator (`moderator`) when it is
  /// evidence in a report case. Otherwise nil, as for one that does not exist.
  public func downloadableAttachment(
    id: String, userID: String, moderator: Bool = false, now: Date = Date()
  ) async throws -> AttachmentRecord? {
    try await writer.read { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM attachments WHERE id = ?", arguments: [id]) else { return nil }
      let record = AttachmentRecord(row: row)
      if record.ownerID == userID { return record }
      let rid: Int64 = row["rid"]
      // Only the uploader attaches a file, so the uploader is the sender or the post's
      // author: one block check on them covers every place it was sent.
      let allowed =
        try SQLRequest<Bool>(
          literal: """
            SELECT (\(moderator) AND EXISTS (SELECT 1 FROM report_case_attachments l WHERE l.attachment_rid = a.rid))
            OR \(literal: Self.notBlocked("a.owner_id", viewer: userID)) AND ((\(sql: Self.profilePicture)
              AND \(literal: Self.visibleAuthor("a.owner_id", now: now))) OR \(literal: Self.sharedWithTrainer(viewer: userID)) OR EXISTS (
              SELECT 1 FROM attachment_uses u JOIN messages m ON m.rid = u.message_rid
              LEFT JOIN conversations c ON c.rid = m.conversation_rid
              WHERE u.attachment_rid = a.rid AND m.deleted_reason IS NULL AND (
                c.user_a = \(userID) OR c.user_b = \(userID)
                OR EXISTS (SELECT 1 FROM room_members r WHERE r.room_rid = m.room_rid AND r.user_id = \(userID)))
            ) OR EXISTS (
              SELECT 1 FROM attachment_uses u JOIN posts p ON p.rid = u.post_rid
              WHERE u.attachment_rid = a.rid AND p.deleted_reason IS NULL
                AND \(literal: Self.profileVisible("p.author_id", viewer: userID))
            ))
            FROM attachments a WHERE a.rid = \(rid)
            """
        ).fetchOne(db) ?? false
      return allowed ? record : nil
    }
  }

  /// Deletes uploads made before `cutoff` that no message or post carries (never sent,
  /// or sent with what was deleted since), unless kept as a report's evidence; then the
  /// files no upload uses any more, after the write commits (a file is never gone while
  /// its row could come back). Returns how many uploads went.
  @discardableResult
  public func deleteUnattachedUploads(madeBefore cutoff: Date, files: AttachmentFiles) async throws -> Int {
    let (deleted, hashes) = try await writer.write { db in
      let unattached = """
        FROM attachments a WHERE a.created_at < ? AND NOT \(Self.carried) AND NOT \(Self.profilePicture)
          AND NOT \(Self.progressPhoto)
          AND NOT EXISTS (SELECT 1 FROM report_case_attachments r WHERE r.attachment_rid = a.rid)
        """
      let hashes = try String.fetchAll(db, sql: "SELECT DISTINCT a.sha256 \(unattached)", arguments: [cutoff])
      try db.execute(sql: "DELETE FROM attachments WHERE rid IN (SELECT a.rid \(unattached))", arguments: [cutoff])
      return (db.changesCount, hashes)
    }
    // A file that cannot be removed now stays until an upload of the same bytes goes.
    try await removeUnusedFiles(hashes) { hash in try? files.remove(sha256: hash) }
    return deleted
  }
}
