import Foundation
import GymAPI
import GymService
import Logging
import SwiftProtobuf

/// The exercise library that ships with the service, written for this project: the
/// package resource `Seed/exercise-library.json`, an array of gym.catalog.v1.Exercise in
/// proto JSON (the format `gymctl import exercises FILE` reads). Media links are YouTube
/// searches, never invented video ids. Edit the JSON file and raise `version` to load
/// the changes.
///
/// It is loaded on first start; a new `version` loads it again (created or updated by
/// slug), otherwise starting again changes nothing, so an administrator's deletions stay
/// deleted.
public enum ExerciseLibrary {
  public static let version = "1"
  static let metaKey = "exercise_library_version"
  static let resourceName = "exercise-library"

  /// The library file is not in the GymCatalog resource bundle: a packaging defect.
  public struct MissingResource: Error, CustomStringConvertible {
    public var description: String {
      "\(ExerciseLibrary.resourceName).json is missing from the GymCatalog resource bundle "
        + "(\(Bundle.module.bundlePath)); the gym_GymCatalog bundle must ship next to the executable"
    }
  }

  /// The library as proto messages, read from the bundled JSON file.
  public static func exercises() throws -> [Gym_Catalog_V1_Exercise] {
    guard let url = Bundle.module.url(forResource: resourceName, withExtension: "json") else {
      throw MissingResource()
    }
    return try Gym_Catalog_V1_Exercise.array(fromJSONUTF8Data: Data(contentsOf: url))
  }

  /// Loads the library unless this version already was. Returns what it created.
  @discardableResult
  public static func seed(_ store: CatalogStore, logger: Logger) async throws -> Int {
    guard try await store.meta(metaKey) != version else { return 0 }
    let now = Date()
    var items: [(ExerciseRecord, searchFacets: String)] = []
    for exercise in try exercises() {
      // The shipped data is checked by tests; a bad entry here is a build defect.
      let input = try ExerciseInput.validate(exercise, id: ID.make(now: now), authorID: "", now: now).get()
      items.append((input.record, input.searchFacets))
    }
    let outcomes = try await store.importExercises(items, markMeta: (metaKey, version))
    let created = outcomes.filter { $0 == .created }.count
    logger.notice(
      "exercise library loaded",
      metadata: ["version": "\(version)", "created": "\(created)", "updated": "\(outcomes.filter { $0 == .updated }.count)"])
    return created
  }
}
