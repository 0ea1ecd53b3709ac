import Foundation
import GymAPI
import GymService
import Logging
import SwiftProtobuf

/// The exercise library that ships with the service (`ExerciseLibrary+Data`), written
/// for this project. It is loaded on first start; a new `version` loads it again
/// (created or updated by slug), otherwise starting again changes nothing, so an
/// administrator's deletions stay deleted.
public enum ExerciseLibrary {
  public static let version = "1"
  static let metaKey = "exercise_library_version"

  /// The library as proto messages, in the same JSON format `gymctl import exercises` reads.
  public static func exercises() throws -> [Gym_Catalog_V1_Exercise] {
    try Gym_Catalog_V1_Exercise.array(fromJSONString: json)
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
