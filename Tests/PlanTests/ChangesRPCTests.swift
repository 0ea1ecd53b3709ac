import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// An app keeps a local copy of the member's plan data and catches up from a cursor:
  /// each object that changed comes once, as it is now, deletions as tombstones, the
  /// caller's own only.
  @Suite struct ChangesRPCTests {
    typealias Key = String

    static func key(_ change: Gym_Plan_V1_Change) -> Key { "\(change.kind):\(change.id)" }

    /// Every page from `cursor` on, followed to the end.
    static func sync(
      _ plan: Plan, _ metadata: Metadata, from cursor: String, pageSize: Int32 = 0
    ) async throws -> (changes: [Gym_Plan_V1_Change], cursor: String, pages: Int) {
      var cursor = cursor
      var all: [Gym_Plan_V1_Change] = []
      var pages = 0
      while true {
        let page = try await plan.listChanges(
          .with {
            $0.cursor = cursor; $0.pageSize = pageSize
          }, metadata: metadata)
        all += page.changes
        cursor = page.nextCursor
        pages += 1
        if !page.more { return (all, cursor, pages) }
        try #require(pages < 100, "more pages than changes")
      }
    }

    @Test func anAppCatchesUpWithWhatChangedSinceItsCursor() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let empty = try await plan.listChanges(.init(), metadata: lena)
        #expect(empty.changes.isEmpty && !empty.more)

        let squat = try await env.exercise("back-squat")
        let legs = try await plan.createRoutine(.with { $0.routine = routine("Legs", exercises: [squat]) }, metadata: lena).routine
        let entry = try await plan.scheduleRoutine(
          .with {
            $0.entry = .with {
              $0.routineID = legs.id; $0.weekdays = [.monday]; $0.time = .with { $0.hours = 7 }
            }
          },
          metadata: lena
        ).entry
        let weight = try await plan.logBodyWeight(.with { $0.weightKg = 80 }, metadata: lena).entry
        let food = try await plan.logFood(
          .with {
            $0.entry = .with {
              $0.meal = "Lunch"; $0.description_p = "rice"
              $0.macros = .with {
                $0.kcal = 400; $0.carbsG = 70; $0.proteinG = 15; $0.fatG = 8
              }
            }
          }, metadata: lena
        ).entry
        _ = try await plan.saveExercise(.with { $0.exerciseID = squat }, metadata: lena)
        let meals = try await plan.createNutritionPlan(
          .with {
            $0.plan = .with {
              $0.name = "Cut, 2000 kcal"
              $0.dailyTargets = .with {
                $0.kcal = 2000; $0.proteinG = 150; $0.carbsG = 200; $0.fatG = 67
              }
            }
          }, metadata: lena
        ).plan
        // Omar's writes are his: they never reach Lena's log.
        _ = try await plan.logBodyWeight(.with { $0.weightKg = 90 }, metadata: env.omar.metadata)

        let first = try await Self.sync(plan, lena, from: "")
        #expect(
          first.changes.map(Self.key) == [
            "routine:\(legs.id)", "scheduleEntry:\(entry.id)", "bodyWeight:\(weight.id)", "foodEntry:\(food.id)",
            "savedExercise:\(squat)", "nutritionPlan:\(meals.id)",
          ])
        #expect(first.changes.allSatisfy { !$0.deleted })
        #expect(first.changes[0].routine.name == "Legs" && first.changes[0].routine.days[0].exercises[0].exerciseName != "")
        #expect(first.changes[1].scheduleEntry.routineID == legs.id)
        #expect(first.changes[2].bodyWeight.weightKg == 80)
        #expect(first.changes[3].foodEntry.description_p == "rice")
        #expect(first.changes[4].savedExercise.exerciseID == squat)
        #expect(first.changes[5].nutritionPlan.name == "Cut, 2000 kcal")

        // Nothing new: nothing sent, and the cursor stays.
        let idle = try await plan.listChanges(.with { $0.cursor = first.cursor }, metadata: lena)
        #expect(idle.changes.isEmpty && !idle.more && idle.nextCursor == first.cursor)

        // A workout of several writes is one change, as it stands; a deletion is a tombstone.
        let session = try await plan.startSession(.with { $0.routineID = legs.id }, metadata: lena).session
        for reps in [5, 4] {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id
              $0.set = .with {
                $0.reps = Int32(reps); $0.weightKg = 100
              }
            }, metadata: lena)
        }
        _ = try await plan.deleteFoodLog(.with { $0.id = food.id }, metadata: lena)
        let second = try await Self.sync(plan, lena, from: first.cursor)
        #expect(second.changes.map(Self.key) == ["session:\(session.id)", "foodEntry:\(food.id)"])
        #expect(second.changes[0].session.items[0].loggedSets.map(\.reps) == [5, 4])
        #expect(second.changes[1].deleted && second.changes[1].object == nil)

        // Another set moves the session again (a set is part of it).
        _ = try await plan.logSet(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[0].id
            $0.set = .with {
              $0.reps = 3; $0.weightKg = 100
            }
          }, metadata: lena)
        let another = try await Self.sync(plan, lena, from: second.cursor)
        #expect(another.changes.map(Self.key) == ["session:\(session.id)"])
        #expect(another.changes.first?.session.items[0].loggedSets.map(\.reps) == [5, 4, 3])

        // Deleting the routine takes its schedule entry along: both are tombstones.
        _ = try await plan.deleteRoutine(.with { $0.id = legs.id }, metadata: lena)
        let third = try await Self.sync(plan, lena, from: another.cursor)
        #expect(Set(third.changes.map(Self.key)) == ["routine:\(legs.id)", "scheduleEntry:\(entry.id)"])
        #expect(third.changes.allSatisfy { $0.deleted })

        // From scratch, small pages: what is there now and the deletions, each once.
        let paged = try await Self.sync(plan, lena, from: "", pageSize: 2)
        #expect(paged.pages == 4)
        #expect(paged.changes.map(Self.key).count == Set(paged.changes.map(Self.key)).count)
        #expect(
          Set(paged.changes.filter { !$0.deleted }.map(Self.key)) == [
            "bodyWeight:\(weight.id)", "savedExercise:\(squat)", "session:\(session.id)", "nutritionPlan:\(meals.id)",
          ])
        #expect(paged.cursor == third.cursor)

        let bad = await rpcError { _ = try await plan.listChanges(.with { $0.cursor = "page-2" }, metadata: lena) }
        #expect(bad?.code == .invalidArgument && bad?.fieldViolations.map(\.field) == ["cursor"])
      }
    }
  }
}
