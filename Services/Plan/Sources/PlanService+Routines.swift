import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  public func createRoutine(
    request: Gym_Plan_V1_CreateRoutineRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_CreateRoutineResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateRoutine")
    let input = try RoutineInput.validate(request.routine)
    let now = Date()
    let found = try await checkExercises(Array(input.exerciseFields.keys), for: caller.userID, fields: input.exerciseFields, now: now)
    let record = try await store.insertRoutine(
      RoutineRecord(id: ID.make(now: now), ownerID: caller.userID, name: input.name, description: input.description, days: input.days, now: now),
      key: key)
    // A retry answers with the routine as it is now, which may name other exercises.
    let names = record.exerciseIDs.allSatisfy { found[$0] != nil } ? found.mapValues(\.name) : try await exerciseNames(record.exerciseIDs)
    return .with { $0.routine = PlanMapping.routine(record, names: names) }
  }

  public func getRoutine(request: Gym_Plan_V1_GetRoutineRequest, context: ServerContext) async throws -> Gym_Plan_V1_GetRoutineResponse {
    let caller = try Caller.current()
    guard let record = try await store.routine(id: request.id, accessibleBy: caller.userID) else {
      throw GymError.notFound("no routine with id \(request.id)")
    }
    let names = try await exerciseNames(record.exerciseIDs)
    return .with { $0.routine = PlanMapping.routine(record, names: names) }
  }

  public func listRoutines(
    request: Gym_Plan_V1_ListRoutinesRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ListRoutinesResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let records = try await store.routines(ownerID: caller.userID, limit: paging.size, offset: offset)
    let names = try await exerciseNames(records.flatMap(\.exerciseIDs))
    let page = Paging.fitting(records.map { PlanMapping.routine($0, names: names) })
    return .with {
      $0.routines = page
      $0.nextPageToken = paging.nextToken(offset: offset, returned: page.count, fetched: records.count)
    }
  }

  public func updateRoutine(
    request: Gym_Plan_V1_UpdateRoutineRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_UpdateRoutineResponse {
    let caller = try Caller.current()
    guard !request.etag.isEmpty else { throw GymError.invalid([.init("etag", "is required: pass the etag you last read")]) }
    let input = try RoutineInput.validate(request.routine)
    let now = Date()
    guard let existing = try await store.routine(id: request.routine.id, accessibleBy: caller.userID) else {
      throw GymError.notFound("no routine with id \(request.routine.id)")
    }
    // The owner's exercises: a trainer editing an assigned copy cannot put their own
    // private exercises into the client's routine.
    let found = try await checkExercises(
      Array(input.exerciseFields.keys), for: existing.ownerID, fields: input.exerciseFields, now: now)
    let record = try await store.replaceRoutine(
      id: request.routine.id, ownerID: caller.userID, name: input.name, description: input.description, days: input.days,
      etag: request.etag, now: now)
    return .with { $0.routine = PlanMapping.routine(record, names: found.mapValues(\.name)) }
  }

  public func deleteRoutine(
    request: Gym_Plan_V1_DeleteRoutineRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteRoutineResponse {
    let caller = try Caller.current()
    try await store.deleteRoutine(id: request.id, ownerID: caller.userID)
    return .init()
  }

  /// Snapshot first (nothing is written if the catalog is down), then the routine and the
  /// catalog's save count in one transaction.
  public func copyProgram(request: Gym_Plan_V1_CopyProgramRequest, context: ServerContext) async throws -> Gym_Plan_V1_CopyProgramResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "CopyProgram")
    guard !request.programID.isEmpty else { throw GymError.invalid([.init("program_id", "is required")]) }
    let snapshot = try await catalog.snapshot(programID: request.programID, for: caller.userID)
    let now = Date()
    let program = snapshot.program
    let days = program.days.map { day in
      RoutineRecord.Day(
        name: day.name,
        exercises: day.exercises.map { entry in
          let count = max(1, Int(entry.sets))
          // A rep range becomes its top as the target: double progression works up to it.
          let reps = Int(max(entry.repsMax, entry.repsMin))
          return RoutineRecord.Exercise(
            exerciseID: entry.exerciseID,
            sets: Array(
              repeating: .init(
                targetReps: reps, targetWeightKg: entry.weightKg, targetDurationSeconds: Int(entry.durationSeconds),
                restSeconds: Int(entry.restSeconds)), count: count),
            notes: entry.notes)
        })
    }
    let exercises = snapshot.exercises.map(PlanStore.ExerciseInfo.init)
    try await store.rememberExercises(exercises, now: now)
    let job = try JSONEncoder().encode(ProgramSavedJob(programID: program.id, userID: caller.userID))
    let record = try await store.insertCopy(
      RoutineRecord(
        id: ID.make(now: now), ownerID: caller.userID, name: String(program.name.prefix(100)),
        description: program.description_p, days: days, sourceProgramID: program.id,
        sourceProgramVersion: snapshot.version, now: now),
      savedJob: job, key: key, now: now)
    let names = try await exerciseNames(record.exerciseIDs)
    return .with { $0.routine = PlanMapping.routine(record, names: names) }
  }

  public func publishRoutine(
    request: Gym_Plan_V1_PublishRoutineRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_PublishRoutineResponse {
    let caller = try Caller.verified(to: "publish programs")
    guard let routine = try await store.routine(id: request.routineID, ownerID: caller.userID) else {
      throw GymError.notFound("no routine with id \(request.routineID)")
    }
    if let published = routine.publishedProgramID { throw PlanError.alreadyPublished(programID: published) }
    let program = Gym_Catalog_V1_Program.with {
      $0.name = routine.name
      $0.description_p = routine.description
      $0.goal = request.goal
      $0.difficulty = request.difficulty
      $0.durationWeeks = request.durationWeeks
      $0.sessionMinutes = request.sessionMinutes
      $0.tags = request.tags
      $0.days = routine.days.map { day in
        .with {
          $0.name = day.name
          $0.exercises = day.exercises.map { exercise in
            .with {
              let reps = exercise.sets.map(\.targetReps)
              $0.exerciseID = exercise.exerciseID
              $0.sets = Int32(exercise.sets.count)
              $0.repsMin = Int32(reps.min() ?? 0)
              $0.repsMax = Int32(reps.max() ?? 0)
              $0.durationSeconds = Int32(exercise.sets.map(\.targetDurationSeconds).max() ?? 0)
              $0.restSeconds = Int32(exercise.sets.map(\.restSeconds).max() ?? 0)
              $0.weightKg = exercise.sets.map(\.targetWeightKg).max() ?? 0
              $0.notes = exercise.notes
            }
          }
        }
      }
    }
    let published = try await catalog.publish(program, authorID: caller.userID)
    _ = try await store.markPublished(routineID: routine.id, ownerID: caller.userID, programID: published.id, now: Date())
    return .with { $0.programID = published.id }
  }
}

/// The outbox payload telling the catalog a user saved a program.
struct ProgramSavedJob: Codable {
  var programID: String
  var userID: String
}
