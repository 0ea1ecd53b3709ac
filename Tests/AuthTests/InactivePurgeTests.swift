import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymAuth

/// `PurgeInactiveUsers` removes accounts for good: it needs months of inactivity, weeks
/// of notice, and a dry run first.
@Suite struct InactivePurgeTests {
  @Test func parametersBelowTheMinimumsAreRefusedNamingTheField() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await AuthAdminTests.admin(c)
      let months = await rpcError {
        _ = try await c.auth.purgeInactiveUsers(
          .with {
            $0.inactiveMonths = 1; $0.noticeDays = 30; $0.dryRun = true
          }, metadata: bearer(admin.accessToken))
      }
      #expect(months?.code == .invalidArgument)
      #expect(months?.fieldViolations.map(\.field) == ["inactive_months"])
      #expect(months?.fieldViolations.first?.description.contains("at least 6") == true, "\(String(describing: months))")
      let notice = await rpcError {
        _ = try await c.auth.purgeInactiveUsers(
          .with {
            $0.inactiveMonths = 12; $0.noticeDays = 1; $0.dryRun = true
          }, metadata: bearer(admin.accessToken))
      }
      #expect(notice?.code == .invalidArgument)
      #expect(notice?.fieldViolations.map(\.field) == ["notice_days"])
      #expect(notice?.fieldViolations.first?.description.contains("at least 14") == true, "\(String(describing: notice))")
    }
  }

  @Test func aPurgeWithoutARecentDryRunIsRefused() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await AuthAdminTests.admin(c)
      let refused = await rpcError {
        _ = try await c.auth.purgeInactiveUsers(
          .with {
            $0.inactiveMonths = 6; $0.noticeDays = 30
          }, metadata: bearer(admin.accessToken))
      }
      #expect(refused?.code == .failedPrecondition, "\(String(describing: refused))")
      #expect(refused?.message.contains("--dry-run") == true, "\(String(describing: refused))")
    }
  }

  @Test func aPurgeQuotesADryRunWithTheSameParameters() async throws {
    try await AuthFixture.runAll { c in
      let admin = bearer(try await AuthAdminTests.admin(c).accessToken)
      let dryRun = try await c.auth.purgeInactiveUsers(
        .with {
          $0.inactiveMonths = 6; $0.noticeDays = 30; $0.dryRun = true
        }, metadata: admin)
      #expect(dryRun.notified == 0 && dryRun.purged == 0 && !dryRun.dryRunToken.isEmpty)
      let expiresIn = dryRun.dryRunTokenExpiresAt.date.timeIntervalSinceNow
      #expect(expiresIn > 3500 && expiresIn <= 3600, "\(expiresIn)")

      // The token of a dry run for 6 months confirms no purge of 12.
      let otherMonths = await rpcError {
        _ = try await c.auth.purgeInactiveUsers(
          .with {
            $0.inactiveMonths = 12; $0.noticeDays = 30; $0.dryRunToken = dryRun.dryRunToken
          }, metadata: admin)
      }
      #expect(otherMonths?.code == .failedPrecondition && otherMonths?.message.contains("6 months") == true, "\(String(describing: otherMonths))")
      // An edited token is no token.
      let edited = dryRun.dryRunToken.replacingOccurrences(of: "v1.6.30.0.", with: "v1.6.30.9.")
      let forged = await rpcError {
        _ = try await c.auth.purgeInactiveUsers(
          .with {
            $0.inactiveMonths = 6; $0.noticeDays = 30; $0.dryRunToken = edited
          }, metadata: admin)
      }
      #expect(forged?.code == .invalidArgument && forged?.fieldViolations.map(\.field) == ["dry_run_token"], "\(String(describing: forged))")

      let purge = try await c.auth.purgeInactiveUsers(
        .with {
          $0.inactiveMonths = 6; $0.noticeDays = 30; $0.dryRunToken = dryRun.dryRunToken
        }, metadata: admin)
      #expect(purge.notified == 0 && purge.purged == 0 && purge.dryRunToken.isEmpty)
    }
  }

  @Test func aDryRunConfirmsForAnHourOnly() throws {
    let confirmation = PurgeConfirmation.random()
    let ranAt = Date()
    let token = confirmation.token(for: .init(inactiveMonths: 6, noticeDays: 14, purged: 3, at: ranAt))
    let within = try confirmation.check(token, inactiveMonths: 6, noticeDays: 14, now: ranAt.addingTimeInterval(3599))
    #expect(within.purged == 3)
    #expect(
      throws: GymError.failedPrecondition(
        "the dry run is more than an hour old: run it with --dry-run again, then purge with its new token")
    ) {
      _ = try confirmation.check(token, inactiveMonths: 6, noticeDays: 14, now: ranAt.addingTimeInterval(3601))
    }
    // Another key (another platform's credential) signed it: not a token here.
    #expect(throws: GymError.self) {
      _ = try PurgeConfirmation.random().check(token, inactiveMonths: 6, noticeDays: 14, now: ranAt)
    }
  }

  /// The operator was shown the accounts a dry run would remove; when more are due by
  /// the time the purge runs, it removes none of them and says to count again.
  @Test func aPurgeThatWouldRemoveMoreThanTheDryRunCountedRemovesNothing() async throws {
    let store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
    let long = Date().addingTimeInterval(-400 * 86_400)
    for name in ["idle_ida", "idle_ian"] {
      var record = UserRecord(
        id: "id-\(name)", email: "\(name)@example.com", username: name, usernameKey: name, displayName: name, role: "member",
        passwordHash: "x", termsVersion: "1", termsAcceptedAt: long, createdAt: long, updatedAt: long)
      record.lastActiveAt = long
      _ = try await store.createUser(record, firstSession: nil)
    }
    try await store.writer.write { db in try db.execute(sql: "UPDATE users SET inactive_notice_at = ?", arguments: [long]) }
    let notice: @Sendable (UserRecord) -> (subject: String, body: String) = { _ in ("notice", "notice") }
    let now = Date()
    await #expect(
      throws: GymError.failedPrecondition(
        "2 accounts are due for removal now, more than the 1 the dry run counted: run it with --dry-run again")
    ) {
      _ = try await store.purgeInactive(
        inactiveSince: now.addingTimeInterval(-180 * 86_400), noticedBefore: now.addingTimeInterval(-30 * 86_400), dryRun: false,
        maximumPurged: 1, purgeDestinations: [.catalog], notice: notice, now: now)
    }
    let ida = try await store.user(id: "id-idle_ida"), ian = try await store.user(id: "id-idle_ian")
    #expect(ida != nil && ian != nil)
  }
}
