import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension PlanService {
  static let maximumScheduleDays = 92

  public func scheduleRoutine(
    request: Gym_Plan_V1_ScheduleRoutineRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_ScheduleRoutineResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "ScheduleRoutine")
    let entry = request.entry
    var violations: [FieldViolation] = []
    if entry.routineID.isEmpty { violations.append(.init("entry.routine_id", "is required")) }
    let rule = Self.scheduleRule(entry, field: "entry", &violations)
    guard violations.isEmpty, let rule else { throw GymError.invalid(violations) }
    let now = Date()
    let stored = try await store.insertScheduleEntry(
      ScheduleEntryRecord(
        id: ID.make(now: now), ownerID: caller.userID, routineID: entry.routineID, dayIndex: Int(entry.dayIndex), rule: rule,
        createdAt: now), key: key)
    return .with { $0.entry = Self.entry(stored) }
  }

  public func listSchedule(request: Gym_Plan_V1_ListScheduleRequest, context: ServerContext) async throws -> Gym_Plan_V1_ListScheduleResponse {
    let caller = try Caller.current()
    let from = try LocalDate.required(request.from, field: "from")
    let to = try LocalDate.required(request.to, field: "to")
    guard from <= to, to.daysSinceEpoch - from.daysSinceEpoch < Self.maximumScheduleDays else {
      throw GymError.invalid([.init("to", "must be on or after from and at most \(Self.maximumScheduleDays - 1) days later")])
    }
    let zone = try await timeZone(of: caller.userID)
    let entries = try await store.scheduleEntries(ownerID: caller.userID)
    return .with {
      $0.occurrences = Self.occurrences(entries, from: from, to: to, zone: zone)
      $0.timeZone = zone.identifier
    }
  }

  public func deleteScheduleEntry(
    request: Gym_Plan_V1_DeleteScheduleEntryRequest, context: ServerContext
  ) async throws -> Gym_Plan_V1_DeleteScheduleEntryResponse {
    let caller = try Caller.current()
    try await store.deleteScheduleEntry(id: request.id, ownerID: caller.userID)
    return .init()
  }

  public func getToday(request: Gym_Plan_V1_GetTodayRequest, context: ServerContext) async throws -> Gym_Plan_V1_GetTodayResponse {
    let caller = try Caller.current()
    let zone = try await timeZone(of: caller.userID)
    let today = LocalDate(Date(), in: zone)
    let occurrences = Self.occurrences(try await store.scheduleEntries(ownerID: caller.userID), from: today, to: today, zone: zone)
    let active = try await store.activeSession(ownerID: caller.userID)
    let names = try await exerciseNames(active?.items.map(\.exerciseID) ?? [])
    return .with {
      $0.occurrences = occurrences
      if let active { $0.activeSession = PlanMapping.session(active, names: names) }
    }
  }

  /// Every entry's occurrences in the range, in time order.
  static func occurrences(_ entries: [ScheduleEntryRecord], from: LocalDate, to: LocalDate, zone: TimeZone) -> [Gym_Plan_V1_Occurrence] {
    entries.flatMap { entry in
      entry.rule.occurrences(from: from, through: to, in: zone).map { (entry, $0) }
    }
    .sorted { ($0.1.startsAt, $0.0.id) < ($1.1.startsAt, $1.0.id) }
    .map { entry, occurrence in
      .with {
        $0.entryID = entry.id
        $0.routineID = entry.routineID
        $0.routineName = entry.routineName
        $0.dayIndex = Int32(entry.dayIndex)
        $0.dayName = entry.dayName
        $0.date = occurrence.date.proto
        $0.time = PlanMapping.time(minuteOfDay: entry.rule.minuteOfDay)
        $0.startsAt = .init(date: occurrence.startsAt)
        if let remind = occurrence.remindAt { $0.remindAt = .init(date: remind) }
      }
    }
  }

  /// An entry's rule (all but its routine), checked: nil with the problems added.
  static func scheduleRule(_ entry: Gym_Plan_V1_ScheduleEntry, field: String, _ violations: inout [FieldViolation]) -> ScheduleRule? {
    let count = violations.count
    var date: LocalDate? = nil
    do {
      date = try LocalDate.optional(entry.date, field: "\(field).date")
    } catch .invalid(let problems) {
      violations += problems
    } catch {}
    let weekdays = Set(entry.weekdays.map(\.rawValue))
    if weekdays.contains(where: { !(1...7).contains($0) }) {
      violations.append(.init("\(field).weekdays", "must be MONDAY to SUNDAY"))
    }
    if weekdays.isEmpty == (date == nil) && violations.count == count {
      violations.append(.init("\(field).weekdays", "give weekdays for a weekly entry or a date for a single one, not both"))
    }
    if !(0...23).contains(entry.time.hours) || !(0...59).contains(entry.time.minutes) {
      violations.append(.init("\(field).time", "must be a time of day from 00:00 to 23:59"))
    }
    if !(0...10080).contains(entry.reminderMinutesBefore) {
      violations.append(.init("\(field).reminder_minutes_before", "must be 0 (none) to 10080 minutes (a week)"))
    }
    if entry.dayIndex < 0 { violations.append(.init("\(field).day_index", "must not be negative")) }
    guard violations.count == count else { return nil }
    return ScheduleRule(
      repeats: date.map { .once($0) } ?? .weekly(weekdays), minuteOfDay: Int(entry.time.hours) * 60 + Int(entry.time.minutes),
      reminderMinutesBefore: Int(entry.reminderMinutesBefore))
  }

  static func entry(_ entry: ScheduleEntryRecord) -> Gym_Plan_V1_ScheduleEntry {
    .with {
      $0.id = entry.id
      $0.routineID = entry.routineID
      $0.routineName = entry.routineName
      $0.dayIndex = Int32(entry.dayIndex)
      switch entry.rule.repeats {
      case .weekly(let days): $0.weekdays = days.sorted().compactMap { Gym_Common_V1_Weekday(rawValue: $0) }
      case .once(let date): $0.date = date.proto
      }
      $0.time = PlanMapping.time(minuteOfDay: entry.rule.minuteOfDay)
      $0.reminderMinutesBefore = Int32(entry.rule.reminderMinutesBefore)
      $0.createdAt = .init(date: entry.createdAt)
    }
  }
}
