import GymAPI
import GymService
import GymStore

/// What plan needs from the catalog. `CatalogClient` asks gym-catalog; tests may answer
/// themselves.
public protocol ProgramCatalog: Sendable {
  /// The exercises among `ids` that exist and `userID` may use (public ones and their
  /// own), by id.
  func exercises(ids: [String], for userID: String) async throws -> [String: PlanStore.ExerciseInfo]
  /// A program's versioned snapshot for `userID`; `GymError.notFound` when the user may not copy it.
  func snapshot(programID: String, for userID: String) async throws -> Gym_Catalog_V1_ProgramSnapshot
  /// Publishes `program` authored by `authorID`; `GymError.invalid` with the catalog's reasons.
  func publish(_ program: Gym_Catalog_V1_Program, authorID: String) async throws -> Gym_Catalog_V1_Program
  /// Counts a user's save of a program (the outbox delivers this).
  func recordSaved(programID: String, userID: String) async throws
  /// Exercises by the names another app gives them, in order; with `create`, names
  /// matching none become `userID`'s own exercises.
  func resolve(names: [String], for userID: String, create: Bool) async throws -> [ResolvedExercise]
}

/// One name of `ProgramCatalog.resolve`'s answer.
public struct ResolvedExercise: Sendable, Equatable {
  public var name: String
  /// Nil when nothing matched and none was made.
  public var exercise: PlanStore.ExerciseInfo?
  public var created: Bool
  /// Why none was made.
  public var problem: String
}

extension PlanStore.ExerciseInfo {
  init(_ exercise: Gym_Catalog_V1_Exercise) {
    self.init(
      id: exercise.id, name: exercise.name, equipment: exercise.equipment.map { "\($0)" },
      ownerID: exercise.visibility == .private ? exercise.authorID : "")
  }
}
