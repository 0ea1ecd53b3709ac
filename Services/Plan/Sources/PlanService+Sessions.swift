import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

extension PlanService {
  /// A routine's day, else today's first scheduled routine, else an empty session.
  public func startSession(request: Gym_Plan_V1_StartSessionRequest, context: ServerContext) async throws -> Gym_Plan_V1_StartSessionResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "StartSession")
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    var routineID = request.routineID
    var dayIndex = Int(request.dayIndex)
    if routineID.isEmpty {
      let today = LocalDate(now, in: zone)
      if let first = Self.occurrences(try await store.scheduleEntries(ownerID: caller.userID), from: today, to: today, zone: zone).first {
        routineID = first.routineID
        dayIndex = Int(first.dayIndex)
      }
    }
    var name = "Workout"
    var items: [SessionRecord.Item] = []
    if !routineID.isEmpty {
      guard let routine = try await store.routine(id: routineID, ownerID: caller.userID) else {
        throw GymError.notFound("no routine with id \(routineID)")
      }
      guard routine.days.indices.contains(dayIndex) else {
        throw GymError.invalid([.init("day_index", "the routine has \(routine.days.count) day(s): use 0 to \(routine.days.count - 1)")])
      }
      let day = routine.days[dayIndex]
      name = day.name
      items = day.exercises.map { exercise in
        SessionRecord.Item(
          id: ID.make(now: now), exerciseID: exercise.exerciseID, plannedSets: exercise.sets, notes: exercise.notes,
          superset: exercise.superset)
      }
    }
    let session = try await store.startSession(
      SessionRecord(
        id: ID.make(now: now), ownerID: caller.userID, state: .active, routineID: routineID.isEmpty ? nil : routineID,
        dayIndex: routineID.isEmpty ? 0 : dayIndex, name: name, items: items, startedAt: now, endedAt: nil,
        localDate: LocalDate(now, in: zone), notes: "", summary: nil), key: key)
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  public func getActiveSession(
    request: Gym_Plan_V1_GetActiveSessionRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_GetActiveSessionResponse {
    let caller = try Caller.current()
    guard let session = try await store.activeSession(ownerID: caller.userID) else {
      throw GymError.notFound("no session is active; start one with StartSession")
    }
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  public func logSet(request: Gym_Plan_V1_LogSetRequest, context: ServerContext) async throws -> Gym_Plan_V1_LogSetResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "LogSet")
    try PlanInput.id(request.sessionID, field: "session_id")
    try PlanInput.id(request.itemID, field: "item_id")
    let now = Date()
    let set = try Self.loggedSet(request.set, field: "set", now: now)
    // Dated by the store on the session's day, not the day it is logged.
    let logged = try await store.logSet(
      sessionID: request.sessionID, itemID: request.itemID, ownerID: caller.userID, set: set, key: key,
      check: Self.sessionCheck(field: "set"))
    // Only the item: the session grows with every set, and a client that logs one
    // keeps its own copy of the rest.
    return .with { $0.item = PlanMapping.item(logged.item, names: [logged.item.exerciseID: logged.exerciseName ?? ""]) }
  }

  public func setItemState(request: Gym_Plan_V1_SetItemStateRequest, context: ServerContext) async throws -> Gym_Plan_V1_SetItemStateResponse {
    let caller = try Caller.current()
    let state: SessionRecord.ItemState
    switch request.state {
    case .pending: state = .pending
    case .done: state = .done
    case .skipped: state = .skipped
    default: throw GymError.invalid([.init("state", "must be PENDING, DONE or SKIPPED")])
    }
    let session = try await store.setItemState(sessionID: request.sessionID, itemID: request.itemID, ownerID: caller.userID, state: state)
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  public func editSession(request: Gym_Plan_V1_EditSessionRequest, context: ServerContext) async throws -> Gym_Plan_V1_EditSessionResponse {
    let caller = try Caller.current()
    guard !request.edits.isEmpty, request.edits.count <= 50 else { throw GymError.invalid([.init("edits", "give 1 to 50 edits")]) }
    let now = Date()
    var violations: [FieldViolation] = []
    var edits: [PlanStore.SessionEdit] = []
    var exerciseFields: [String: String] = [:]
    for (index, edit) in request.edits.enumerated() {
      let field = "edits[\(index)]"
      switch edit.edit {
      case .add(let add):
        exerciseFields[add.exerciseID] = exerciseFields[add.exerciseID] ?? "\(field).add.exercise_id"
        if add.plannedSets.count > 20 { violations.append(.init("\(field).add.planned_sets", "at most 20 sets")) }
        for (s, set) in add.plannedSets.enumerated() {
          violations += RoutineInput.plannedSetViolations(set, field: "\(field).add.planned_sets[\(s)]")
        }
        if !Superset.groups.contains(Int(add.superset)) {
          violations.append(.init("\(field).add.superset", "must be 0 (none) or a group number from 1 to 15"))
        }
        edits.append(
          .add(
            SessionRecord.Item(
              id: ID.make(now: now), exerciseID: add.exerciseID, plannedSets: add.plannedSets.map(RoutineInput.plannedSet),
              superset: Int(add.superset)),
            position: Int(add.position)))
      case .removeItemID(let itemID):
        edits.append(.remove(itemID: itemID))
      case .replace(let replace):
        exerciseFields[replace.exerciseID] = exerciseFields[replace.exerciseID] ?? "\(field).replace.exercise_id"
        edits.append(.replace(itemID: replace.itemID, exerciseID: replace.exerciseID))
      case .changePlannedSets(let change):
        if change.plannedSets.count > 20 { violations.append(.init("\(field).change_planned_sets.planned_sets", "at most 20 sets")) }
        for (s, set) in change.plannedSets.enumerated() {
          violations += RoutineInput.plannedSetViolations(set, field: "\(field).change_planned_sets.planned_sets[\(s)]")
        }
        edits.append(.changePlannedSets(itemID: change.itemID, change.plannedSets.map(RoutineInput.plannedSet)))
      case nil:
        violations.append(.init(field, "is empty: set add, remove_item_id, replace or change_planned_sets"))
      }
    }
    if exerciseFields.keys.contains("") {
      violations.append(.init(exerciseFields[""]!, "is required"))
      exerciseFields[""] = nil
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    try await checkExercises(Array(exerciseFields.keys), for: caller.userID, fields: exerciseFields, now: now)
    let session = try await store.editSession(sessionID: request.sessionID, ownerID: caller.userID, edits: edits) {
      try Self.sessionFits($0, field: "edits")
    }
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  public func finishSession(request: Gym_Plan_V1_FinishSessionRequest, context: ServerContext) async throws -> Gym_Plan_V1_FinishSessionResponse {
    let caller = try Caller.current()
    if let violation = Self.sessionNotesBound.violation(request.notes, field: "notes") { throw GymError.invalid([violation]) }
    let now = Date()
    var newRoutineID = ""
    let changes: PlanStore.RoutineChanges
    switch request.routineChanges {
    case .unspecified, .discard: changes = .discard
    case .overwrite: changes = .overwrite
    case .saveAsNew:
      newRoutineID = ID.make(now: now)
      let current = try await store.session(id: request.sessionID, ownerID: caller.userID)
      let zone = try await timeZone(of: caller.userID)
      let name = "\(current?.name ?? "Workout") (\(LocalDate(now, in: zone)))"
      changes = .saveAsNew(RoutineRecord(id: newRoutineID, ownerID: caller.userID, name: String(name.prefix(100)), description: "", days: [], now: now))
    case .UNRECOGNIZED:
      throw GymError.invalid([.init("routine_changes", "must be DISCARD, OVERWRITE or SAVE_AS_NEW")])
    }
    let session = try await store.finishSession(
      id: request.sessionID, ownerID: caller.userID, notes: request.notes, changes: changes, now: now)
    let mapped = try await mapped(session)
    return .with {
      $0.session = mapped
      $0.summary = mapped.summary
      $0.newRoutineID = newRoutineID
    }
  }

  public func abandonSession(
    request: Gym_Plan_V1_AbandonSessionRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_AbandonSessionResponse {
    let caller = try Caller.current()
    try await store.abandonSession(id: request.sessionID, ownerID: caller.userID, now: Date())
    return .init()
  }

  /// A finished session logged after the fact, dated at noon local time of its day.
  public func logWorkout(request: Gym_Plan_V1_LogWorkoutRequest, context: ServerContext) async throws -> Gym_Plan_V1_LogWorkoutResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "LogWorkout")
    let now = Date()
    let zone = try await timeZone(of: caller.userID)
    let date = try LocalDate.required(request.date, field: "date")
    var violations: [FieldViolation] = []
    if date > LocalDate(now, in: zone) { violations.append(.init("date", "is in the future (in your time zone, \(zone.identifier))")) }
    if request.entries.isEmpty || request.entries.count > 30 { violations.append(.init("entries", "give 1 to 30 exercises")) }
    if !(0...1440).contains(request.durationMinutes) { violations.append(.init("duration_minutes", "must be 0 to 1440")) }
    if let violation = Self.sessionNameBound.violation(request.name, field: "name") { violations.append(violation) }
    if let violation = Self.sessionNotesBound.violation(request.notes, field: "notes") { violations.append(violation) }
    let start = date.instant(atMinute: 12 * 60, in: zone)
    var fields: [String: String] = [:]
    var items: [SessionRecord.Item] = []
    for (e, entry) in request.entries.prefix(30).enumerated() {
      let field = "entries[\(e)]"
      if entry.exerciseID.isEmpty { violations.append(.init("\(field).exercise_id", "is required")) }
      fields[entry.exerciseID] = fields[entry.exerciseID] ?? "\(field).exercise_id"
      if entry.sets.isEmpty || entry.sets.count > 50 { violations.append(.init("\(field).sets", "give 1 to 50 sets")) }
      if let violation = RoutineInput.notesBound.violation(entry.notes, field: "\(field).notes") { violations.append(violation) }
      var sets: [SessionRecord.LoggedSet] = []
      for (s, set) in entry.sets.prefix(50).enumerated() {
        do {
          sets.append(try Self.loggedSet(set, field: "\(field).sets[\(s)]", now: start))
        } catch .invalid(let problems) {
          violations += problems
        } catch {}
      }
      items.append(
        SessionRecord.Item(
          id: ID.make(now: now), exerciseID: entry.exerciseID, plannedSets: [], loggedSets: sets, state: .done, notes: entry.notes,
          superset: Int(entry.superset)))
    }
    violations += Superset.violations(request.entries.prefix(30).map(\.superset)) { "entries[\($0)].superset" }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    fields[""] = nil
    let record = SessionRecord(
      id: ID.make(now: now), ownerID: caller.userID, state: .finished, routineID: nil, dayIndex: 0,
      name: request.name.isEmpty ? "Workout" : request.name, items: items, startedAt: start,
      endedAt: start.addingTimeInterval(Double(request.durationMinutes) * 60), localDate: date, notes: request.notes,
      summary: nil)
    try Self.sessionFits(record, field: "entries")
    try await checkExercises(Array(fields.keys), for: caller.userID, fields: fields, now: now)
    let session = try await store.logWorkout(record, key: key)
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  public func listSessions(request: Gym_Plan_V1_ListSessionsRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListSessionsResponse {
    let caller = try Caller.current()
    let from = try LocalDate.optional(request.from, field: "from")
    let to = try LocalDate.optional(request.to, field: "to")
    if let from, let to, from > to { throw GymError.invalid([.init("to", "must be on or after from")]) }
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let sessions = try await store.sessions(ownerID: caller.userID, from: from, to: to, limit: paging.size, offset: offset)
    let names = try await exerciseNames(sessions.flatMap { $0.items.map(\.exerciseID) })
    let page = Paging.fitting(sessions.map { PlanMapping.session($0, names: names) })
    return .with {
      $0.sessions = page
      $0.nextPageToken = paging.nextToken(offset: offset, returned: page.count, fetched: sessions.count)
    }
  }

  public func getSession(request: Gym_Plan_V1_GetSessionRequest, context: ServerContext) async throws -> Gym_Plan_V1_GetSessionResponse {
    let caller = try Caller.current()
    guard let session = try await store.session(id: request.id, ownerID: caller.userID) else {
      throw GymError.notFound("no session with id \(request.id)")
    }
    let response = try await mapped(session)
    return .with { $0.session = response }
  }

  func mapped(_ session: SessionRecord) async throws -> Gym_Plan_V1_Session {
    var ids = session.items.map(\.exerciseID)
    ids += session.summary?.newRecords.map(\.exerciseID) ?? []
    return PlanMapping.session(session, names: try await exerciseNames(ids))
  }

  static let sessionNameBound = TextBound(characters: 100)
  static let sessionNotesBound = TextBound(characters: 2000)
  /// The most a logged workout may encode to: a page of a few still fits a page's budget.
  static let maximumSessionBytes = 256 << 10

  /// Each field is bounded, but 1,500 sets of long notes are not: a session must stay
  /// small enough that it, and a page of them, can be served. Refuses one that is not.
  static func sessionFits(_ session: SessionRecord, field: String) throws(GymError) {
    // Encoding an in-memory message fails only for missing required fields, which proto3 has none of.
    let encoded = (try? PlanMapping.session(session, names: [:]).serializedBytes() as [UInt8])?.count ?? 0
    guard encoded > maximumSessionBytes else { return }
    throw .invalid([
      .init(
        field, "the session would encode to \(encoded) bytes, more than the \(maximumSessionBytes) one may hold; shorten the notes")
    ])
  }

  /// `sessionFits` for a store write, run only when `sessionSizeBound` of the session's
  /// footprint passes the maximum: the same refusals, without loading every set of a
  /// session per write.
  static func sessionCheck(field: String) -> SessionFootprint.Check {
    SessionFootprint.Check(
      surelyPasses: { sessionSizeBound($0) <= maximumSessionBytes }, check: { try sessionFits($0, field: field) })
  }

  /// At least what `sessionFits` measures (`PlanMapping.session(…, names: [:])`
  /// encoded) for an active session of `footprint` (no summary): every field at its
  /// largest encoding. A tag is 1 byte (field numbers up to 15); a string or message
  /// adds at most 5 bytes of length; a varint takes at most 10 bytes, a double 8.
  public static func sessionSizeBound(_ footprint: SessionFootprint) -> Int {
    let string = 6, varint = 11, double = 9, message = 6
    let timestamp = message + 2 * varint
    // id, routine_id, name, notes; state, day_index; started_at, ended_at.
    let session = 4 * string + footprint.textBytes + 2 * varint + 2 * timestamp
    // Each: the item message; id, exercise_id, exercise_name (empty here), notes; state, superset.
    let items = footprint.items * (message + 4 * string + 2 * varint) + footprint.itemTextBytes
    // A planned set encodes to at most 57 bytes (message, 3 varints, 2 doubles) and is
    // stored as JSON with its four field names, at least 77 bytes: the stored bytes bound it.
    let planned = footprint.plannedSetBytes
    // Each: the message; reps, duration_seconds, type; weight_kg, weight_lb, rpe; notes;
    // logged_at; id (a rowid: at most 19 digits).
    let sets = footprint.loggedSets * (message + 3 * varint + 3 * double + string + timestamp + string + 19) + footprint.loggedSetNoteBytes
    return session + items + planned + sets
  }

  static func loggedSet(_ set: Gym_Plan_V1_LoggedSet, field: String, now: Date) throws(GymError) -> SessionRecord.LoggedSet {
    var violations: [FieldViolation] = []
    if !(0...1000).contains(set.reps) { violations.append(.init("\(field).reps", "must be 0 to 1000")) }
    let weight = Imperial.kilograms(set.weightKg, field: "\(field).weight_kg", set.weightLb, twin: "\(field).weight_lb")
    if let violation = weight.violation { violations.append(violation) }
    if !weight.value.isFinite || !(0...1000).contains(weight.value) {
      violations.append(.init(weight.field, "must be 0 to 1000 kg (2204.62 lb)"))
    }
    if !set.rpe.isFinite || !(set.rpe == 0 || ((1...10).contains(set.rpe) && (set.rpe * 2).rounded() == set.rpe * 2)) {
      violations.append(.init("\(field).rpe", "must be 0 (not given) or 1 to 10 in steps of 0.5"))
    }
    if !(0...36000).contains(set.durationSeconds) { violations.append(.init("\(field).duration_seconds", "must be 0 to 36000")) }
    if set.reps == 0 && set.durationSeconds == 0 { violations.append(.init("\(field).reps", "give reps, or duration_seconds for a timed set")) }
    if let violation = RoutineInput.notesBound.violation(set.notes, field: "\(field).notes") { violations.append(violation) }
    let type: SessionRecord.SetType
    switch set.type {
    case .unspecified, .working: type = .working
    case .warmUp: type = .warmUp
    case .drop: type = .drop
    case .failure: type = .failure
    case .UNRECOGNIZED:
      type = .working
      violations.append(.init("\(field).type", "is WARM_UP, WORKING, DROP or FAILURE"))
    }
    guard violations.isEmpty else { throw .invalid(violations) }
    return SessionRecord.LoggedSet(
      reps: Int(set.reps), weightKg: weight.value, rpe: set.rpe, durationSeconds: Int(set.durationSeconds), notes: set.notes,
      loggedAt: now, type: type)
  }
}
