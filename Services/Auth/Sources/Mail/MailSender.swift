import Foundation
import Logging
import ServiceLifecycle

/// Drains `mail_outbox` through SMTP when a server is configured (otherwise the table
/// is the development sink `gymctl mail` reads). A delivered message's body is erased,
/// so codes do not stay in the database; one the server refuses for good is marked
/// failed with the reason; when the server is unreachable the rest wait for the next round.
public struct MailSender: Service {
  let store: AuthStore
  let client: SMTPClient
  let pollInterval: Duration
  let logger: Logger

  public init(store: AuthStore, client: SMTPClient, pollInterval: Duration = .seconds(2), logger: Logger) {
    self.store = store
    self.client = client
    self.pollInterval = pollInterval
    self.logger = logger
  }

  public func run() async throws {
    var delay = pollInterval
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
      var reachable = true
      do {
        for mail in try await store.unsentMail(limit: 50) {
          do {
            try await client.send(to: mail.recipient, subject: mail.subject, body: mail.body, messageID: mail.id)
            try await store.markMailSent(id: mail.id, now: Date())
          } catch let error as SMTPError where error.isPermanent && Self.messageStages.contains(error.stage) {
            logger.warning("mail refused by the SMTP server", metadata: ["mail_id": "\(mail.id)", "error": "\(error)"])
            try await store.markMailFailed(id: mail.id, error: "\(error)", now: Date())
          } catch {
            // The server or its settings, not this message: keep it and everything after it queued.
            logger.warning("cannot reach the SMTP server; mail stays queued", metadata: ["error": "\(error)"])
            reachable = false
            break
          }
        }
      } catch {
        logger.error("reading the mail outbox failed", metadata: ["error": "\(error)"])
        reachable = false
      }
      delay = reachable ? pollInterval : min(delay * 2, .seconds(60))
      try? await cancelWhenGracefulShutdown { [delay] in try await Task.sleep(for: delay) }
    }
  }

  /// Refusals that are about one message (its sender, recipient or content).
  static let messageStages: Set<SMTPError.Stage> = [.message, .mailFrom, .rcptTo, .data]
}
