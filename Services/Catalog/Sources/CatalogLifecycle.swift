import Foundation
import GymService
import GymStore

/// The catalog's part of the user lifecycle: purges and bans (a banned author's
/// programs are hidden while the ban lasts), and each user's part of their data export.
/// Visibility changes nothing here (programs are public whoever wrote them), nor do
/// updates yet: its author rows hold names from publishing.
public struct CatalogLifecycle: UserLifecycle {
  let store: CatalogStore
  public let name = "catalog"

  public init(store: CatalogStore) {
    self.store = store
  }

  public func purge(userID: String) async throws -> Int {
    try await store.purgeUser(userID)
  }

  public func setStanding(userID: String, banned: Bool, until: Date?, sequence: Int64) async throws -> Bool {
    try await store.setStanding(userID: userID, banned: banned, until: until, sequence: sequence, now: Date())
  }

  public func export(userID: String, to streamer: ExportStreamer) async throws {
    try await streamer.tables(CatalogStore.exportTables(userID: userID), from: store.writer)
  }
}
