import Foundation
import GRDB
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// Secrets at rest: mail bodies sealed, spent rows pruned.
@Suite struct AuthHousekeepingTests {
  let path: String
  let credential = ServiceCredential.generate()
  let now = Date()

  init() throws {
    path = try temporaryDirectory() + "/auth.sqlite"
  }

  func store(_ credential: ServiceCredential) throws -> AuthStore {
    try AuthStore(path: path, mailSeal: MailSeal(key: credential.derivedKey(purpose: "mail at rest")))
  }

  func user(_ name: String) -> UserRecord {
    UserRecord(
      id: ID.make(), email: "\(name)@example.com", username: name, usernameKey: name, displayName: name, role: "member",
      passwordHash: "$scrypt$x", termsVersion: "1", termsAcceptedAt: now, createdAt: now, updatedAt: now)
  }

  func session(_ token: String = AuthService.newRefreshToken(), expiresAt: Date) -> AuthStore.NewSession {
    .init(id: ID.make(), clientDescription: "phone", clientAddress: "127.0.0.1", createdAt: now, expiresAt: expiresAt, refreshToken: token)
  }

  @Test func aResetCodeIsUnreadableInTheDatabaseFileButNotToAuth() async throws {
    let auth = try store(credential)
    _ = try await auth.createUser(user("mia"), session: session(expiresAt: now.addingTimeInterval(3600)))
    let code = AuthService.newRefreshToken()
    #expect(
      try await auth.createPasswordReset(
        email: "mia@example.com", code: code, expiresAt: now.addingTimeInterval(1800),
        mail: { _ in ("Reset your password", "Your code:\n\n    \(code)\n") }, now: now) != .noAccount)
    let raw = try await auth.writer.read { db in try String.fetchAll(db, sql: "SELECT body FROM mail_outbox") }
    #expect(raw.count == 1 && !raw[0].contains(code) && raw[0].hasPrefix("sealed:v1:"))
    try auth.writer.close()
    let fileBytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(fileBytes.range(of: Data(code.utf8)) == nil, "the code is nowhere in the file")

    // Auth after a restart (the same credential) reads it; the file with another key cannot.
    #expect(try await store(credential).mail(to: "mia@example.com", offset: 0, limit: 5).first?.body.contains(code) == true)
    let stranger = try await store(.generate()).mail(to: nil, offset: 0, limit: 5).first?.body
    #expect(stranger?.contains(code) == false && stranger?.contains("cannot be read") == true)
  }

  @Test func pruningRemovesSpentRowsAndKeepsLiveOnes() async throws {
    let auth = try store(credential)
    let day: TimeInterval = 86_400
    let live = try await auth.createUser(user("ned"), session: session(expiresAt: now.addingTimeInterval(30 * day)))
    func signIn(expiresAt: Date) async throws -> SessionRecord {
      try await auth.createSession(userID: live.userID, checkedHash: "$scrypt$x", session(expiresAt: expiresAt), now: now).0
    }
    _ = try await signIn(expiresAt: now.addingTimeInterval(-31 * day))
    let recentlyRevoked = try await signIn(expiresAt: now.addingTimeInterval(30 * day))
    #expect(try await auth.revokeSession(id: recentlyRevoked.id, userID: live.userID, reason: "logout", now: now.addingTimeInterval(-day)))
    let longRevoked = try await signIn(expiresAt: now.addingTimeInterval(30 * day))
    #expect(try await auth.revokeSession(id: longRevoked.id, userID: live.userID, reason: "logout", now: now.addingTimeInterval(-40 * day)))
    for offset in [-2 * day, -10.0, day] {
      #expect(
        try await auth.createPasswordReset(
          email: "ned@example.com", code: AuthService.newRefreshToken(), expiresAt: now.addingTimeInterval(offset),
          mail: { _ in ("Reset", "code") }, now: now.addingTimeInterval(offset - 1800)) != .noAccount)
    }
    try await auth.writer.write { db in
      try db.execute(
        sql: "UPDATE mail_outbox SET created_at = ? WHERE rowid IN (SELECT rowid FROM mail_outbox LIMIT 2)", arguments: [now.addingTimeInterval(-8 * day)])
      try db.execute(
        sql: "INSERT INTO revocations (session_id, revoked_at) VALUES ('old', ?), ('new', ?)",
        arguments: [now.addingTimeInterval(-26 * 3600), now.addingTimeInterval(-3600)])
    }

    let pruned = try await auth.prune(now: now)
    #expect(pruned.sessions == 2 && pruned.refreshTokens == 2)
    #expect(pruned.resets == 1, "only the code that expired more than a day ago")
    #expect(pruned.mail == 2)
    #expect(pruned.revocations == 2, "the one 26 hours old and the logout 40 days ago")
    let left = try await auth.writer.read { db in
      (
        try String.fetchAll(db, sql: "SELECT id FROM sessions ORDER BY id"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM password_resets")!,
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM mail_outbox")!,
        try String.fetchAll(db, sql: "SELECT session_id FROM revocations")
      )
    }
    #expect(left.0 == [live.id, recentlyRevoked.id].sorted(), "live sessions and recently ended ones stay (ListSessions, reuse detection)")
    #expect(left.1 == 2 && left.2 == 1 && left.3.sorted() == ["new", recentlyRevoked.id].sorted())
    #expect(try await auth.prune(now: now).total == 0, "nothing twice")
  }
}
