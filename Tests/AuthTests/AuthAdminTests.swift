import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Synchronization
import Testing

@testable import GymAuth

/// Administration, internal RPCs and the revocation stream.
@Suite struct AuthAdminTests {
  static let password = "violet staircase under a quiet harbour"

  /// An administrator created the way an operator does (`gymctl users create-admin`).
  static func admin(_ c: AuthFixture.Clients, _ name: String = "root_admin") async throws -> Gym_Auth_V1_Tokens {
    _ = try await c.internalAuth.createAdmin(
      .with {
        $0.email = "\(name)@example.com"; $0.username = name; $0.password = password
      })
    return try await c.auth.login(
      .with {
        $0.identifier = name; $0.password = password
      }
    ).tokens
  }

  @Test func membersCannotUseAdminRPCs() async throws {
    try await AuthFixture.run { auth in
      let member = try await auth.register(newAccount("mo_member")).tokens
      let list = await rpcError { _ = try await auth.listUsers(.init(), metadata: bearer(member.accessToken)) }
      #expect(list?.code == .permissionDenied)
      let ban = await rpcError {
        _ = try await auth.banUser(
          .with {
            $0.userID = "x"; $0.reason = "spam"
          }, metadata: bearer(member.accessToken))
      }
      #expect(ban?.code == .permissionDenied)
      let role = await rpcError {
        _ = try await auth.setUserRole(
          .with {
            $0.userID = "x"; $0.role = .admin
          }, metadata: bearer(member.accessToken))
      }
      #expect(role?.code == .permissionDenied)
    }
  }

  @Test func aBanRevokesSessionsAndRefusesSignInWithReasonAndEnd() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await Self.admin(c)
      let victim = try await c.auth.register(newAccount("spam_bot"))
      let until = Date().addingTimeInterval(86_400)
      let banned = try await c.auth.banUser(
        .with {
          $0.userID = victim.user.id
          $0.reason = "posting spam"
          $0.until = Google_Protobuf_Timestamp(date: until)
        }, metadata: bearer(admin.accessToken)
      ).user
      #expect(banned.ban.reason == "posting spam")

      #expect(await rpcError { _ = try await c.auth.getMe(.init(), metadata: bearer(victim.tokens.accessToken)) }?.code == .unauthenticated)
      let login = await rpcError {
        _ = try await c.auth.login(
          .with {
            $0.identifier = "spam_bot"; $0.password = Self.password
          })
      }
      #expect(login?.code == .permissionDenied)
      #expect(login?.message.contains("posting spam") == true)
      #expect(login?.message.contains("ends") == true)
      // A wrong password does not reveal the ban.
      let guess = await rpcError {
        _ = try await c.auth.login(
          .with {
            $0.identifier = "spam_bot"; $0.password = "wrong wrong wrong"
          })
      }
      #expect(guess?.code == .unauthenticated)

      let bannedList = try await c.auth.listUsers(.with { $0.bannedOnly = true }, metadata: bearer(admin.accessToken)).users
      #expect(bannedList.map(\.username) == ["spam_bot"])
      let hidden = await rpcError { _ = try await c.auth.getProfile(.with { $0.username = "spam_bot" }, metadata: bearer(admin.accessToken)) }
      #expect(hidden?.code == .notFound, "a ban hides the profile")

      _ = try await c.auth.unbanUser(.with { $0.userID = victim.user.id }, metadata: bearer(admin.accessToken))
      _ = try await c.auth.login(
        .with {
          $0.identifier = "spam_bot"; $0.password = Self.password
        })
    }
  }

  @Test func banRulesAreChecked() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await Self.admin(c)
      let me = try await c.auth.getMe(.init(), metadata: bearer(admin.accessToken)).user
      let empty = await rpcError { _ = try await c.auth.banUser(.with { $0.userID = me.id }, metadata: bearer(admin.accessToken)) }
      #expect(empty?.fieldViolations.map(\.field) == ["reason"])
      let past = await rpcError {
        _ = try await c.auth.banUser(
          .with {
            $0.userID = "u"; $0.reason = "x"; $0.until = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(-5))
          }, metadata: bearer(admin.accessToken))
      }
      #expect(past?.fieldViolations.map(\.field) == ["until"])
      let selfBan = await rpcError {
        _ = try await c.auth.banUser(
          .with {
            $0.userID = me.id; $0.reason = "oops"
          }, metadata: bearer(admin.accessToken))
      }
      #expect(selfBan?.code == .failedPrecondition)
      let unknown = await rpcError {
        _ = try await c.auth.banUser(
          .with {
            $0.userID = "no-such-user"; $0.reason = "x"
          }, metadata: bearer(admin.accessToken))
      }
      #expect(unknown?.code == .notFound)
    }
  }

  @Test func rolesChangeAndADemotionEndsLiveTokens() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await Self.admin(c)
      let user = try await c.auth.register(newAccount("pat_role"))
      let promoted = try await c.auth.setUserRole(
        .with {
          $0.userID = user.user.id; $0.role = .admin
        }, metadata: bearer(admin.accessToken)
      ).user
      #expect(promoted.roles == [.admin])
      // The old token still works after a promotion (it carries fewer rights, not more).
      _ = try await c.auth.getMe(.init(), metadata: bearer(user.tokens.accessToken))
      let asAdmin = try await c.auth.login(
        .with {
          $0.identifier = "pat_role"; $0.password = Self.password
        }
      ).tokens
      _ = try await c.auth.listUsers(.init(), metadata: bearer(asAdmin.accessToken))
      _ = try await c.auth.setUserRole(
        .with {
          $0.userID = user.user.id; $0.role = .member
        }, metadata: bearer(admin.accessToken))
      #expect(await rpcError { _ = try await c.auth.listUsers(.init(), metadata: bearer(asAdmin.accessToken)) }?.code == .unauthenticated)
    }
  }

  @Test func internalRPCsNeedTheServiceCredentialNotAUserToken() async throws {
    try await AuthFixture.runAll { c in
      let admin = try await Self.admin(c)
      let none = await rpcError { _ = try await c.internalWithoutCredential.lookupUsers(.with { $0.usernames = ["root_admin"] }) }
      #expect(none?.code == .unauthenticated)
      let userToken = await rpcError {
        _ = try await c.internalWithoutCredential.lookupUsers(.with { $0.usernames = ["root_admin"] }, metadata: bearer(admin.accessToken))
      }
      #expect(userToken?.code == .unauthenticated)
      let found = try await c.internalAuth.lookupUsers(
        .with {
          $0.usernames = ["ROOT_ADMIN", "nobody"]; $0.emails = ["root_admin@example.com"]
        })
      #expect(found.users.map(\.username) == ["root_admin"])
      let tooMany = await rpcError { _ = try await c.internalAuth.lookupUsers(.with { $0.ids = (0..<501).map(String.init) }) }
      #expect(tooMany?.code == .invalidArgument)
    }
  }

  @Test func revocationsStreamToFollowers() async throws {
    try await AuthFixture.runAll { c in
      let tokens = try await c.auth.register(newAccount("quin_rev")).tokens
      let list = RevocationList()
      let batches = Mutex(0)
      let follower = Task {
        try await c.internalAuth.watchRevocations(.init()) { response in
          for try await batch in response.messages {
            list.apply(batch.revocations)
            batches.withLock { $0 += 1 }
          }
        }
      }
      defer { follower.cancel() }
      let caller = Caller(userID: "", sessionID: tokens.sessionID, roles: [])
      // Following once auth's first answer (its head) has arrived: the time below is the
      // revocation's alone, not the stream's set-up.
      #expect(try await eventually { batches.withLock { $0 } > 0 }, "the follower heard nothing from auth")
      #expect(!list.isRevoked(caller))
      let start = ContinuousClock.now
      _ = try await c.auth.logout(.init(), metadata: bearer(tokens.accessToken))
      // A generous bound for a loaded test machine (the whole package runs in parallel);
      // `gym-bench ban-latency` measures the real figure.
      while !list.isRevoked(caller) && ContinuousClock.now - start < .seconds(30) { try await Task.sleep(for: .milliseconds(5)) }
      #expect(list.isRevoked(caller))
    }
  }
}
