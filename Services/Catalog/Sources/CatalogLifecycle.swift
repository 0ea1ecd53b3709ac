import GymService
import GymStore

/// The catalog's part of the user lifecycle: purges, account updates (its projection of
/// users: authors' names, and bans, which hide a banned author's programs while they
/// last) and each user's part of their data export. Standing events change nothing
/// more here: auth sends every ban and unban as an update too, on the same version.
/// Visibility changes nothing either (programs are public whoever wrote them).
public struct CatalogLifecycle: UserLifecycle {
  let store: CatalogStore
  public let name = "catalog"

  public init(store: CatalogStore) {
    self.store = store
  }

  public func purge(userID: String) async throws -> Int {
    try await store.purgeUser(userID)
  }

  public func update(_ user: UserProjection.User) async throws -> Bool {
    try await UserProjection.apply(user, to: store.writer)
  }

  public func export(userID: String, to streamer: ExportStreamer) async throws {
    try await streamer.tables(CatalogStore.exportTables(userID: userID), from: store.writer)
  }
}
