import GymService
import GymStore

/// Places' part of the user lifecycle: purges (a deleted trainer's listing) and each
/// user's part of their data export. Standing, visibility and updates change nothing
/// stored here: FindTrainers asks auth about accounts when it answers.
public struct PlacesLifecycle: UserLifecycle {
  let store: PlacesStore
  public let name = "places"

  public init(store: PlacesStore) {
    self.store = store
  }

  public func purge(userID: String) async throws -> Int {
    try await store.purgeUser(userID)
  }

  public func export(userID: String, to streamer: ExportStreamer) async throws {
    try await streamer.tables(PlacesStore.exportTables(userID: userID), from: store.writer)
  }
}
