import GymService
import GymStore

/// Plan's part of the user lifecycle: purges, account updates (its projection of users:
/// time zones for local days) and each user's part of their data export. Standing and
/// visibility events change nothing more here: updates carry them too.
public struct PlanLifecycle: UserLifecycle {
  let store: PlanStore
  public let name = "plan"

  public init(store: PlanStore) {
    self.store = store
  }

  public func purge(userID: String) async throws -> Int {
    try await store.purgeUser(userID)
  }

  public func update(_ user: UserProjection.User) async throws -> Bool {
    try await UserProjection.apply(user, to: store.writer)
  }

  public func export(userID: String, to streamer: ExportStreamer) async throws {
    try await streamer.tables(PlanStore.exportTables(userID: userID), from: store.writer)
  }
}
