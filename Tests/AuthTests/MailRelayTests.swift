import AuthTesting
import Foundation
import GymAPI
import GymService
import GymTesting
import Logging
import Testing

@testable import GymAuth

/// Mail through a real SMTP server (aiosmtpd, `SMTPRelay`) that demands STARTTLS and AUTH:
/// what arrives, what stays queued when the relay refuses us, and that one recipient whose
/// server says "later" holds up no other.
@Suite struct MailRelayTests {
  static func client(
    _ relay: SMTPRelay, host: String = "127.0.0.1", security: SMTPClient.Security = .startTLS, caFile: String? = nil,
    password: String = SMTPRelay.password
  ) -> SMTPClient {
    SMTPClient(
      host: host, port: relay.port, security: security, caFile: caFile ?? relay.certificates.caFile, username: SMTPRelay.user,
      password: password, heloName: "gym.test", from: "gym@example.com", commandTimeout: .seconds(20))
  }

  /// A store of its own and a sender that drains it one round at a time.
  static func outbox(_ client: SMTPClient, retry: MailRetryPolicy = MailRetryPolicy()) throws -> (AuthStore, MailSender) {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    return (store, MailSender(store: store, client: client, retry: retry, logger: Logger(label: "mail")))
  }

  static func queue(_ store: AuthStore, to recipient: String, body: String = "Your code: 123456\n", at time: Date) async throws {
    let queued = try await store.writer.write { db in
      try store.queueMail(db, to: recipient, subject: "Your gym verification code", body: body, now: time)
    }
    #expect(queued)
  }

  static func row(_ store: AuthStore, to recipient: String) async throws -> AuthStore.MailRow {
    try #require(try await store.mail(to: recipient, offset: 0, limit: 1).first)
  }

  /// Dates come back from SQLite to the millisecond: whole seconds compare exactly.
  static func wholeSecondNow() -> Date {
    Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
  }

  static func same(_ date: Date?, _ expected: Date) -> Bool {
    date.map { abs($0.timeIntervalSince(expected)) < 0.01 } ?? false
  }

  @Test func aVerificationMailArrivesOverSTARTTLSWithAUTH() async throws {
    try await withSMTPRelay { relay in
      let sender = Self.client(relay)
      try await AuthFixture.runAll(configure: { $0.smtp = sender }) { c in
        let tokens = try await c.auth.register(newAccount("tls_tia")).tokens
        let message = try #require(try await relay.waitForMessages(count: 1).first)
        #expect(message.tls)
        #expect(message.authUser == SMTPRelay.user && message.authMechanism == "PLAIN")
        #expect(message.rcptTos == ["tls_tia@example.com"] && message.mailFrom == "gym@example.com")
        #expect(message.data.contains("Subject: Your gym verification code"))
        let code = try #require(message.verificationCode)
        let verified = try await c.auth.verifyEmail(.with { $0.code = code }, metadata: bearer(tokens.accessToken))
        #expect(verified.user.emailVerified)
        // Delivered: the outbox keeps the envelope, not the code.
        #expect(
          try await eventually(within: .seconds(5)) {
            (try? await c.internalAuth.listMailOutbox(.with { $0.to = "tls_tia@example.com" }).messages.first?.body.isEmpty) == true
          })
      }
    }
  }

  @Test func aWrongPasswordLeavesTheMailQueuedWithARetryScheduled() async throws {
    try await withSMTPRelay { relay in
      let now = Self.wholeSecondNow()
      let (store, refused) = try Self.outbox(Self.client(relay, password: "not the relay's password"))
      try await Self.queue(store, to: "wanda@example.org", at: now)

      let round = try await refused.deliverDue(now: now)
      #expect(round == MailSender.Round(sent: 0, retrying: 1, failed: 0, relayReachable: false))
      let waiting = try await Self.row(store, to: "wanda@example.org")
      #expect(waiting.attempts == 1 && waiting.sentAt == nil && waiting.failedAt == nil)
      #expect(waiting.nextAttemptAt.map { $0 > now } == true)
      #expect(waiting.lastError?.contains("535") == true)
      #expect(waiting.lastError?.contains("not the relay's password") == false)
      #expect(waiting.body.contains("123456"), "not lost: the body waits for the next attempt")
      #expect(relay.messages().isEmpty)
      // Not due again until its time; then, with the right password, it goes.
      #expect(try await refused.deliverDue(now: now) == MailSender.Round())
      let sender = MailSender(store: store, client: Self.client(relay), logger: Logger(label: "mail"))
      #expect(try await sender.deliverDue(now: now.addingTimeInterval(3600)).sent == 1)
      #expect(try await relay.waitForMessages(count: 1).first?.rcptTos == ["wanda@example.org"])
      let sent = try await Self.row(store, to: "wanda@example.org")
      #expect(sent.sentAt != nil && sent.attempts == 2 && sent.body.isEmpty)
    }
  }

  @Test func aRecipientWhoseServerSays451HoldsUpNoOther() async throws {
    try await withSMTPRelay(.init(tempfail: "^slow@")) { relay in
      var retry = MailRetryPolicy()
      retry.maxAttempts = 3
      let now = Self.wholeSecondNow()
      let (store, sender) = try Self.outbox(Self.client(relay), retry: retry)
      // The slow one is older: first in the queue.
      try await Self.queue(store, to: "slow@example.org", at: now.addingTimeInterval(-10))
      try await Self.queue(store, to: "fast@example.org", at: now.addingTimeInterval(-5))

      #expect(try await sender.deliverDue(now: now) == MailSender.Round(sent: 1, retrying: 1, failed: 0, relayReachable: true))
      #expect(try await relay.waitForMessages(count: 1).map(\.rcptTos) == [["fast@example.org"]])
      let deferred = try await Self.row(store, to: "slow@example.org")
      #expect(deferred.attempts == 1 && deferred.failedAt == nil && deferred.lastError?.contains("451") == true)
      #expect(Self.same(deferred.nextAttemptAt, now.addingTimeInterval(retry.firstDelay)))

      // Mail queued meanwhile goes out at once, while the slow one waits its turn.
      try await Self.queue(store, to: "later@example.org", at: now.addingTimeInterval(1))
      #expect(try await sender.deliverDue(now: now.addingTimeInterval(2)) == MailSender.Round(sent: 1, retrying: 0, failed: 0))
      // Its next attempts back off (1 min, then 2), and the third failure gives it up.
      let second = now.addingTimeInterval(retry.firstDelay)
      #expect(try await sender.deliverDue(now: second).retrying == 1)
      let third = try await Self.row(store, to: "slow@example.org").nextAttemptAt
      #expect(Self.same(third, second.addingTimeInterval(2 * retry.firstDelay)))
      #expect(try await sender.deliverDue(now: second.addingTimeInterval(2 * retry.firstDelay)).failed == 1)
      let given = try await Self.row(store, to: "slow@example.org")
      #expect(given.failedAt != nil && given.attempts == 3 && given.body.isEmpty)
      #expect(relay.messages().map(\.rcptTos) == [["fast@example.org"], ["later@example.org"]])
    }
  }

  @Test func smtpsWithAuthLoginWhenPlainIsNotOffered() async throws {
    try await withSMTPRelay(.init(implicitTLS: true, excludeAuth: ["PLAIN"])) { relay in
      // "localhost": the certificate is checked against the name, not only the address.
      try await Self.client(relay, host: "localhost", security: .implicitTLS)
        .send(to: "sam@example.org", subject: "Hello", body: "over TLS\n", messageID: "smtps-1")
      let message = try #require(try await relay.waitForMessages(count: 1).first)
      #expect(message.tls && message.authMechanism == "LOGIN" && message.authUser == SMTPRelay.user)
    }
  }

  @Test func aCertificateTheTrustRootsDoNotVouchForIsRefused() async throws {
    try await withSMTPRelay { relay in
      let stranger = try TestCertificates()
      let error = await #expect(throws: SMTPError.self) {
        try await Self.client(relay, caFile: stranger.caFile).send(to: "ed@example.org", subject: "Hi", body: "x\n", messageID: "m-1")
      }
      #expect(error?.stage == .tls)
      #expect(relay.messages().isEmpty)
    }
  }
}

/// When a message that failed is tried again, and when it is given up.
@Suite struct MailRetryPolicyTests {
  let queued = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func delaysDoubleToAnHourThenStopAtTheAttemptLimit() {
    let policy = MailRetryPolicy()
    let delays = (1...9).map { policy.nextAttempt(after: $0, queuedAt: queued, now: queued)!.timeIntervalSince(queued) }
    #expect(delays == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
    #expect(policy.nextAttempt(after: policy.maxAttempts - 1, queuedAt: queued, now: queued) != nil)
    #expect(policy.nextAttempt(after: policy.maxAttempts, queuedAt: queued, now: queued) == nil)
  }

  @Test func nothingIsTriedAfterThreeDays() {
    let policy = MailRetryPolicy()
    let deadline = queued.addingTimeInterval(3 * 86_400)
    // The last attempt falls on the deadline, none after it.
    #expect(policy.nextAttempt(after: 5, queuedAt: queued, now: deadline.addingTimeInterval(-30)) == deadline)
    #expect(policy.nextAttempt(after: 5, queuedAt: queued, now: deadline) == nil)
  }
}
