import GRDB
import Instrumentation
import Tracing

/// One span per SQLite transaction of a traced call (GYM_OTLP_ENDPOINT set): from its
/// BEGIN to its COMMIT or ROLLBACK, a child of the call whose statements ran in it (for
/// a group commit, the first traced write of the group). Read from the connection's
/// statement profile, so no store has to say where its transactions are.
final class TransactionSpans: @unchecked Sendable {  // used on its connection's queue only
  private let database: String
  private let operation: String
  private var began: UInt64?
  private var statements = 0
  private var context: ServiceContext?

  private init(database: String, readOnly: Bool) {
    self.database = database
    self.operation = readOnly ? "read" : "write"
  }

  /// Starts observing `db` when the process exports traces.
  static func attach(to db: Database, database: String) {
    guard TraceContext.isEnabled else { return }
    let spans = TransactionSpans(database: database, readOnly: db.configuration.readonly)
    db.trace(options: .profile) { [unowned db] event in
      spans.observe(event, inTransaction: db.isInsideTransaction)
    }
  }

  private func observe(_ event: Database.TraceEvent, inTransaction: Bool) {
    guard case .profile(let statement, let duration) = event else { return }
    let now = DefaultTracerClock.now.nanosecondsSinceEpoch
    if began == nil {
      guard inTransaction else { return }  // a statement outside any transaction
      began = now - min(now, UInt64(max(0, duration) * 1e9))
      statements = 0
      context = nil
    }
    statements += 1
    if context == nil, let current = ServiceContext.current, TraceContext.traceparent(of: current) != nil { context = current }
    guard !inTransaction, let start = began else { return }
    began = nil
    guard let context else { return }  // no traced call took part: a background job's
    self.context = nil
    let span = startSpan(
      "sqlite \(operation)", at: DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: start), context: context, ofKind: .client)
    span.attributes["db.system"] = "sqlite"
    span.attributes["db.namespace"] = database
    span.attributes["db.operation.name"] = operation
    span.attributes["db.statement_count"] = statements
    if statement.sql.hasPrefix("ROLLBACK") { span.setStatus(.init(code: .error, message: "rolled back")) }
    span.end(at: DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: now))
  }
}
