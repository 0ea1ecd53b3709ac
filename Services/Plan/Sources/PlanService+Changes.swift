import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// `ListChanges`: each of the caller's objects written after the cursor, once, as it is
/// now, or a tombstone. Triggers keep the change log, so every write path is covered.
extension PlanService {
  static let defaultChangesPage = 100
  static let maximumChangesPage = 500

  public func listChanges(request: Gym_Plan_V1_ListChangesRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListChangesResponse {
    let caller = try Caller.current()
    let after = try Self.changeCursor(request.cursor)
    guard request.pageSize >= 0 else { throw GymError.invalid([.init("page_size", "must not be negative")]) }
    let size = request.pageSize == 0 ? Self.defaultChangesPage : min(Int(request.pageSize), Self.maximumChangesPage)
    // One more than asked tells whether more are waiting.
    let read = try await store.changes(ownerID: caller.userID, after: after, limit: size + 1)
    let changes = Array(read.prefix(size))
    let objects = try await changedObjects(changes, ownerID: caller.userID)
    let messages = changes.map { change in
      Gym_Plan_V1_Change.with {
        $0.kind = Self.changeKind(change.kind)
        $0.id = change.objectID
        // Gone since the log was read: its tombstone follows, after this cursor.
        if !change.deleted, let object = objects[ObjectKey(kind: change.kind, id: change.objectID)] {
          $0.object = object
        } else {
          $0.deleted = true
        }
      }
    }
    let page = Paging.fitting(messages)
    let last = page.isEmpty ? after : changes[page.count - 1].seq
    return .with {
      $0.changes = page
      $0.nextCursor = Self.cursor(last)
      $0.more = page.count < changes.count || read.count > size
    }
  }

  /// `"s"` and the last seq applied; empty = from the start. Not signed: it only ever
  /// selects the caller's own rows, and must outlive the process.
  static func changeCursor(_ cursor: String) throws(GymError) -> Int64 {
    if cursor.isEmpty { return 0 }
    guard cursor.hasPrefix("s"), let seq = Int64(cursor.dropFirst()), seq >= 0 else {
      throw .invalid([.init("cursor", "is not a cursor ListChanges gave; pass next_cursor unchanged, or empty to start again")])
    }
    return seq
  }

  static func cursor(_ seq: Int64) -> String { "s\(seq)" }

  struct ObjectKey: Hashable {
    var kind: PlanStore.ChangeKind
    var id: String
  }

  /// The live objects a page names, read by kind, the caller's only.
  private func changedObjects(_ changes: [PlanStore.Change], ownerID: String) async throws -> [ObjectKey: Gym_Plan_V1_Change.OneOf_Object] {
    var ids: [PlanStore.ChangeKind: [String]] = [:]
    for change in changes where !change.deleted { ids[change.kind, default: []].append(change.objectID) }
    var found: [ObjectKey: Gym_Plan_V1_Change.OneOf_Object] = [:]
    func keep(_ kind: PlanStore.ChangeKind, _ id: String, _ object: Gym_Plan_V1_Change.OneOf_Object) {
      found[ObjectKey(kind: kind, id: id)] = object
    }
    for (kind, ids) in ids {
      switch kind {
      case .routine:
        let records = try await store.routines(ids: ids, ownerID: ownerID)
        let names = try await exerciseNames(records.flatMap(\.exerciseIDs))
        for record in records { keep(kind, record.id, .routine(PlanMapping.routine(record, names: names))) }
      case .session:
        let sessions = try await store.sessions(ids: ids, ownerID: ownerID)
        let names = try await exerciseNames(sessions.flatMap { $0.items.map(\.exerciseID) })
        for session in sessions { keep(kind, session.id, .session(PlanMapping.session(session, names: names))) }
      case .scheduleEntry:
        let wanted = Set(ids)
        for entry in try await store.scheduleEntries(ownerID: ownerID) where wanted.contains(entry.id) {
          keep(kind, entry.id, .scheduleEntry(Self.entry(entry)))
        }
      case .bodyWeight:
        for entry in try await store.bodyWeights(ids: ids, ownerID: ownerID) { keep(kind, entry.id, .bodyWeight(Self.bodyWeight(entry))) }
      case .bodyMeasurements:
        for entry in try await store.bodyMeasurements(ids: ids, ownerID: ownerID) {
          keep(kind, entry.id, .bodyMeasurements(Self.bodyMeasurements(entry)))
        }
      case .goal:
        let wanted = Set(ids)
        let zone = try await timeZone(of: ownerID)
        let today = LocalDate(Date(), in: zone)
        let imperial = try await imperial(ownerID)
        for goal in try await store.goals(ownerID: ownerID) where wanted.contains(goal.id) {
          keep(kind, goal.id, .goal(try await goalMessage(goal, today: today, zone: zone, imperial: imperial)))
        }
      case .nutritionPlan:
        for plan in try await store.nutritionPlans(ids: ids, ownerID: ownerID) { keep(kind, plan.id, .nutritionPlan(Self.nutritionPlan(plan))) }
      case .foodEntry:
        for entry in try await store.foodEntries(ids: ids, ownerID: ownerID) { keep(kind, entry.id, .foodEntry(Self.foodEntry(entry))) }
      case .savedExercise:
        for saved in try await store.savedExercises(exerciseIDs: ids, ownerID: ownerID) {
          keep(kind, saved.exerciseID, .savedExercise(Self.savedExercise(saved)))
        }
      }
    }
    return found
  }

  static func changeKind(_ kind: PlanStore.ChangeKind) -> Gym_Plan_V1_ChangeKind {
    switch kind {
    case .routine: .routine
    case .scheduleEntry: .scheduleEntry
    case .session: .session
    case .bodyWeight: .bodyWeight
    case .bodyMeasurements: .bodyMeasurements
    case .goal: .goal
    case .nutritionPlan: .nutritionPlan
    case .foodEntry: .foodEntry
    case .savedExercise: .savedExercise
    }
  }
}
