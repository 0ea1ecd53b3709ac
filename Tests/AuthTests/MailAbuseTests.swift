import AuthTesting
import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// Mail and codes under abuse: guesses per account however many codes are asked for, mail
/// per address however it is asked for, and a changed address told to the one it replaced.
@Suite struct MailAbuseTests {
  /// The running auth's own database, for moving time along.
  static func store(_ c: RunningAuth) async throws -> AuthStore {
    try AuthStore(path: try await c.ops.getInfo(.init()).databasePath)
  }

  static func wrong(_ code: String) -> String { code == "000000" ? "111111" : "000000" }

  @Test func wrongCodesAreCappedPerAccountPerDayAcrossCodes() async throws {
    try await AuthFixture.runAll(configure: { $0.verificationGap = 0 }) { c in
      let tokens = try await c.auth.register(newAccount("guessing_gus")).tokens
      let me = bearer(tokens.accessToken)
      func attempt(_ code: String) async -> RPCError? {
        await rpcError { _ = try await c.auth.verifyEmail(.with { $0.code = code }, metadata: me) }
      }
      // Five wrong guesses spend the first code.
      let first = try await c.verificationCode(for: "guessing_gus@example.com")
      for _ in 0..<5 { #expect(await attempt(Self.wrong(first))?.code == .failedPrecondition) }
      #expect(await attempt(first)?.message.hasPrefix("there is no live code") == true)

      // A new code does not buy five more: the account has ten a day, four of them left.
      _ = try await c.auth.requestEmailVerification(.init(), metadata: me)
      let second = try await c.verificationCode(for: "guessing_gus@example.com")
      var answers: [String] = []
      for _ in 0..<4 { answers.append(await attempt(Self.wrong(second))?.message ?? "accepted") }
      #expect(
        answers == [
          "the code is not right; 4 tries left", "the code is not right; 3 tries left", "the code is not right; 2 tries left",
          "the code is not right; 1 tries left",
        ])
      let tenth = await attempt(Self.wrong(second))
      #expect(tenth?.code == .resourceExhausted)

      // From now on no code is checked, not even a right one, not even a fresh one.
      _ = try await c.auth.requestEmailVerification(.init(), metadata: me)
      let third = try await c.verificationCode(for: "guessing_gus@example.com")
      let locked = await attempt(third)
      #expect(locked?.code == .resourceExhausted)
      #expect(locked?.message.hasPrefix("too many wrong codes for this account (10 in 24 hours)") == true)
      #expect(locked?.message.contains("try again in") == true)
      let delay = locked?.retryDelay ?? .zero
      #expect(delay > .seconds(86_000) && delay <= .seconds(86_401))

      // A day later the right code works.
      let store = try await Self.store(c)
      try await store.writer.write { db in
        try db.execute(sql: "UPDATE email_verification_failures SET failed_at = ?", arguments: [Date().addingTimeInterval(-86_401)])
      }
      #expect(try await c.auth.verifyEmail(.with { $0.code = third }, metadata: me).user.emailVerified)
    }
  }

  @Test func mailToOneAddressIsCappedAndTheResetAnswerGivesNothingAway() async throws {
    try await AuthFixture.runAll(configure: {
      $0.mailPerRecipientPerDay = 2
      $0.verificationGap = 0
    }) { c in
      let tokens = try await c.auth.register(newAccount("capped_cora")).tokens  // mail 1: the code
      let code = try await c.verificationCode(for: "capped_cora@example.com")
      let unknown = try await c.auth.requestPasswordReset(.with { $0.email = "nobody_here@example.com" })
      let first = try await c.auth.requestPasswordReset(.with { $0.email = "capped_cora@example.com" })  // mail 2
      let second = try await c.auth.requestPasswordReset(.with { $0.email = "capped_cora@example.com" })  // over the cap
      // The same answer for a mailed reset, a capped one and no account at all.
      #expect(try first.serializedBytes() as [UInt8] == unknown.serializedBytes())
      #expect(try second.serializedBytes() as [UInt8] == unknown.serializedBytes())
      let mail = try await c.internalAuth.listMailOutbox(.with { $0.to = "capped_cora@example.com" }).messages
      #expect(mail.count == 2)
      #expect(mail.filter { $0.subject.lowercased().contains("reset") }.count == 1)
      // No code was stored for the mail that never went.
      let resets = try await Self.store(c).writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM password_resets")! }
      #expect(resets == 1)

      // The owner asking for another code is told, and their current code still works.
      let refused = await rpcError { _ = try await c.auth.requestEmailVerification(.init(), metadata: bearer(tokens.accessToken)) }
      #expect(refused?.code == .resourceExhausted)
      #expect(refused?.message.hasPrefix("this address has been sent as much mail as it gets in a day") == true)
      #expect((refused?.retryDelay ?? .zero) > .seconds(80_000))
      #expect(try await c.auth.verifyEmail(.with { $0.code = code }, metadata: bearer(tokens.accessToken)).user.emailVerified)
    }
  }

  @Test func changingTheEmailTellsTheAddressItLeaves() async throws {
    try await AuthFixture.runAll { c in
      let owner = try await c.register("moving_mo")
      let changed = try await c.auth.changeEmail(
        .with {
          $0.password = RunningAuth.password; $0.newEmail = "elsewhere_mo@example.com"
        }, metadata: owner.metadata)
      #expect(changed.user.email == "elsewhere_mo@example.com")
      let old = try await c.internalAuth.listMailOutbox(.with { $0.to = "moving_mo@example.com" }).messages
      let notice = try #require(old.first { $0.subject == "Your gym email address was changed" })
      #expect(notice.body.contains("(moving_mo)"))
      #expect(notice.body.contains("e***@example.com"))
      #expect(!notice.body.contains("elsewhere_mo@"), "the new address is shown masked")
      let new = try await c.internalAuth.listMailOutbox(.with { $0.to = "elsewhere_mo@example.com" }).messages
      #expect(!new.contains { $0.subject == "Your gym email address was changed" })
      // Changing to the address it already has tells nobody anything.
      _ = try await c.auth.changeEmail(
        .with {
          $0.password = RunningAuth.password; $0.newEmail = "elsewhere_mo@example.com"
        }, metadata: owner.metadata)
      #expect(try await c.internalAuth.listMailOutbox(.with { $0.to = "elsewhere_mo@example.com" }).messages.isEmpty)
    }
  }

  @Test func theCapCountsEveryMailToTheAddressForADay() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite", mailPerRecipientPerDay: 3)
    let now = Date()
    func queue(_ recipient: String, at time: Date) async throws -> Bool {
      try await store.writer.write { db in try store.queueMail(db, to: recipient, subject: "s", body: "b", now: time) }
    }
    // Two from yesterday no longer count; three today fill the day.
    #expect(try await queue("pat@example.com", at: now.addingTimeInterval(-90_000)))
    #expect(try await queue("pat@example.com", at: now.addingTimeInterval(-88_000)))
    for offset in [-3600.0, -60, 0] { #expect(try await queue("pat@example.com", at: now.addingTimeInterval(offset))) }
    #expect(try await !queue("pat@example.com", at: now.addingTimeInterval(1)))
    #expect(try await queue("someone_else@example.com", at: now.addingTimeInterval(1)), "the cap is per address")
    // A place frees up as the oldest of today's three turns a day old.
    let wait = try await store.writer.read { db in try store.mailCapWait(db, to: "pat@example.com", now: now) }
    #expect(wait.map { abs($0 - (86_400 - 3600)) < 1 } == true)
  }
}
