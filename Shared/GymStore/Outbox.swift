import Foundation
import GRDB
import Instrumentation

/// The transactional outbox (docs/architecture.md, "Consistency between services"): a change that
/// must reach another service writes a job here in the same transaction as the change;
/// `OutboxWorker` delivers it with retries until the receiver acknowledges.
public enum Outbox {
  public struct Job: Sendable, Equatable {
    public var id: Int64
    public var destination: Destination
    public var kind: Kind
    public var payload: Data
    public var attempts: Int
    public var createdAt: Date
    /// The W3C `traceparent` of the call that queued it, so its delivery joins that
    /// call's trace (nil: not traced).
    public var traceparent: String? = nil
  }

  /// A job this process has no receiver for (a kind or destination it does not
  /// deliver): its worker keeps it and says so on every attempt.
  public struct UnknownJob: Error, CustomStringConvertible {
    public let job: Job
    public let process: String

    public init(_ job: Job, process: String) {
      self.job = job
      self.process = process
    }

    public var description: String { "\(process) has no receiver for '\(job.kind)' jobs to '\(job.destination)'" }
  }

  public struct Summary: Sendable, Equatable {
    public var destination: Destination
    public var pending: Int
    public var oldestCreatedAt: Date
    public var maxAttempts: Int
    public var lastError: String?
  }

  /// Adds the `outbox` table and its later columns; call once from a service's migrator
  /// (each migration never edited after, new ones added).
  public static func registerMigration(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("outbox-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            destination TEXT NOT NULL,
            kind TEXT NOT NULL,
            payload BLOB NOT NULL,
            created_at DATETIME NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at DATETIME NOT NULL,
            last_error TEXT
          );
          CREATE INDEX outbox_due ON outbox(next_attempt_at);
          """)
    }
    // Right after v1: migrations that come later may queue jobs. A database that has
    // later ones applied already gets this one next (GRDB runs what is missing in order).
    migrator.registerMigration("outbox-v2-traceparent") { db in
      try db.execute(sql: "ALTER TABLE outbox ADD COLUMN traceparent TEXT")
    }
  }

  /// Queues a job inside the caller's transaction, with the current call's trace context
  /// (the transaction runs in the caller's task, so its task-local context is at hand).
  public static func enqueue(_ db: Database, destination: Destination, kind: Kind, payload: Data, now: Date = Date()) throws {
    try db.execute(
      sql: "INSERT INTO outbox (destination, kind, payload, created_at, next_attempt_at, traceparent) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [destination.rawValue, kind.rawValue, payload, now, now, TraceContext.traceparent(of: ServiceContext.current)])
  }

  static func due(_ db: Database, now: Date, limit: Int) throws -> [Job] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT id, destination, kind, payload, attempts, created_at, traceparent FROM outbox
        WHERE next_attempt_at <= ? ORDER BY id LIMIT ?
        """,
      arguments: [now, limit]
    ).map { row in
      Job(
        id: row[0], destination: Destination(rawValue: row[1]), kind: Kind(rawValue: row[2]), payload: row[3],
        attempts: row[4], createdAt: row[5], traceparent: row[6])
    }
  }

  /// Delivered jobs are removed: the receiver has the change.
  static func markDelivered(_ db: Database, id: Int64) throws {
    try db.execute(sql: "DELETE FROM outbox WHERE id = ?", arguments: [id])
  }

  static func markFailed(_ db: Database, id: Int64, error: String, retryAt: Date) throws {
    try db.execute(
      sql: "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?",
      arguments: [String(error.prefix(500)), retryAt, id])
  }

  /// Pending jobs by destination, for operators.
  public static func summary(_ reader: any DatabaseReader) async throws -> [Summary] {
    try await reader.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT destination, COUNT(*) AS pending, MIN(created_at) AS oldest, MAX(attempts) AS max_attempts,
                 (SELECT last_error FROM outbox o2 WHERE o2.destination = o.destination AND last_error IS NOT NULL
                  ORDER BY id DESC LIMIT 1) AS last_error
          FROM outbox o GROUP BY destination ORDER BY destination
          """
      ).map { row in
        Summary(
          destination: Destination(rawValue: row["destination"]), pending: row["pending"], oldestCreatedAt: row["oldest"],
          maxAttempts: row["max_attempts"], lastError: row["last_error"])
      }
    }
  }
}
