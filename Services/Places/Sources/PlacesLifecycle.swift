import GymService
import GymStore

/// Places' part of the user lifecycle: purges (a deleted trainer's listing and
/// projected account), account updates (its projection of users: trainers' names,
/// avatars, roles and bans for FindTrainers) and each user's part of their data export.
/// Standing and visibility events change nothing more here: updates carry bans too.
public struct PlacesLifecycle: UserLifecycle {
  let store: PlacesStore
  public let name = "places"

  public init(store: PlacesStore) {
    self.store = store
  }

  public func purge(userID: String) async throws -> Int {
    try await store.purgeUser(userID)
  }

  public func update(_ user: UserProjection.User) async throws -> Bool {
    try await UserProjection.apply(user, to: store.writer)
  }

  public func export(userID: String, to streamer: ExportStreamer) async throws {
    try await streamer.tables(PlacesStore.exportTables(userID: userID), from: store.writer)
  }
}
