import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// `gym.catalog.v1.CatalogService`: the exercise library and the program marketplace.
/// RPCs live in `CatalogService+Exercises`, `+Programs` and `+Moderation`.
public struct CatalogService: Sendable {
  let store: CatalogStore
  /// Auth's accounts, for what the projection does not hold (experience levels).
  let users: any UserDirectory
  /// Catalog's projection of users: authors' names and bans.
  let projection: ProjectedUsers
  let logger: Logger

  public init(store: CatalogStore, users: any UserDirectory, logger: Logger) {
    self.store = store
    self.users = users
    self.projection = ProjectedUsers(writer: store.writer, auth: users)
    self.logger = logger
  }

  /// The verified caller as the store's viewer.
  static func viewer() throws -> (Caller, CatalogStore.Viewer) {
    let caller = try Caller.current()
    return (caller, viewer(of: caller))
  }

  static func viewer(of caller: Caller) -> CatalogStore.Viewer {
    CatalogStore.Viewer(userID: caller.userID, isAdmin: caller.isAdmin)
  }

  static let idBound = TextBound(characters: 100)
  static let queryBound = TextBound(characters: TextSearch.maximumLength)
  /// A report's or a removal's reason.
  static let reasonBound = TextBound(characters: 500, minimum: 3)

  static func requireID(_ id: String, field: String) throws(GymError) {
    guard !id.isEmpty else { throw .invalid([FieldViolation(field, "is required")]) }
    if let violation = idBound.violation(id, field: field) { throw .invalid([violation]) }
  }
}

extension CatalogService: Gym_Catalog_V1_CatalogService.SimpleServiceProtocol {}
