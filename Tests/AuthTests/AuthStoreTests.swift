import Foundation
import GRDB
import GymService
import GymTesting
import Testing

@testable import GymAuth

@Suite struct AuthStoreTests {
  let store: AuthStore
  let now = Date()

  init() throws {
    store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
  }

  func user(_ name: String, email: String? = nil) -> UserRecord {
    UserRecord(
      id: ID.make(), email: email ?? "\(name.lowercased())@example.com", username: name, usernameKey: name.lowercased(),
      displayName: name, role: "member", passwordHash: "$scrypt$x", termsVersion: "1", termsAcceptedAt: now,
      createdAt: now, updatedAt: now)
  }

  func session(token: String = AuthService.newRefreshToken()) -> AuthStore.NewSession {
    .init(
      id: ID.make(), clientDescription: "phone", clientAddress: "127.0.0.1", createdAt: now,
      expiresAt: now.addingTimeInterval(3600), refreshToken: token)
  }

  @Test func duplicateEmailOrUsernameIgnoringCaseIsRefusedAndWritesNothing() async throws {
    _ = try await store.createUser(user("Ana"), session: session())
    await #expect(throws: AuthError.emailTaken) {
      _ = try await store.createUser(user("other", email: "ana@example.com"), session: session())
    }
    await #expect(throws: AuthError.usernameTaken) {
      _ = try await store.createUser(user("ANA", email: "x@example.com"), session: session())
    }
    let counts = try await store.writer.read { db in
      (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users")!, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions")!)
    }
    #expect(counts == (1, 1))
  }

  @Test func refreshTokensAreStoredOnlyAsHashes() async throws {
    let token = AuthService.newRefreshToken()
    _ = try await store.createUser(user("bo"), session: session(token: token))
    let stored = try await store.writer.read { db in try Data.fetchAll(db, sql: "SELECT token_hash FROM refresh_tokens") }
    #expect(stored == [AuthStore.hash(token)])
    #expect(stored.first?.count == 32)
  }

  @Test func rotationSpendsTheTokenAndReuseRevokesTheSession() async throws {
    let first = AuthService.newRefreshToken()
    let created = try await store.createUser(user("cy"), session: session(token: first))
    let second = AuthService.newRefreshToken()
    guard case .rotated(let rotated, _) = try await store.rotateRefreshToken(old: first, new: second, now: now) else {
      Issue.record("expected rotation")
      return
    }
    #expect(rotated.id == created.id)
    #expect(try await store.rotateRefreshToken(old: first, new: AuthService.newRefreshToken(), now: now) == .reused(sessionID: created.id))
    #expect(try await store.session(id: created.id)?.revokedAt != nil)
    // The newer token of the revoked session no longer works either.
    #expect(try await store.rotateRefreshToken(old: second, new: AuthService.newRefreshToken(), now: now) == .invalid)
    #expect(try await store.rotateRefreshToken(old: "never-issued", new: "x", now: now) == .invalid)
  }

  @Test func expiredSessionsCannotRefresh() async throws {
    let token = AuthService.newRefreshToken()
    _ = try await store.createUser(user("di"), session: session(token: token))
    let later = now.addingTimeInterval(7200)
    #expect(try await store.rotateRefreshToken(old: token, new: "y", now: later) == .invalid)
  }

  @Test func revokingOnlyTouchesTheOwnersSessions() async throws {
    let ed = user("ed")
    let s = try await store.createUser(ed, session: session())
    #expect(try await store.revokeSession(id: s.id, userID: "someone-else", reason: "x", now: now) == false)
    #expect(try await store.revokeSession(id: s.id, userID: ed.id, reason: "logout", now: now))
    #expect(try await store.revokeSession(id: s.id, userID: ed.id, reason: "logout", now: now) == false)
  }
}
