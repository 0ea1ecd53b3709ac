import Foundation
import GRPCCore
import GymAPI
import GymService
import Logging

/// `gym.catalog.v1.CatalogService`: the exercise library and the program marketplace.
/// RPCs live in `CatalogService+Exercises`, `+Programs` and `+Moderation`.
public struct CatalogService: Sendable {
  let store: CatalogStore
  let users: any UserDirectory
  let logger: Logger

  public init(store: CatalogStore, users: any UserDirectory, logger: Logger) {
    self.store = store
    self.users = users
    self.logger = logger
  }

  /// The verified caller as the store's reader.
  static func reader() throws -> (Caller, CatalogStore.Reader) {
    let caller = try Caller.current()
    return (caller, CatalogStore.Reader(userID: caller.userID, isAdmin: caller.isAdmin))
  }

  static func requireAdmin(_ what: String) throws -> CatalogStore.Reader {
    let (caller, reader) = try reader()
    guard caller.isAdmin else { throw CatalogError.permissionDenied("\(what) needs the admin role") }
    return reader
  }

  static func requireID(_ id: String, field: String) throws(CatalogError) {
    guard !id.isEmpty else { throw .invalid([FieldViolation(field, "is required")]) }
    guard id.count <= 100 else { throw .invalid([FieldViolation(field, "must be at most 100 characters")]) }
  }

  /// The store's refusals in the catalog's words.
  static func translate(_ error: CatalogStore.StoreError, _ what: String = "program") -> CatalogError {
    switch error {
    case .notFound: .notFound("no \(what) with this id")
    case .slugTaken(let slug): .slugTaken(slug)
    case .staleEtag: .staleEtag(what)
    case .exerciseInUse(let programs):
      .failedPrecondition("\(programs) program\(programs == 1 ? " uses" : "s use") this exercise; it can be deleted once none does")
    case .unknownExercises(let ids): .invalid([FieldViolation("program.days", "no exercise has id \(ids.joined(separator: ", "))")])
    case .notAuthor: .permissionDenied("only the author can change this \(what)")
    case .ownProgram: .permissionDenied("you cannot vote on or report your own program")
    case .removed: .failedPrecondition("this program was removed by an administrator and cannot be edited")
    case .alreadyReported: .alreadyReported
    }
  }

  /// Runs a store call, turning its refusals into catalog errors.
  static func attempt<T>(_ what: String = "program", _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as CatalogStore.StoreError {
      throw translate(error, what)
    }
  }
}
