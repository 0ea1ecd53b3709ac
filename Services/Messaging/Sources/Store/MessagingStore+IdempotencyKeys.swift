import Foundation
import GRDB
import GymStore

extension MessagingStore {
  /// Forgets the clients' create keys recorded before `before`; the number removed.
  public func pruneIdempotencyKeys(before: Date) async throws -> Int {
    try await writer.write { db in try IdempotencyKeys.prune(db, before: before) }
  }
}
