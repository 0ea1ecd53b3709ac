import Foundation
import GRDB
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// Auth's interceptor answers "is this session active" from memory once it has read it
/// active, and every revocation commit, whichever path wrote it, ends that at once.
@Suite struct ActiveSessionsTests {
  let store: AuthStore
  let now = Date()

  init() throws {
    store = try AuthStore(path: try temporaryDirectory() + "/auth.sqlite")
  }

  func signedUp(_ name: String) async throws -> (user: UserRecord, session: SessionRecord) {
    let user = VisibilityOutboxTests.user(name, visibility: 0)
    let session = try await store.createUser(
      user,
      session: .init(
        id: ID.make(), clientDescription: "phone", clientAddress: "127.0.0.1", createdAt: now, expiresAt: now.addingTimeInterval(3600),
        refreshToken: AuthService.newRefreshToken()))
    return (user, session)
  }

  @Test func aRememberedSessionEndsAtOnceWhenRevokedBannedOrExpired() async throws {
    let (ana, anaSession) = try await signedUp("ana")
    let (ben, benSession) = try await signedUp("ben")
    let (cat, catSession) = try await signedUp("cat")
    for (user, session) in [(ana, anaSession), (ben, benSession), (cat, catSession)] {
      #expect(try await store.sessionIsActive(session.id, userID: user.id, now: now))
      // Another user's token naming this session is not theirs.
      #expect(try await !store.sessionIsActive(session.id, userID: "someone-else", now: now))
    }

    #expect(try await store.revokeSession(id: anaSession.id, userID: ana.id, reason: "logout", now: now))
    #expect(try await !store.sessionIsActive(anaSession.id, userID: ana.id, now: now))
    // Others' sessions stay active across that revocation (read again).
    #expect(try await store.sessionIsActive(benSession.id, userID: ben.id, now: now))

    _ = try await store.ban(userID: ben.id, reason: "spam", until: nil, standingDestinations: [], now: now)
    #expect(try await !store.sessionIsActive(benSession.id, userID: ben.id, now: now))

    // Expiry needs no revocation.
    #expect(try await !store.sessionIsActive(catSession.id, userID: cat.id, now: now.addingTimeInterval(3601)))
  }

  @Test func aRevocationWrittenByAnyPathEndsRememberedSessionsAndARolledBackOneDoesNot() async throws {
    let (dan, session) = try await signedUp("dan")
    #expect(try await store.sessionIsActive(session.id, userID: dan.id, now: now))
    // A revocation that rolls back changes nothing.
    try? await store.writer.write { db in
      try db.execute(sql: "UPDATE sessions SET revoked_at = ? WHERE id = ?", arguments: [now, session.id])
      try db.execute(sql: "INSERT INTO revocations (session_id, revoked_at) VALUES (?, ?)", arguments: [session.id, now])
      throw CancellationError()
    }
    #expect(try await store.sessionIsActive(session.id, userID: dan.id, now: now))
    // Written directly, not through the store's named writes: still seen.
    try await store.writer.write { db in
      try db.execute(sql: "UPDATE sessions SET revoked_at = ? WHERE id = ?", arguments: [now, session.id])
      try db.execute(sql: "INSERT INTO revocations (session_id, revoked_at) VALUES (?, ?)", arguments: [session.id, now])
    }
    #expect(try await !store.sessionIsActive(session.id, userID: dan.id, now: now))
  }
}
