import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension MessagingRPC {
  /// Writes that take a user id store nothing for an id that names no account.
  @Suite struct UserIDCheckTests {
    @Test func blockingAnIdThatIsNoUserIsNotFoundAndStoresNothing() async throws {
      try await MessagingFixture.run { env in
        let unknown = await rpcError { _ = try await env.messaging.blockUser(.with { $0.userID = "no-such-user" }, metadata: env.ana.metadata) }
        #expect(unknown?.code == .notFound)
        #expect(unknown?.message == "no such user")
        let database = try DatabaseQueue(path: (env.dataDirectory as NSString).appendingPathComponent("messaging.sqlite"))
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blocks") } == 0)

        _ = try await env.messaging.blockUser(.with { $0.userID = env.ben.id }, metadata: env.ana.metadata)
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blocks") } == 1)
        // A suspended account is an account: its ban ends, the block stays.
        let admin = try await env.running.makeAdmin()
        _ = try await env.running.auth.banUser(
          .with {
            $0.userID = env.cat.id; $0.reason = "spam"
          }, metadata: admin.metadata)
        _ = try await env.messaging.blockUser(.with { $0.userID = env.cat.id }, metadata: env.ana.metadata)
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blocks") } == 2)
        // The other id-taking writes were checked already; they keep refusing alike.
        for refused in [
          await rpcError { _ = try await env.messaging.follow(.with { $0.userID = "no-such-user" }, metadata: env.ana.metadata) },
          await rpcError { _ = try await env.messaging.sendFriendRequest(.with { $0.userID = "no-such-user" }, metadata: env.ana.metadata) },
          await rpcError {
            _ = try await env.messaging.sendDirectMessage(
              .with {
                $0.userID = "no-such-user"; $0.text = "hi"
              }, metadata: env.ana.metadata)
          },
          await rpcError {
            _ = try await env.messaging.createReport(
              .with {
                $0.userID = "no-such-user"; $0.category = .spam
              }, metadata: env.ana.metadata)
          },
        ] {
          #expect(refused?.code == .notFound)
        }
      }
    }
  }
}
