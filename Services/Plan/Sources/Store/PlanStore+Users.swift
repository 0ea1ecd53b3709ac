import Foundation
import GymStore

extension PlanStore {
  /// Applies an account update from auth to plan's projection of users unless a newer
  /// one already was; returns whether it was.
  public func applyUser(_ user: UserProjection.User) async throws -> Bool {
    try await writer.write { db in try UserProjection.apply(db, user) }
  }
}
