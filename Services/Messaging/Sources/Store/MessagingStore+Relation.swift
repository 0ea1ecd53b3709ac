import Foundation
import GRDB

extension MessagingStore {
  /// How two users stand, in one read: for other services' rules (auth's private
  /// profiles, plan's coaching).
  public func relation(_ x: String, _ y: String) async throws -> (friends: Bool, blocked: Bool) {
    try await writer.read { db in (try Self.friends(db, x, y), try Self.blocked(db, x, y)) }
  }
}
