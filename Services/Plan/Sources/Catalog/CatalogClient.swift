import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService
import GymStore
import Logging

/// `gym.catalog.v1.CatalogInternal` with the service credential. The catalog's own
/// refusals become plan's (NOT_FOUND, INVALID_ARGUMENT with the reasons); a catalog
/// that is down or slow is a `DependencyError`.
public struct CatalogClient: ProgramCatalog {
  private let client: Gym_Catalog_V1_CatalogInternal.Client<HTTP2ClientTransport.Posix>
  private let logger: Logger

  /// - Parameter client: a client to gym-catalog carrying the service credential.
  public init(client: GymGRPCClient, logger: Logger) {
    self.client = Gym_Catalog_V1_CatalogInternal.Client(wrapping: client)
    self.logger = logger
  }

  public func exercises(ids: [String], for userID: String) async throws -> [String: PlanStore.ExerciseInfo] {
    let unique = Array(Set(ids))
    var found: [String: PlanStore.ExerciseInfo] = [:]
    for start in stride(from: 0, to: unique.count, by: 500) {
      let chunk = Array(unique[start..<min(start + 500, unique.count)])
      let response = try await call {
        try await client.lookupExercises(
          .with {
            $0.ids = chunk
            $0.forUserID = userID
          }, options: .internalCall())
      }
      for exercise in response.exercises { found[exercise.id] = PlanStore.ExerciseInfo(exercise) }
    }
    return found
  }

  public func resolve(names: [String], for userID: String, create: Bool) async throws -> [ResolvedExercise] {
    var resolved: [ResolvedExercise] = []
    for start in stride(from: 0, to: names.count, by: 500) {
      let chunk = Array(names[start..<min(start + 500, names.count)])
      let response = try await call {
        try await client.resolveExerciseNames(
          .with {
            $0.forUserID = userID
            $0.names = chunk
            $0.createMissing = create
          }, options: .internalCall())
      }
      resolved += response.names.map {
        ResolvedExercise(
          name: $0.name, exercise: $0.hasExercise ? PlanStore.ExerciseInfo($0.exercise) : nil, created: $0.created, problem: $0.problem)
      }
    }
    return resolved
  }

  public func snapshot(programID: String, for userID: String) async throws -> Gym_Catalog_V1_ProgramSnapshot {
    try await call {
      try await client.getProgramSnapshot(
        .with {
          $0.programID = programID
          $0.forUserID = userID
        }, options: .internalCall())
    }.snapshot
  }

  public func publish(_ program: Gym_Catalog_V1_Program, authorID: String) async throws -> Gym_Catalog_V1_Program {
    try await call {
      try await client.publishProgram(
        .with {
          $0.program = program
          $0.authorID = authorID
        }, options: .internalCall())
    }.program
  }

  public func recordSaved(programID: String, userID: String) async throws {
    _ = try await client.recordProgramSaved(
      .with {
        $0.programID = programID
        $0.userID = userID
      }, options: .internalCall())
  }

  /// The catalog speaks of a program; the caller sent a routine (name, description, days)
  /// and the listing fields beside it.
  static func planField(_ field: String) -> String {
    guard field.hasPrefix("program.") else { return field }
    let rest = field.dropFirst("program.".count)
    return ["name", "description", "days"].contains(where: { rest.hasPrefix($0) }) ? "routine.\(rest)" : String(rest)
  }

  /// The catalog's answers a user can act on pass through as plan's own errors; anything
  /// else is the catalog failing.
  private func call<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as RPCError where error.code == .notFound {
      throw GymError.notFound(error.message)
    } catch let error as RPCError where error.code == .invalidArgument && !error.fieldViolations.isEmpty {
      throw GymError.invalid(error.fieldViolations.map { FieldViolation(Self.planField($0.field), $0.description) })
    } catch {
      throw DependencyError.from(error, dependency: "catalog", logger: logger)
    }
  }
}
