import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

/// What a deleted account leaves in auth.sqlite: every table is searched for the user's
/// id, username and email. Only what the README says is kept may remain: the purge jobs
/// on their way to the other services, and the revocation of the user's tokens.
@Suite struct AuthErasureTests {
  @Test func aDeletedAccountLeavesOnlyItsPurgeJobsAndRevocation() async throws {
    try await AuthFixture.runAll(configure: { $0.viewFlushInterval = .milliseconds(300) }) { c in
      let auth = c.auth
      let zed = try await c.register("gone_zed", verified: false)
      let ana = try await c.register("ana")
      let keeper = try await c.makeAdmin("keeper")
      // Codes mailed (verification at sign-up, a reset), a trainer-role request, a second session.
      _ = try await auth.requestPasswordReset(.with { $0.email = "gone_zed@example.com" })
      _ = try await auth.requestTrainerRole(.with { $0.note = "ten years coaching" }, metadata: zed.metadata)
      _ = try await auth.login(
        .with {
          $0.identifier = "gone_zed"; $0.password = RunningAuth.password; $0.clientDescription = "phone"
        })
      // Profile views both ways, counted.
      _ = try await auth.getProfile(.with { $0.userID = ana.id }, metadata: zed.metadata)
      _ = try await auth.getProfile(.with { $0.userID = zed.id }, metadata: ana.metadata)
      #expect(try await eventually { try await auth.getProfile(.with { $0.userID = ana.id }, metadata: ana.metadata).profile.viewCount == 1 })
      // A ban and its lifting wait in the outbox for catalog and messaging (not running here).
      _ = try await auth.banUser(
        .with {
          $0.userID = zed.id; $0.reason = "spam"
        }, metadata: keeper.metadata)
      _ = try await auth.unbanUser(.with { $0.userID = zed.id }, metadata: keeper.metadata)
      // An administrator who decided someone else's request is deleted too.
      let goneAdmin = try await c.makeAdmin("gone_admin")
      let ben = try await c.register("ben")
      let asked = try await auth.requestTrainerRole(.with { $0.note = "certified" }, metadata: ben.metadata).request
      _ = try await auth.decideTrainerRole(
        .with {
          $0.requestID = asked.id; $0.approve = true
        }, metadata: goneAdmin.metadata)

      // A last look at Ben's profile, still in memory when the account goes: the next
      // count must not write it.
      let zedSignedIn = try await auth.login(
        .with {
          $0.identifier = "gone_zed"; $0.password = RunningAuth.password
        }
      ).tokens
      _ = try await auth.getProfile(.with { $0.userID = ben.id }, metadata: bearer(zedSignedIn.accessToken))
      _ = try await auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: bearer(zedSignedIn.accessToken))
      _ = try await auth.deleteAccount(.with { $0.password = RunningAuth.password }, metadata: goneAdmin.metadata)
      // A look recorded after the deletions: once it is counted, the batch that held
      // Zed's last look has been flushed too.
      _ = try await auth.getProfile(.with { $0.userID = keeper.id }, metadata: ana.metadata)
      #expect(try await eventually { try await auth.getProfile(.with { $0.userID = keeper.id }, metadata: keeper.metadata).profile.viewCount == 1 })

      let left = try LeftBehind.rows(
        mentioning: [zed.id, "gone_zed", goneAdmin.id, "gone_admin"], inDatabaseAt: c.dataDirectory + "/auth.sqlite")
      let unexpected = left.filter { !["outbox", "revocations"].contains($0.table) }
      #expect(unexpected.isEmpty, "\(unexpected.map(\.description).joined(separator: "\n"))")
      // The purges themselves, one per service, until each is delivered; nothing else waits.
      let jobs = left.filter { $0.table == "outbox" }
      #expect(jobs.count == 8, "\(jobs)")
      #expect(jobs.allSatisfy { $0.row.contains("kind=purge-user") }, "\(jobs)")
      // Their tokens stay refused (revocations are kept 25 hours, longer than a token lives).
      #expect(left.contains { $0.table == "revocations" })
      // Others keep what is theirs: Ana's profile and Ben's approved request.
      #expect(try await auth.getMe(.init(), metadata: ana.metadata).user.username == "ana")
      let decided = try await auth.listTrainerRoleRequests(.with { $0.state = .approved }, metadata: keeper.metadata).requests
      #expect(decided.map(\.userID) == [ben.id])
    }
  }
}
