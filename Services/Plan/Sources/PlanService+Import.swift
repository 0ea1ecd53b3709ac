import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// Moving in and out: workout histories in Strong's and Hevy's CSV.
extension PlanService {
  /// Under gRPC's 4 MiB message limit with room for the rest of the message.
  static let maximumWorkoutFileBytes = 4_000_000
  static let maximumReportedProblems = 500

  public func importWorkouts(
    request: Gym_Plan_V1_ImportWorkoutsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ImportWorkoutsResponse {
    let caller = try Caller.current()
    guard !request.csv.isEmpty else { throw GymError.invalid([.init("csv", "is empty: send the file Strong or Hevy exported")]) }
    guard request.csv.count <= Self.maximumWorkoutFileBytes else {
      throw GymError.invalid([
        .init("csv", "is \(request.csv.count) bytes, over \(Self.maximumWorkoutFileBytes): export a shorter range of dates and import each")
      ])
    }
    guard let text = String(data: request.csv, encoding: .utf8) else {
      throw GymError.invalid([.init("csv", "is not UTF-8 text: send the file as the app exported it")])
    }
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    let parsed: WorkoutCSV.Parsed
    do {
      parsed = try WorkoutCSV.parse(text, timeZone: zone, poundsIfUnknown: request.imperial)
    } catch {
      throw GymError.invalid([.init("csv", Self.reason(error))])
    }
    var problems = parsed.problems.map { (line: $0.line, reason: $0.reason) }
    let today = LocalDate(now, in: zone)
    let current = parsed.workouts.filter { workout in
      let date = LocalDate(workout.start, in: zone)
      guard date <= today else {
        problems.append((workout.line, "the workout \"\(workout.name)\" on \(date) is in the future: left out"))
        return false
      }
      return true
    }

    // Every name once, in order of first use; none made for a workout left out above.
    var names: [String] = []
    var seen = Set<String>()
    for exercise in current.flatMap(\.exercises) where seen.insert(exercise.name).inserted { names.append(exercise.name) }
    let resolved = try await catalog.resolve(names: names, for: caller.userID, create: !request.skipUnknownExercises)
    let byName = Dictionary(resolved.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for item in resolved where item.exercise == nil {
      problems.append((0, "\"\(item.name)\" was left out: \(item.problem)"))
    }

    var workouts: [PlanStore.ImportedWorkout] = []
    var distances = 0
    for workout in current {
      let date = LocalDate(workout.start, in: zone)
      var items: [SessionRecord.Item] = []
      for exercise in workout.exercises {
        guard let info = byName[exercise.name]?.exercise else {
          problems.append((workout.line, "\"\(exercise.name)\" is not an exercise here: its \(exercise.sets.count) set(s) were left out"))
          continue
        }
        let name = exercise.name
        let sets = exercise.sets.compactMap { set -> SessionRecord.LoggedSet? in
          if set.distanceMeters > 0 { distances += 1 }
          guard set.weightKg <= 1000, set.reps <= 1000, set.seconds <= 36000 else {
            problems.append((workout.line, "a set of \"\(name)\" is past plan's bounds (1000 kg, 1000 reps, 10 hours): left out"))
            return nil
          }
          // As LogSet: a set is reps, or time for a timed one.
          guard set.reps > 0 || set.seconds > 0 else {
            problems.append((workout.line, "a set of \"\(name)\" has neither reps nor time: left out"))
            return nil
          }
          // Plan keeps RPE 1..10 in halves; others read as not given.
          let rpe = set.rpe.map { ($0 * 2).rounded() / 2 }.flatMap { (1...10).contains($0) ? $0 : nil } ?? 0
          return SessionRecord.LoggedSet(
            reps: set.reps, weightKg: set.weightKg, rpe: rpe, durationSeconds: set.seconds,
            notes: String(set.notes.prefix(500)), loggedAt: workout.start, type: Self.setType(set.kind))
        }
        guard !sets.isEmpty else { continue }
        items.append(
          SessionRecord.Item(
            id: ID.make(now: now), exerciseID: info.id, plannedSets: [], loggedSets: sets, state: .done,
            notes: String(exercise.notes.prefix(500)), superset: exercise.superset <= 15 ? exercise.superset : 0))
      }
      guard !items.isEmpty else { continue }
      let grouped = Superset.normalized(items.map(\.superset))
      for index in items.indices { items[index].superset = grouped[index] }
      let name = String((workout.name.isEmpty ? "Workout" : workout.name).prefix(100))
      let session = SessionRecord(
        id: ID.make(now: now), ownerID: caller.userID, state: .finished, routineID: nil, dayIndex: 0, name: name, items: items,
        startedAt: workout.start, endedAt: workout.end.map { max($0, workout.start) } ?? workout.start, localDate: date,
        notes: String(workout.notes.prefix(2000)), summary: nil)
      if items.count > store.limits.sessionItems || items.reduce(0, { $0 + $1.loggedSets.count }) > store.limits.setsPerSession {
        problems.append(
          (
            workout.line,
            "the workout \"\(name)\" on \(date) has more than \(store.limits.sessionItems) exercises or \(store.limits.setsPerSession) sets: left out"
          ))
        continue
      }
      do {
        try Self.sessionFits(session, field: "csv")
      } catch {
        problems.append((workout.line, "the workout \"\(name)\" on \(date) is too large to keep (its notes): left out"))
        continue
      }
      workouts.append(.init(session: session, key: PlanStore.importKey(wallClock: workout.start, in: zone, name: name), line: workout.line))
    }
    if distances > 0 { problems.append((0, "\(distances) set(s) had a distance, which plan does not keep: their other values were")) }

    workouts.sort { $0.session.startedAt < $1.session.startedAt }
    let known = resolved.compactMap(\.exercise)
    let outcomes = try await store.importWorkouts(workouts, exercises: known, now: now)
    var imported = 0, already = 0, sets = 0
    for (workout, outcome) in zip(workouts, outcomes) {
      switch outcome {
      case .imported:
        imported += 1
        sets += workout.sets
      case .alreadyHere: already += 1
      case .refused(let reason): problems.append((workout.line, "the workout \"\(workout.session.name)\" was left out: \(reason)"))
      }
    }
    logger.info("workouts imported", metadata: ["format": "\(parsed.format)", "imported": "\(imported)", "already": "\(already)"])
    problems.sort { $0.line < $1.line }
    return .with {
      $0.format = parsed.format == .strong ? .strongCsv : .hevyCsv
      $0.workoutsImported = Int32(imported)
      $0.workoutsAlreadyImported = Int32(already)
      $0.setsImported = Int32(sets)
      $0.exercises = resolved.map { item in
        .with {
          $0.name = item.name
          $0.exerciseID = item.exercise?.id ?? ""
          $0.exerciseName = item.exercise?.name ?? ""
          $0.created = item.created
        }
      }
      let shown = problems.prefix(Self.maximumReportedProblems - (problems.count > Self.maximumReportedProblems ? 1 : 0))
      $0.problems = shown.map { problem in
        .with {
          $0.line = Int32(problem.line); $0.reason = problem.reason
        }
      }
      if problems.count > shown.count {
        $0.problems.append(.with { $0.reason = "and \(problems.count - shown.count) more problems" })
      }
    }
  }

  public func exportWorkouts(
    request: Gym_Plan_V1_ExportWorkoutsRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ExportWorkoutsResponse {
    let caller = try Caller.current()
    let format: WorkoutCSV.Format
    switch request.format {
    case .strongCsv: format = .strong
    case .hevyCsv: format = .hevy
    default: throw GymError.invalid([.init("format", "must be WORKOUT_FILE_FORMAT_STRONG_CSV or WORKOUT_FILE_FORMAT_HEVY_CSV")])
    }
    let from = try LocalDate.optional(request.from, field: "from")
    let to = try LocalDate.optional(request.to, field: "to")
    if let from, let to, from > to { throw GymError.invalid([.init("to", "is before from")]) }
    let zone = try await timeZone(of: caller.userID)
    let sessions = try await store.finishedSessions(ownerID: caller.userID, from: from, to: to)
    let names = try await exerciseNames(Array(Set(sessions.flatMap { $0.items.map(\.exerciseID) })))
    let workouts = sessions.map { session in
      WorkoutCSV.Workout(
        name: session.name, start: session.startedAt, end: session.endedAt, notes: session.notes,
        exercises: session.items.filter { !$0.loggedSets.isEmpty }.map { Self.exported($0, names: names) })
    }
    let csv = Data(WorkoutCSV.write(workouts, format: format, timeZone: zone).utf8)
    guard csv.count <= Self.maximumWorkoutFileBytes else {
      throw GymError.failedPrecondition(
        "the file would be \(csv.count) bytes, over \(Self.maximumWorkoutFileBytes): export a shorter range (from, to)")
    }
    return .with {
      $0.csv = csv
      $0.fileName = "\(format.rawValue)-workouts.csv"
      $0.workouts = Int32(workouts.count)
    }
  }

  static func exported(_ item: SessionRecord.Item, names: [String: String]) -> WorkoutCSV.Exercise {
    let sets = item.loggedSets.map { (set: SessionRecord.LoggedSet) -> WorkoutCSV.Set in
      WorkoutCSV.Set(
        kind: setKind(set.type), reps: set.reps, weightKg: set.weightKg, seconds: set.durationSeconds,
        rpe: set.rpe > 0 ? set.rpe : nil, notes: set.notes)
    }
    return WorkoutCSV.Exercise(name: names[item.exerciseID] ?? item.exerciseID, notes: item.notes, superset: item.superset, sets: sets)
  }

  static func reason(_ failure: WorkoutCSV.Failure) -> String {
    switch failure {
    case .empty: "holds no header: send the file Strong or Hevy exported"
    case .unknownHeader(let header): "has a header of neither Strong's nor Hevy's export: \(header)"
    case .tooLarge(let limit): "has more than \(limit) rows: export a shorter range of dates and import each"
    case .malformed(let line, let reason): "line \(line): \(reason)"
    }
  }

  static func setType(_ kind: WorkoutCSV.SetKind) -> SessionRecord.SetType {
    switch kind {
    case .working: .working
    case .warmUp: .warmUp
    case .drop: .drop
    case .failure: .failure
    }
  }

  static func setKind(_ type: SessionRecord.SetType) -> WorkoutCSV.SetKind {
    switch type {
    case .working: .working
    case .warmUp: .warmUp
    case .drop: .drop
    case .failure: .failure
    }
  }
}
