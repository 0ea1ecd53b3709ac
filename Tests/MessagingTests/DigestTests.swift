import AuthTesting
import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymTesting
import Logging
import Synchronization
import Testing

@testable import GymMessaging

extension MessagingRPC {
  /// The daily email digest: what of the kinds a user keeps in it arrived and is still
  /// unread, as one mail at their digest time, through auth (which owns the address).
  /// The digest worker of the running messaging waits for the real time; the tests run
  /// a second one on the same database at the instant the digest is due.
  @Suite struct DigestTests {
    static func worker(_ env: MessagingFixture.Env) throws -> (DigestWorker, MessagingStore) {
      let store = try MessagingStore(path: env.dataDirectory + "/messaging.sqlite", publish: { _ in })
      return (DigestWorker(store: store, logger: Logger(label: "digest-test")), store)
    }

    /// The digests auth queued for `user`.
    static func digests(_ env: MessagingFixture.Env, to user: String) async throws -> [Gym_Auth_V1_MailMessage] {
      try await env.running.internalAuth.listMailOutbox(.with { $0.to = "\(user)@example.com" }).messages.filter {
        $0.subject.hasPrefix("You have")
      }
    }

    static func settings(_ env: MessagingFixture.Env, _ user: MessagingFixture.User) async throws -> Gym_Messaging_V1_NotificationSettings {
      try await env.messaging.getNotificationSettings(.init(), metadata: user.metadata).settings
    }

    static func digestOf(_ settings: Gym_Messaging_V1_NotificationSettings) -> [String: Gym_Messaging_V1_EmailDigestMode] {
      Dictionary(uniqueKeysWithValues: settings.preferences.map { ($0.kind, $0.emailDigest) })
    }

    @Test func digestSettingsStartAtTheDefaultsAndChangeOnlyWhatIsGiven() async throws {
      try await MessagingFixture.run { env in
        let before = try await Self.settings(env, env.ben)
        #expect(
          Self.digestOf(before) == [
            "direct-message": .emailDigestOn, "friend-request": .emailDigestOn, "trainer": .emailDigestOn, "moderation": .emailDigestOn,
            "follow": .emailDigestOff, "room-message": .emailDigestOff, "workout-reminder": .emailDigestOff,
          ])
        #expect(before.digestTime.hours == 8 && before.digestTime.minutes == 0)

        let after = try await env.messaging.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "follow"; $0.emailDigest = .emailDigestOn
              },
              .with {
                $0.kind = "direct-message"; $0.emailDigest = .emailDigestOff
              },
            ]
            $0.digestTime = .with {
              $0.hours = 18; $0.minutes = 30
            }
          }, metadata: env.ben.metadata
        ).settings
        var expected = Self.digestOf(before)
        expected["follow"] = .emailDigestOn
        expected["direct-message"] = .emailDigestOff
        #expect(Self.digestOf(after) == expected)
        #expect(after.digestTime.hours == 18 && after.digestTime.minutes == 30)
        // Push modes were not given: they stay.
        #expect(after.preferences.map(\.push) == before.preferences.map(\.push))
        #expect(try await Self.settings(env, env.ben) == after)

        let refused = await #expect(throws: RPCError.self) {
          try await env.messaging.updateNotificationSettings(
            .with {
              $0.preferences = [
                .with {
                  $0.kind = "room-message"; $0.emailDigest = .emailDigestOn
                }
              ]
              $0.digestTime = .with { $0.hours = 24 }
            }, metadata: env.ben.metadata)
        }
        #expect(refused?.code == .invalidArgument)
        let fields = Set(refused?.fieldViolations.map(\.field) ?? [])
        #expect(fields == ["preferences[0].email_digest", "digest_time"])
        #expect(try await Self.settings(env, env.ben) == after)
      }
    }

    @Test func aDayOfUnreadNewsArrivesAsOneEmailAtTheUsersTime() async throws {
      try await MessagingFixture.run { env in
        _ = try await env.messaging.updateNotificationSettings(
          .with {
            $0.digestTime = .with {
              $0.hours = 7; $0.minutes = 15
            }
          }, metadata: env.ben.metadata)
        let dan = try await env.running.register("digest_dan")
        let sentAt = Date()
        _ = try await PushTests.send(env, from: env.ana, to: "ben", "squats at 6?")
        _ = try await PushTests.send(env, from: env.ana, to: "ben", "bring chalk, the rack by the window")
        let read = try await PushTests.send(env, from: env.cat, to: "ben", "already read this one")
        _ = try await PushTests.send(env, from: dan, to: "ben", "words from someone blocked")
        _ = try await env.messaging.markConversationRead(.with { $0.conversationID = read.conversationID }, metadata: env.ben.metadata)
        _ = try await env.messaging.blockUser(.with { $0.userID = dan.id }, metadata: env.ben.metadata)
        _ = try await env.messaging.sendFriendRequest(.with { $0.userID = env.cat.id }, metadata: env.ben.metadata)  // Ben's own
        let eve = try await env.running.register("digest_eve")
        _ = try await env.messaging.sendFriendRequest(.with { $0.userID = env.ben.id }, metadata: eve.metadata)

        let (worker, store) = try Self.worker(env)
        // Due at the next 07:15 in Ben's zone (UTC: his profile names none).
        let due = try #require(try await store.digestDue(userID: env.ben.id))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        #expect(utc.dateComponents([.hour, .minute, .second], from: due) == DateComponents(hour: 7, minute: 15, second: 0))
        #expect(due > sentAt && due.timeIntervalSince(sentAt) <= 86_400)
        // Not before its time. (Others' digests may be due by then: Cat's, for Ben's
        // request, at her default hour, which comes first at some times of day.)
        _ = try await worker.deliverDue(now: due.addingTimeInterval(-60))
        #expect(try await store.digestDue(userID: env.ben.id) == due)

        #expect(try await worker.deliverDue(now: due.addingTimeInterval(30)) >= 1)
        #expect(try await eventually(within: .seconds(20)) { try await Self.digests(env, to: "ben").count == 1 })
        let mail = try #require(try await Self.digests(env, to: "ben").first)
        #expect(mail.subject == "You have 2 new messages and 1 friend request", "\(mail.subject)")
        #expect(mail.body.contains("Hello Ben,"))
        #expect(mail.body.contains("- Ana: 2 new messages, the latest \u{201C}bring chalk, the rack by the window\u{201D}"), "\(mail.body)")
        #expect(mail.body.contains("- Digest_Eve wants to be your friend"), "\(mail.body)")
        #expect(!mail.body.contains("Cat wants"))  // that request went from Ben to Cat
        #expect(!mail.body.contains("already read this one"))
        #expect(!mail.body.contains("Digest_Dan") && !mail.body.contains("someone blocked"))
        #expect(mail.body.contains("at 07:15 your time"))
        // The senders get none: their own messages are not news to them.
        #expect(try await store.digestDue(userID: env.ana.id) == nil)
        #expect(try await store.digestDue(userID: env.ben.id) == nil)

        // Taken once: the same instant again sends nothing more.
        #expect(try await worker.deliverDue(now: due.addingTimeInterval(31)) == 0)
        try await Task.sleep(for: .seconds(1))
        #expect(try await Self.digests(env, to: "ben").count == 1)
      }
    }

    @Test func nothingUnreadATurnedOffKindOrAnUnverifiedAddressMeansNoEmail() async throws {
      try await MessagingFixture.run { env in
        let (worker, store) = try Self.worker(env)
        // Ben keeps messages out of his digest: a message marks nothing due.
        _ = try await env.messaging.updateNotificationSettings(
          .with {
            $0.preferences = [
              .with {
                $0.kind = "direct-message"; $0.emailDigest = .emailDigestOff
              }
            ]
          }, metadata: env.ben.metadata)
        _ = try await PushTests.send(env, from: env.ana, to: "ben", "you will not get this by email")
        #expect(try await store.digestDue(userID: env.ben.id) == nil)

        // Cat read hers before the digest's time: nothing to say, no mail.
        let message = try await PushTests.send(env, from: env.ana, to: "cat", "read in time")
        let catDue = try #require(try await store.digestDue(userID: env.cat.id))
        _ = try await env.messaging.markConversationRead(.with { $0.conversationID = message.conversationID }, metadata: env.cat.metadata)

        // Uma never verified her address: auth sends her nothing.
        let uma = try await env.running.register("digest_uma", verified: false)
        _ = try await PushTests.send(env, from: env.ana, to: "digest_uma", "are you there?")
        let umaDue = try #require(try await store.digestDue(userID: uma.id))

        #expect(try await worker.deliverDue(now: max(catDue, umaDue).addingTimeInterval(1)) == 2)
        #expect(try await store.digestDue(userID: env.cat.id) == nil)
        #expect(try await eventually(within: .seconds(20)) { try env.outboxBacklog() == 0 })
        #expect(try await Self.digests(env, to: "cat").isEmpty)
        #expect(try await Self.digests(env, to: "digest_uma").isEmpty)
        #expect(try await Self.digests(env, to: "ben").isEmpty)
      }
    }

    /// Only the platform's services may mail a user, once per id, and only well-formed mail.
    @Test func authMailsAUserForAnotherServiceOncePerID() async throws {
      try await MessagingFixture.run { env in
        let mail = Gym_Auth_V1_SendUserMailRequest.with {
          $0.userID = env.ben.id; $0.id = "digest-1"; $0.subject = "You have 1 new message"; $0.body = "Hello Ben"
        }
        let stranger = await #expect(throws: RPCError.self) { try await env.running.internalWithoutCredential.sendUserMail(mail) }
        #expect(stranger?.code == .unauthenticated)
        let first = try await env.running.internalAuth.sendUserMail(mail)
        let again = try await env.running.internalAuth.sendUserMail(mail)
        #expect(first.queued && again.queued)
        #expect(try await Self.digests(env, to: "ben").count == 1)
        let nobody = try await env.running.internalAuth.sendUserMail(
          .with {
            $0.userID = "nobody"; $0.id = "digest-2"; $0.subject = "You have"
          })
        #expect(!nobody.queued)
        var broken = mail
        broken.subject = "two\nlines"
        broken.body = String(repeating: "x", count: 20_001)
        let refused = await #expect(throws: RPCError.self) { try await env.running.internalAuth.sendUserMail(broken) }
        #expect(refused?.code == .invalidArgument)
        #expect(Set(refused?.fieldViolations.map(\.field) ?? []) == ["subject", "body"])
      }
    }
  }
}

extension MessagingFixture.Env {
  /// Outbox jobs waiting in messaging's database (digests and friendships for auth).
  func outboxBacklog() throws -> Int {
    let database = try DatabaseQueue(path: (dataDirectory as NSString).appendingPathComponent("messaging.sqlite"))
    return try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0 }
  }
}

/// The digest as the store makes it, on real SQLite: notifications about someone blocked
/// stay out as their messages do, a long day fits auth's limit, and a digest waiting
/// in the outbox goes when an account it names is deleted.
@Suite struct DigestStoreTests {
  static func store() throws -> MessagingStore {
    try MessagingStore(path: try temporaryDirectory("gym-digest") + "/messaging.sqlite", publish: { _ in })
  }

  static func message(_ store: MessagingStore, from: String, to: String, _ text: String, now: Date) async throws {
    _ = try await store.sendDirect(
      messageID: UUID().uuidString, newConversationID: UUID().uuidString, from: from, to: to, text: text, now: now
    ) { _ in [] }
  }

  static func request(_ store: MessagingStore, to: String, about: String, now: Date) async throws {
    _ = try await store.notify(
      .init(
        id: UUID().uuidString, userID: to, kind: "follow_request", title: "\(about) asks to follow you", body: "", reference: about,
        createdAt: now, aboutID: about), idempotencyKey: nil
    ) { _ in [] }
  }

  /// Takes Ben's digest at its time; what it said.
  static func take(_ store: MessagingStore, now: Date) async throws -> (DigestContent?, UserMail?) {
    let due = try #require(try await store.digestDue(userID: "ben"))
    let mail = Mutex<UserMail?>(nil)
    let content = try await store.takeDigest(userID: "ben", now: due.addingTimeInterval(1)) { content in
      let made = DigestMail.compose(content, userID: "ben", id: "d1")
      mail.withLock { $0 = made }
      return made
    }
    return (content, mail.withLock { $0 })
  }

  @Test func notificationsAboutSomeoneBlockedStayOut() async throws {
    let store = try Self.store()
    let now = Date()
    _ = try await store.updateNotificationSettings(userID: "ben", modes: [:], emailDigest: [.follow: true], quietHours: nil)
    try await Self.request(store, to: "ben", about: "dan", now: now)
    try await Self.request(store, to: "ben", about: "eve", now: now)
    try await store.block(blockerID: "ben", blockedID: "dan", now: now)
    let (content, _) = try await Self.take(store, now: now)
    #expect(content?.notifications.map(\.title) == ["eve asks to follow you"])
  }

  @Test func aLongDayFitsAuthsLimit() async throws {
    let store = try Self.store()
    let now = Date()
    let long = String(repeating: "\u{1F3CB}", count: 400)  // four bytes each
    for sender in 0..<25 { try await Self.message(store, from: "u\(sender)", to: "ben", long, now: now) }
    for about in 0..<25 { try await Self.request(store, to: "ben", about: "f\(about)" + long, now: now) }
    _ = try await store.updateNotificationSettings(userID: "ben", modes: [:], emailDigest: [.follow: true], quietHours: nil)
    let (_, mail) = try await Self.take(store, now: now)
    let body = try #require(mail?.body)
    #expect(body.utf8.count <= 20_000, "\(body.utf8.count) bytes")
    #expect(body.contains("more in the app"))
    #expect(body.hasSuffix("or turn it off in the app's notification settings."))
  }

  @Test func aWaitingDigestGoesWithAnAccountItNames() async throws {
    let store = try Self.store()
    let now = Date()
    try await Self.message(store, from: "ana", to: "ben", "see you at 6", now: now)
    try await Self.message(store, from: "cat", to: "ben", "and me", now: now)
    let (_, mail) = try await Self.take(store, now: now)
    #expect(mail?.about == ["ana", "cat"])
    func waiting() async throws -> Int {
      try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE kind = 'user-mail'") ?? 0 }
    }
    #expect(try await waiting() == 1)
    _ = try await store.purgeUser("ana", subjects: MessagingService.subjects)
    #expect(try await waiting() == 0)
  }
}
