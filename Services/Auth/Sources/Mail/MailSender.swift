import Foundation
import GymStore
import Logging
import ServiceLifecycle

/// Drains `mail_outbox` through SMTP when a relay is configured (otherwise the table is
/// the development sink `gymctl mail` reads). A delivered message's body is erased, so
/// codes do not stay in the database.
///
/// Each message has its own retry state: a recipient whose server answers 4xx waits for
/// its next attempt (`MailRetryPolicy`) while the messages behind it go on; 5xx ends that
/// message. When the relay itself fails (unreachable, TLS, AUTH), the message tried waits
/// its turn like any other and the round ends, since every message would fail alike; the
/// rounds then back off to a minute.
public struct MailSender: Service {
  let store: AuthStore
  let client: SMTPClient
  let retry: MailRetryPolicy
  let pollInterval: Duration
  let logger: Logger

  public init(
    store: AuthStore, client: SMTPClient, retry: MailRetryPolicy = MailRetryPolicy(), pollInterval: Duration = .seconds(2),
    logger: Logger
  ) {
    self.store = store
    self.client = client
    self.retry = retry
    self.pollInterval = pollInterval
    self.logger = logger
  }

  public func run() async throws {
    try await PeriodicService(
      every: pollInterval, backoffLimit: .seconds(60), failure: "reading the mail outbox failed", logger: logger
    ) {
      try await deliverDue(now: Date()).relayReachable ? .done : .failed
    }.run()
  }

  /// What one round did.
  public struct Round: Sendable, Equatable {
    public var sent = 0
    /// Failed attempts with another one scheduled.
    public var retrying = 0
    /// Messages given up.
    public var failed = 0
    /// False when the relay, not a message, failed: the round stopped there.
    public var relayReachable = true
  }

  /// One pass over the mail due at `now`, oldest first.
  @discardableResult
  public func deliverDue(now: Date, limit: Int = 50) async throws -> Round {
    var round = Round()
    for mail in try await store.dueMail(now: now, limit: limit) {
      var failure: SMTPError? = nil
      do {
        try await client.send(to: mail.recipient, subject: mail.subject, body: mail.body, messageID: mail.id)
      } catch let error as SMTPError {
        failure = error
      } catch {
        failure = SMTPError(.transient, stage: .connect, message: "\(error)")
      }
      guard let problem = failure else {
        try await store.markMailSent(id: mail.id, now: now)
        round.sent += 1
        continue
      }
      let aboutThisMessage = Self.messageStages.contains(problem.stage)
      // Only a refusal of this message is final; a relay that refuses us (AUTH, TLS) may be
      // fixed by its operator, and the message waits for that like for an outage.
      let outcome = try await store.recordMailFailure(
        id: mail.id, error: "\(problem)", permanent: aboutThisMessage && problem.isPermanent, retry: retry, now: now)
      var metadata: Logger.Metadata = ["mail_id": "\(mail.id)", "attempt": "\(mail.attempts + 1)", "error": "\(problem)"]
      switch outcome {
      case .retryAt(let next):
        round.retrying += 1
        metadata["next_attempt_at"] = "\(next.formatted(Date.ISO8601FormatStyle()))"
        logger.warning(
          aboutThisMessage ? "mail deferred by the SMTP server" : "cannot deliver through the SMTP relay; mail stays queued",
          metadata: metadata)
      case .failed:
        round.failed += 1
        logger.warning("mail given up", metadata: metadata)
      }
      if !aboutThisMessage {
        round.relayReachable = false
        break
      }
    }
    return round
  }

  /// Failures that are about one message (its sender, recipient or content): the next
  /// message may well go through.
  static let messageStages: Set<SMTPError.Stage> = [.message, .mailFrom, .rcptTo, .data]
}
