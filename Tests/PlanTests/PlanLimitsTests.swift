import Foundation
import GRDB
import GymService
import GymStore
import Testing

@testable import GymPlan

/// Per-user caps, on a real database with small limits: the write past a cap is refused
/// with a message naming the cap and what to delete, and stores nothing.
@Suite struct PlanLimitsTests {
  let now = Date()
  let day = LocalDate("2026-03-02")!

  func store(_ change: (inout PlanLimits) -> Void) throws -> PlanStore {
    var limits = PlanLimits()
    change(&limits)
    return try PlanStore(writer: DatabaseQueue(), limits: limits)
  }

  func routine(_ id: String, owner: String = "u1") -> RoutineRecord {
    RoutineRecord(
      id: id, ownerID: owner, name: "Routine \(id)", description: "",
      days: [.init(name: "Legs", exercises: [.init(exerciseID: "ex-squat", sets: [.init(targetReps: 5, targetWeightKg: 100)])])],
      now: now)
  }

  /// The quota message, or nil when `body` did not fail with one.
  func quota(_ body: () async throws -> Void) async -> String? {
    do {
      try await body()
      return nil
    } catch PlanError.quotaExceeded(let message) {
      return message
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test func routinesPerUser() async throws {
    let store = try store { $0.routines = 2 }
    _ = try await store.insertRoutine(routine("r1"))
    _ = try await store.insertRoutine(routine("r2"))
    let refused = await quota { _ = try await store.insertRoutine(routine("r3")) }
    #expect(refused?.contains("2 routines") == true && refused?.contains("DeleteRoutine") == true, "\(refused ?? "accepted")")
    let copy = await quota { _ = try await store.insertCopy(routine("r4"), savedJob: Data("{}".utf8), now: now) }
    #expect(copy != nil)
    // Another user is not affected.
    _ = try await store.insertRoutine(routine("r5", owner: "u2"))
    #expect(try await store.routines(ownerID: "u1", limit: 10, offset: 0).count == 2)
  }

  @Test func scheduleEntriesAndRemindersPerUser() async throws {
    let store = try store {
      $0.scheduleEntries = 3
      $0.reminders = 1
    }
    _ = try await store.insertRoutine(routine("r1"))
    func entry(_ id: String, reminder: Int) -> ScheduleEntryRecord {
      ScheduleEntryRecord(
        id: id, ownerID: "u1", routineID: "r1", dayIndex: 0,
        rule: ScheduleRule(repeats: .weekly([1]), minuteOfDay: 420, reminderMinutesBefore: reminder), createdAt: now)
    }
    _ = try await store.insertScheduleEntry(entry("e1", reminder: 30))
    let reminder = await quota { _ = try await store.insertScheduleEntry(entry("e2", reminder: 15)) }
    #expect(reminder?.contains("1 reminder") == true, "\(reminder ?? "accepted")")
    _ = try await store.insertScheduleEntry(entry("e3", reminder: 0))
    _ = try await store.insertScheduleEntry(entry("e4", reminder: 0))
    let entries = await quota { _ = try await store.insertScheduleEntry(entry("e5", reminder: 0)) }
    #expect(entries?.contains("3 schedule entries") == true, "\(entries ?? "accepted")")
    #expect(try await store.scheduleEntries(ownerID: "u1").map(\.id).sorted() == ["e1", "e3", "e4"])
  }

  func session(_ id: String, items: Int = 1) -> SessionRecord {
    SessionRecord(
      id: id, ownerID: "u1", state: .active, routineID: nil, dayIndex: 0, name: "Workout",
      items: (0..<items).map { .init(id: "\(id)-i\($0)", exerciseID: "ex-squat", plannedSets: []) }, startedAt: now, endedAt: nil,
      localDate: day, notes: "", summary: nil)
  }

  @Test func itemsAndSetsPerSession() async throws {
    let store = try store {
      $0.sessionItems = 2
      $0.setsPerSession = 3
    }
    _ = try await store.startSession(session("s1"))
    let add = PlanStore.SessionEdit.add(.init(id: "new", exerciseID: "ex-bench", plannedSets: []), position: 0)
    _ = try await store.editSession(sessionID: "s1", ownerID: "u1", edits: [add])
    let more = await quota {
      _ = try await store.editSession(
        sessionID: "s1", ownerID: "u1", edits: [.add(.init(id: "new2", exerciseID: "ex-row", plannedSets: []), position: 0)])
    }
    #expect(more?.contains("2 exercises") == true, "\(more ?? "accepted")")
    for _ in 0..<3 {
      _ = try await store.logSet(
        sessionID: "s1", itemID: "s1-i0", ownerID: "u1", set: .init(reps: 5, weightKg: 100, loggedAt: now))
    }
    let set = await quota {
      _ = try await store.logSet(
        sessionID: "s1", itemID: "s1-i0", ownerID: "u1", set: .init(reps: 5, weightKg: 100, loggedAt: now))
    }
    #expect(set?.contains("3 sets") == true, "\(set ?? "accepted")")
    let stored = try await store.session(id: "s1", ownerID: "u1")
    #expect(stored?.items.count == 2)
    #expect(stored?.items.flatMap(\.loggedSets).count == 3)
  }

  @Test func sessionsPerDay() async throws {
    let store = try store { $0.sessionsPerDay = 2 }
    _ = try await store.startSession(session("s1"))
    try await store.abandonSession(id: "s1", ownerID: "u1", now: now)
    _ = try await store.startSession(session("s2"))
    try await store.abandonSession(id: "s2", ownerID: "u1", now: now)
    let third = await quota { _ = try await store.startSession(session("s3")) }
    #expect(third?.contains("2 sessions") == true, "\(third ?? "accepted")")
    var logged = session("s4")
    logged.state = .finished
    let late = await quota { _ = try await store.logWorkout(logged) }
    #expect(late != nil)
    #expect(try await store.sessions(ownerID: "u1", from: nil, to: nil, limit: 10, offset: 0).count == 2)
  }

  @Test func foodEntriesPerDayAndNutritionPlans() async throws {
    let store = try store {
      $0.foodEntriesPerDay = 2
      $0.nutritionPlans = 1
    }
    func food(_ id: String, on date: LocalDate) -> FoodEntryRecord {
      FoodEntryRecord(id: id, ownerID: "u1", date: date, meal: "", description: "Oats", macros: .zero, loggedAt: now)
    }
    try await store.logFood(food("f1", on: day))
    try await store.logFood(food("f2", on: day))
    let third = await quota { try await store.logFood(food("f3", on: day)) }
    #expect(third?.contains("2 food log entries") == true, "\(third ?? "accepted")")
    try await store.logFood(food("f4", on: day.adding(days: 1)))

    let plan = NutritionPlanRecord(id: "n1", ownerID: "u1", name: "Cut", targets: .zero, days: [], active: true, now: now)
    _ = try await store.insertNutritionPlan(plan, today: day)
    var second = plan
    second.id = "n2"
    let refused = await quota { _ = try await store.insertNutritionPlan(second, today: day) }
    #expect(refused?.contains("1 nutrition plan") == true, "\(refused ?? "accepted")")
    // The refused plan did not deactivate the first.
    #expect(try await store.activeNutritionPlan(ownerID: "u1")?.id == "n1")
  }

  @Test func goalsAndSavedExercises() async throws {
    let store = try store {
      $0.goals = 1
      $0.savedExercises = 1
    }
    try await store.insertGoal(GoalRecord(id: "g1", ownerID: "u1", kind: .bodyWeight, targetWeightKg: 75, due: day, startValue: 80, createdAt: now))
    let goal = await quota {
      try await store.insertGoal(GoalRecord(id: "g2", ownerID: "u1", kind: .bodyWeight, targetWeightKg: 70, due: day, startValue: 80, createdAt: now))
    }
    #expect(goal?.contains("1 goal") == true, "\(goal ?? "accepted")")
    let squat = PlanStore.ExerciseInfo(id: "ex-squat", name: "Squat", equipment: [])
    try await store.saveExercise(squat, ownerID: "u1", now: now)
    // Saving the same again is no new row.
    try await store.saveExercise(squat, ownerID: "u1", now: now)
    let saved = await quota { try await store.saveExercise(.init(id: "ex-bench", name: "Bench", equipment: []), ownerID: "u1", now: now) }
    #expect(saved?.contains("1 saved exercise") == true, "\(saved ?? "accepted")")
  }
}

/// Past days can be logged back to year 1: history is capped in all, not only per day.
@Suite struct PlanHistoryLimitsTests {
  let now = Date()
  let day = LocalDate("2026-03-02")!

  @Test func sessionsFoodAndWeighInsInAll() async throws {
    var limits = PlanLimits()
    limits.sessions = 2
    limits.foodEntries = 2
    limits.bodyWeights = 2
    let store = try PlanStore(writer: DatabaseQueue(), limits: limits)
    let tests = PlanLimitsTests()
    for offset in 0..<2 {
      var logged = tests.session("s\(offset)")
      logged.localDate = day.adding(days: -offset * 400)
      _ = try await store.logWorkout(logged)
      try await store.logFood(
        FoodEntryRecord(id: "f\(offset)", ownerID: "u1", date: day.adding(days: -offset * 400), meal: "", description: "Oats", macros: .zero, loggedAt: now))
      _ = try await store.logBodyWeight(id: "w\(offset)", ownerID: "u1", date: day.adding(days: -offset * 400), weightKg: 80, now: now)
    }
    var old = tests.session("s-old")
    old.localDate = LocalDate("1901-01-01")!
    let session = await tests.quota { _ = try await store.logWorkout(old) }
    #expect(session?.contains("2 sessions in all") == true, "\(session ?? "accepted")")
    let food = await tests.quota {
      try await store.logFood(FoodEntryRecord(id: "f-old", ownerID: "u1", date: old.localDate, meal: "", description: "Oats", macros: .zero, loggedAt: now))
    }
    #expect(food?.contains("2 food log entries in all") == true, "\(food ?? "accepted")")
    let weight = await tests.quota { _ = try await store.logBodyWeight(id: "w-old", ownerID: "u1", date: old.localDate, weightKg: 80, now: now) }
    #expect(weight?.contains("2 weigh-ins") == true, "\(weight ?? "accepted")")
    // A day that has a weigh-in may still be corrected.
    #expect(try await store.logBodyWeight(id: "w-again", ownerID: "u1", date: day, weightKg: 79, now: now).weightKg == 79)
    #expect(try await store.sessions(ownerID: "u1", from: nil, to: nil, limit: 10, offset: 0).count == 2)
  }
}
