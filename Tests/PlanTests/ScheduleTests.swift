import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// The weekly schedule, in the owner's own time zone.
  @Suite struct ScheduleTests {
    let london = TimeZone(identifier: "Europe/London")!

    @Test func sevenAmStaysSevenAmLocalAcrossTheSpringChange() {
      // Europe/London moves to BST on Sunday 29 March 2026.
      let rule = ScheduleRule(repeats: .weekly([1, 3, 5]), minuteOfDay: 7 * 60, reminderMinutesBefore: 30)
      let occurrences = rule.occurrences(from: LocalDate("2026-03-23")!, through: LocalDate("2026-04-05")!, in: london)
      #expect(occurrences.map(\.date.description) == ["2026-03-23", "2026-03-25", "2026-03-27", "2026-03-30", "2026-04-01", "2026-04-03"])
      let utcHours = occurrences.map { Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: $0.startsAt).hour }
      #expect(utcHours == [7, 7, 7, 6, 6, 6])
      #expect(occurrences[0].remindAt == occurrences[0].startsAt.addingTimeInterval(-1800))
    }

    @Test func aTimeSkippedBySpringForwardMovesToTheHourAfter() {
      let rule = ScheduleRule(repeats: .once(LocalDate("2026-03-29")!), minuteOfDay: 1 * 60 + 30, reminderMinutesBefore: 0)
      let occurrence = rule.occurrences(from: LocalDate("2026-03-29")!, through: LocalDate("2026-03-29")!, in: london)
      #expect(occurrence.count == 1)
      // 01:30 does not exist that night in London; 02:30 BST is 01:30 UTC.
      #expect(occurrence.first?.startsAt == ISO8601DateFormatter().date(from: "2026-03-29T01:30:00Z"))
      #expect(occurrence.first?.remindAt == nil)
    }

    @Test func weekdaysAndDatesAreComputedNotGuessed() {
      #expect(LocalDate("2026-11-23")!.isoWeekday == 1)  // a Monday
      #expect(LocalDate("2024-02-29") != nil)
      #expect(LocalDate("2026-02-29") == nil)
      #expect(LocalDate("1969-12-31")!.isoWeekday == 3)
      #expect(LocalDate("2026-12-31")!.adding(days: 1).description == "2027-01-01")
    }

    @Test func aScheduleIsListedInTheOwnersZoneAndTodayIsChosen() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let plan = env.plan, lena = env.lena.metadata
        let created = try await plan.createRoutine(.with { $0.routine = routine("MWF", exercises: [squat], days: 2) }, metadata: lena).routine
        let entry = try await plan.scheduleRoutine(
          .with {
            $0.entry = .with {
              $0.routineID = created.id
              $0.dayIndex = 1
              $0.weekdays = [.monday, .wednesday, .friday]
              $0.time = .with { $0.hours = 7 }
              $0.reminderMinutesBefore = 15
            }
          }, metadata: lena
        ).entry
        #expect(entry.routineName == "MWF")

        let listed = try await plan.listSchedule(
          .with {
            $0.from = date(2026, 3, 23); $0.to = date(2026, 4, 5)
          }, metadata: lena)
        #expect(listed.timeZone == "Europe/London")
        #expect(listed.occurrences.count == 6)
        #expect(listed.occurrences.allSatisfy { $0.time.hours == 7 && $0.dayName == "Day 2" })
        #expect(listed.occurrences[3].startsAt.date == ISO8601DateFormatter().date(from: "2026-03-30T06:00:00Z"))

        // Every day of the week, so today is always a training day in this test.
        _ = try await plan.scheduleRoutine(
          .with {
            $0.entry = .with {
              $0.routineID = created.id
              $0.weekdays = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
              $0.time = .with {
                $0.hours = 6; $0.minutes = 30
              }
            }
          }, metadata: lena)
        let today = try await plan.getToday(.init(), metadata: lena)
        #expect(today.occurrences.first?.dayIndex == 0)
        let session = try await plan.startSession(.init(), metadata: lena).session
        #expect(session.routineID == created.id)
        #expect(session.name == "Day 1")

        let bothKinds = await rpcError {
          _ = try await plan.scheduleRoutine(
            .with {
              $0.entry = .with {
                $0.routineID = created.id; $0.weekdays = [.monday]; $0.date = date(2026, 5, 1)
              }
            }, metadata: lena)
        }
        #expect(bothKinds?.fieldViolations.map(\.field) == ["entry.weekdays"])
        let badDay = await rpcError {
          _ = try await plan.scheduleRoutine(
            .with {
              $0.entry = .with {
                $0.routineID = created.id; $0.dayIndex = 5; $0.weekdays = [.monday]
              }
            }, metadata: lena)
        }
        #expect(badDay?.fieldViolations.map(\.field) == ["entry.day_index"])
        let tooLong = await rpcError {
          _ = try await plan.listSchedule(
            .with {
              $0.from = date(2026, 1, 1); $0.to = date(2026, 12, 31)
            }, metadata: lena)
        }
        #expect(tooLong?.code == .invalidArgument)
        let notHis = await rpcError {
          _ = try await plan.scheduleRoutine(
            .with {
              $0.entry = .with {
                $0.routineID = created.id; $0.weekdays = [.monday]
              }
            }, metadata: env.omar.metadata)
        }
        #expect(notHis?.code == .notFound)
        #expect(
          try await plan.listSchedule(
            .with {
              $0.from = date(2026, 3, 23); $0.to = date(2026, 4, 5)
            }, metadata: env.omar.metadata
          ).occurrences.isEmpty)

        _ = try await plan.deleteRoutine(.with { $0.id = created.id }, metadata: lena)
        #expect(
          try await plan.listSchedule(
            .with {
              $0.from = date(2026, 3, 23); $0.to = date(2026, 4, 5)
            }, metadata: lena
          ).occurrences.isEmpty)
      }
    }
  }
}
