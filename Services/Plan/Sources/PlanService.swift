import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// `gym.plan.v1.PlanService`, the training half: routines and copies (`+Routines`),
/// favourites (`+Saved`), the schedule (`+Schedule`), live sessions and history
/// (`+Sessions`), statistics (`+Stats`), calculators and progression (`+Calculators`),
/// body weight (`+BodyWeight`) and goals (`+Goals`).
public struct PlanService: Sendable {
  let store: PlanStore
  let catalog: any ProgramCatalog
  let users: any UserDirectory
  /// Who has blocked whom (messaging's), checked before coaching starts.
  let blocks: any BlockList
  let logger: Logger
  /// Plan's projection of users, for time zones.
  let projection: ProjectedUsers

  public init(
    store: PlanStore, catalog: any ProgramCatalog, users: any UserDirectory, blocks: any BlockList = NoBlockList(), logger: Logger
  ) {
    self.store = store
    self.catalog = catalog
    self.users = users
    self.blocks = blocks
    self.logger = logger
    self.projection = ProjectedUsers(writer: store.writer, auth: users)
  }

  /// The user's IANA zone from plan's projection of users (auth's profile as its
  /// updates last said); UTC when unset or unknown.
  func timeZone(of userID: String) async throws -> TimeZone {
    try await projection.timeZone(of: userID)
  }

  /// Checks every exercise against the catalog (public ones and `userID`'s own) and
  /// remembers their names; unknown ones are named in field violations at `fields[id]`.
  @discardableResult
  func checkExercises(
    _ ids: [String], for userID: String, fields: [String: String], now: Date
  ) async throws -> [String: PlanStore.ExerciseInfo] {
    guard !ids.isEmpty else { return [:] }
    let found = try await catalog.exercises(ids: ids, for: userID)
    let unknown = ids.filter { found[$0] == nil }
    if !unknown.isEmpty {
      var seen: Set<String> = []
      throw GymError.invalid(
        unknown.filter { seen.insert($0).inserted }.map {
          FieldViolation(fields[$0] ?? "exercise_id", "no exercise with id \($0) in the catalog")
        })
    }
    try await store.rememberExercises(Array(found.values), now: now)
    return found
  }

  /// Names of exercises already known here, for responses.
  func exerciseNames(_ ids: [String]) async throws -> [String: String] {
    try await store.exercises(ids: ids).mapValues(\.name)
  }
}

extension PlanService: Gym_Plan_V1_PlanService.SimpleServiceProtocol {}
