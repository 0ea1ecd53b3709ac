import Foundation
import GRDB
import GymStore

/// Members' progress photos, and messaging's copy of plan's coaching relations: a photo
/// shared with trainers is seen by those coaching its owner now.
extension MessagingStore {
  public struct ProgressPhotoRecord: Sendable, Equatable {
    public var id: String
    public var userID: String
    public var attachment: AttachmentRecord
    public var takenOn: LocalDate
    public var note: String
    public var sharedWithTrainer: Bool
    public var createdAt: Date

    init(_ row: Row) {
      id = row["photo_id"]
      userID = row["user_id"]
      attachment = AttachmentRecord(row: row)
      takenOn = LocalDate(row["taken_on"] as String) ?? LocalDate(daysSinceEpoch: 0)
      note = row["note"]
      sharedWithTrainer = row["shared_with_trainer"]
      createdAt = row["photo_created_at"]
    }
  }

  /// What the owner says of a photo: replaced whole on update.
  public struct ProgressPhotoDetails: Sendable, Equatable {
    public var takenOn: LocalDate
    public var note: String
    public var sharedWithTrainer: Bool

    public init(takenOn: LocalDate, note: String, sharedWithTrainer: Bool) {
      self.takenOn = takenOn
      self.note = note
      self.sharedWithTrainer = sharedWithTrainer
    }
  }

  private static let photoColumns = """
    SELECT a.*, p.id AS photo_id, p.user_id, p.taken_on, p.note, p.shared_with_trainer, p.created_at AS photo_created_at
    FROM progress_photos p JOIN attachments a ON a.rid = p.attachment_rid
    """

  /// A photo of `userID`'s upload `attachmentID`. Throws NOT_FOUND's `unknownUpload` when
  /// it is not their upload, `pictureInUse` when another photo shows it, and
  /// `tooManyProgressPhotos` at `limit` photos.
  public func addProgressPhoto(
    id: String, userID: String, attachmentID: String, details: ProgressPhotoDetails, limit: Int, key: IdempotencyKeys.Key? = nil, now: Date
  ) async throws -> ProgressPhotoRecord {
    try await writer.write { db in
      try IdempotencyKeys.once(
        db, key,
        existing: { made in
          guard let photo = try Self.progressPhoto(db, id: made), photo.userID == userID else { throw IdempotencyKeys.gone("progress photo", made) }
          return photo
        },
        create: {
          guard let rid = try Int64.fetchOne(db, sql: "SELECT rid FROM attachments WHERE id = ? AND owner_id = ?", arguments: [attachmentID, userID])
          else { throw MessagingError.unknownUpload(attachmentID) }
          if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM progress_photos WHERE attachment_rid = ?)", arguments: [rid]) == true {
            throw MessagingError.pictureInUse(attachmentID)
          }
          let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM progress_photos WHERE user_id = ?", arguments: [userID]) ?? 0
          guard held < limit else { throw MessagingError.tooManyProgressPhotos(limit: limit) }
          try db.execute(
            sql: """
              INSERT INTO progress_photos (id, user_id, attachment_rid, taken_on, note, shared_with_trainer, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [id, userID, rid, details.takenOn.description, details.note, details.sharedWithTrainer, now])
          return try Self.progressPhoto(db, id: id)!
        }, id: \.id)
    }
  }

  /// Replaces a photo's details; nil when `userID` has no such photo.
  public func updateProgressPhoto(id: String, userID: String, details: ProgressPhotoDetails) async throws -> ProgressPhotoRecord? {
    try await writer.write { db in
      try db.execute(
        sql: "UPDATE progress_photos SET taken_on = ?, note = ?, shared_with_trainer = ? WHERE id = ? AND user_id = ?",
        arguments: [details.takenOn.description, details.note, details.sharedWithTrainer, id, userID])
      return db.changesCount == 1 ? try Self.progressPhoto(db, id: id) : nil
    }
  }

  /// False when `userID` has no such photo. The upload stays until the cleanup of uploads
  /// nothing uses takes it.
  public func deleteProgressPhoto(id: String, userID: String) async throws -> Bool {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM progress_photos WHERE id = ? AND user_id = ?", arguments: [id, userID])
      return db.changesCount == 1
    }
  }

  /// `ownerID`'s photos by the day taken, newest first: all of them, or only those shared
  /// with trainers (`sharedOnly`).
  public func progressPhotos(
    ownerID: String, from: LocalDate?, to: LocalDate?, sharedOnly: Bool, limit: Int, offset: Int
  ) async throws -> [ProgressPhotoRecord] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        SQLRequest<Row>(
          literal: """
            \(sql: Self.photoColumns)
            WHERE p.user_id = \(ownerID) AND (NOT \(sharedOnly) OR p.shared_with_trainer)
              AND (\(from?.description) IS NULL OR p.taken_on >= \(from?.description))
              AND (\(to?.description) IS NULL OR p.taken_on <= \(to?.description))
            ORDER BY p.taken_on DESC, p.rid DESC LIMIT \(limit) OFFSET \(offset)
            """)
      ).map(ProgressPhotoRecord.init)
    }
  }

  /// Whether `trainerID` coaches `clientID` now and neither has blocked the other: what a
  /// trainer needs to see the client's shared photos.
  public func coachesUnblocked(trainerID: String, clientID: String) async throws -> Bool {
    try await writer.read { db in
      try Self.coaches(db, trainerID: trainerID, clientID: clientID) && !Self.blocked(db, trainerID, clientID)
    }
  }

  static func coaches(_ db: Database, trainerID: String, clientID: String) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM coaching WHERE trainer_id = ? AND client_id = ? AND active)",
      arguments: [trainerID, clientID]) ?? false
  }

  /// Records a relation unless a newer change for the pair was applied; true when applied.
  public func setCoaching(trainerID: String, clientID: String, active: Bool, version: Int64) async throws -> Bool {
    try await writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO coaching (trainer_id, client_id, active, version) VALUES (?, ?, ?, ?)
          ON CONFLICT (client_id, trainer_id) DO UPDATE SET active = excluded.active, version = excluded.version
          WHERE excluded.version > coaching.version
          """,
        arguments: [trainerID, clientID, active, version])
      return db.changesCount > 0
    }
  }

  /// True for the attachment `a` when it is a progress photo's picture.
  static let progressPhoto = "EXISTS (SELECT 1 FROM progress_photos pg WHERE pg.attachment_rid = a.rid)"

  /// True for the attachment `a` when it is a photo shared with trainers and `viewer`
  /// coaches its owner now.
  static func sharedWithTrainer(viewer: String) -> SQL {
    """
    EXISTS (SELECT 1 FROM progress_photos pg JOIN coaching c ON c.client_id = pg.user_id
      WHERE pg.attachment_rid = a.rid AND pg.shared_with_trainer AND c.trainer_id = \(viewer) AND c.active)
    """
  }

  private static func progressPhoto(_ db: Database, id: String) throws -> ProgressPhotoRecord? {
    try Row.fetchOne(db, sql: "\(photoColumns) WHERE p.id = ?", arguments: [id]).map(ProgressPhotoRecord.init)
  }
}
