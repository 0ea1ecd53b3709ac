import Foundation
import GRDB
import Logging
import ServiceLifecycle
import Tracing

/// Delivers outbox jobs: every due job is handed to `deliver`; success removes it,
/// failure schedules a retry with exponential backoff (1 s doubling to 5 min, with
/// jitter). Jobs survive restarts because they live in the service's database.
public struct OutboxWorker: Service {
  public typealias Deliver = @Sendable (Outbox.Job) async throws -> Void

  private let writer: any DatabaseWriter
  private let deliver: Deliver
  private let pollInterval: Duration
  private let maxBackoff: TimeInterval
  private let logger: Logger

  public init(
    writer: any DatabaseWriter, pollInterval: Duration = .milliseconds(500), maxBackoff: TimeInterval = 300,
    logger: Logger, deliver: @escaping Deliver
  ) {
    self.writer = writer
    self.deliver = deliver
    self.pollInterval = pollInterval
    self.maxBackoff = maxBackoff
    self.logger = logger
  }

  public func run() async throws {
    try await PeriodicService(every: pollInterval, failure: "outbox pass failed", logger: logger) {
      try await deliverDue()
    }.run()
  }

  /// One pass over the due jobs; returns how many were delivered. Each destination's
  /// jobs go in order, destinations side by side: a receiver that hangs until the call
  /// times out delays only its own jobs, not a ban on its way to the others.
  @discardableResult
  public func deliverDue(limit: Int = 100) async throws -> Int {
    let jobs = try await writer.read { db in try Outbox.due(db, now: Date(), limit: limit) }
    var byDestination: [Outbox.Destination: [Outbox.Job]] = [:]
    for job in jobs { byDestination[job.destination, default: []].append(job) }
    return try await withThrowingTaskGroup(of: Int.self) { group in
      for queue in byDestination.values {
        group.addTask { try await deliverInOrder(queue) }
      }
      return try await group.reduce(0, +)
    }
  }

  private func deliverInOrder(_ jobs: [Outbox.Job]) async throws -> Int {
    var delivered = 0
    for job in jobs {
      do {
        try await deliverTraced(job)
        try await writer.write { db in try Outbox.markDelivered(db, id: job.id) }
        delivered += 1
      } catch {
        let delay = min(maxBackoff, pow(2, Double(job.attempts))) * Double.random(in: 0.8...1.2)
        try await writer.write { db in
          try Outbox.markFailed(db, id: job.id, error: "\(error)", retryAt: Date().addingTimeInterval(delay))
        }
        if job.attempts == 0 {
          logger.warning("outbox delivery failed; will retry", metadata: ["destination": "\(job.destination)", "kind": "\(job.kind)", "error": "\(error)"])
        }
      }
    }
    return delivered
  }

  /// A delivery is a span of the trace of the call that queued its job: the call to the
  /// receiver made inside it carries the trace on.
  private func deliverTraced(_ job: Outbox.Job) async throws {
    guard TraceContext.isEnabled else { return try await deliver(job) }
    try await withSpan(
      "outbox \(job.kind.rawValue) to \(job.destination.rawValue)", context: TraceContext.context(traceparent: job.traceparent),
      ofKind: .producer
    ) { span in
      span.attributes["gym.outbox.job_id"] = Int(job.id)
      span.attributes["gym.outbox.attempt"] = job.attempts + 1
      try await deliver(job)
    }
  }
}
