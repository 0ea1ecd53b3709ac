import Foundation
import GRDB
import Logging

/// A client's own id for a create it may send more than once (written offline and
/// sent when back online, or sent again after a lost answer). Stores record it with the
/// id of what the create made, in the create's transaction, so a retry answers with
/// that object instead of making a second one. Keys are kept for `retentionDays`.
public enum IdempotencyKeys {
  public static let retentionDays = 90

  public struct Key: Sendable, Equatable {
    public var ownerID: String
    public var key: String
    /// The RPC, e.g. "CreateRoutine": a key names one create.
    public var method: String
    /// A digest of the request without its key: the same key with other fields is a
    /// client's mistake, refused rather than answered with the first object.
    public var fingerprint: Data

    public init(ownerID: String, key: String, method: String, fingerprint: Data) {
      self.ownerID = ownerID
      self.key = key
      self.method = method
      self.fingerprint = fingerprint
    }
  }

  /// Adds the `idempotency_keys` table; call once from a service's migrator (never edited after).
  public static func registerMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("idempotency-keys-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE idempotency_keys (
            owner_id TEXT NOT NULL,
            key TEXT NOT NULL,
            method TEXT NOT NULL,
            fingerprint BLOB NOT NULL,
            object_id TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (owner_id, key)
          ) WITHOUT ROWID;
          CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at);
          """)
    }
  }

  /// The id made under `key` before, or nil for a key not used yet. A key used for
  /// another create, or with other fields, is refused (INVALID_ARGUMENT).
  public static func created(_ db: Database, _ key: Key) throws -> String? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT method, fingerprint, object_id FROM idempotency_keys WHERE owner_id = ? AND key = ?",
        arguments: [key.ownerID, key.key])
    else { return nil }
    guard row["method"] as String == key.method, row["fingerprint"] as Data == key.fingerprint else {
      throw GymError.invalid([
        FieldViolation(
          "idempotency_key",
          "was used for another request (\(row["method"] as String)) or with other fields; a new create needs a new key")
      ])
    }
    return row["object_id"]
  }

  /// A create under the client's `key`, inside the caller's transaction: a key used
  /// before gives what it made (`existing`, from its id), else `create` runs and what it
  /// made (`id`) is recorded with the key. Without a key, just `create`.
  public static func once<Made>(
    _ db: Database, _ key: Key?, existing: (String) throws -> Made, create: () throws -> Made, id: (Made) -> String
  ) throws -> Made {
    if let key, let made = try created(db, key) { return try existing(made) }
    let result = try create()
    if let key { try record(db, key, objectID: id(result), now: Date()) }
    return result
  }

  /// Records what `key` made, inside the create's transaction.
  public static func record(_ db: Database, _ key: Key, objectID: String, now: Date) throws {
    try db.execute(
      sql: "INSERT INTO idempotency_keys (owner_id, key, method, fingerprint, object_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [key.ownerID, key.key, key.method, key.fingerprint, objectID, now])
  }

  /// The answer to a retry whose object is gone since.
  public static func gone(_ what: String, _ id: String) -> GymError {
    .failedPrecondition("the \(what) this idempotency_key created (\(id)) was deleted since; a new create needs a new key")
  }

  /// Forgets keys recorded before `before`; the number removed.
  public static func prune(_ db: Database, before: Date) throws -> Int {
    try db.execute(sql: "DELETE FROM idempotency_keys WHERE created_at < ?", arguments: [before])
    return db.changesCount
  }

  /// Forgets a user's keys, in their erasure's transaction; the number removed.
  public static func erase(_ db: Database, ownerID: String) throws -> Int {
    try db.execute(sql: "DELETE FROM idempotency_keys WHERE owner_id = ?", arguments: [ownerID])
    return db.changesCount
  }

  /// When keys recorded now stop being kept.
  public static func cutoff(now: Date = Date()) -> Date {
    now.addingTimeInterval(-Double(retentionDays) * 86_400)
  }

  /// Forgets keys past `retentionDays` every `every`: for a service with no periodic
  /// pass of its own to do it in.
  public static func pruner(_ writer: any DatabaseWriter, every: Duration = .seconds(3600), logger: Logger) -> PeriodicService {
    PeriodicService(every: every, failure: "pruning old create keys failed", logger: logger) {
      let removed = try await writer.write { db in try prune(db, before: cutoff()) }
      if removed > 0 { logger.info("old create keys forgotten", metadata: ["keys": "\(removed)"]) }
    }
  }

  /// The user's keys in their data export: which create made what, and when.
  public static func exportTable(userID: String) -> ExportTable {
    ExportTable(
      "idempotency_keys", "SELECT key, method, object_id, created_at FROM idempotency_keys WHERE owner_id = ? ORDER BY created_at, key",
      [userID])
  }
}
