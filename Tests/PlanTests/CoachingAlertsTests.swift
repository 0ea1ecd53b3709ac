import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// What a trainer sees of a client's training: every set of the recent workouts, and,
  /// when the trainer asks for it, a notification of each finished workout.
  @Suite struct CoachingAlertsTests {
    @Test func theOverviewShowsEachSetsWeightAndReps() async throws {
      try await PlanFixture.run { env in
        let tess = try await env.running.register("tess", role: .trainer)
        try await coach(tess, lena: env, plan: env.plan)
        let squat = try await env.exercise("back-squat")
        _ = try await env.plan.logWorkout(
          .with {
            $0.date = date(2026, 5, 4)
            $0.entries = [
              .with {
                $0.exerciseID = squat
                $0.sets = [
                  .with {
                    $0.reps = 10; $0.weightKg = 40; $0.type = .warmUp
                  },
                  .with {
                    $0.reps = 5; $0.weightKg = 102.5; $0.rpe = 8.5
                  },
                ]
              }
            ]
          }, metadata: env.lena.metadata)
        // Her live session is hers alone until it ends.
        _ = try await env.plan.startSession(.init(), metadata: env.lena.metadata)
        let overview = try await env.plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
        #expect(overview.recentSessions.count == 1)
        let sets = try #require(overview.recentSessions.first?.items.first?.loggedSets)
        #expect(sets.map(\.reps) == [10, 5] && sets.map(\.weightKg) == [40, 102.5])
        #expect(sets.map(\.type) == [.warmUp, .working] && sets[1].rpe == 8.5)
      }
    }

    /// The trainer places an assigned routine on the client's weekly calendar: the
    /// client's own entries, in the client's zone, all or nothing.
    @Test func anAssignedRoutineLandsOnTheClientsCalendar() async throws {
      try await PlanFixture.run { env in
        let tess = try await env.running.register("tess", role: .trainer)
        try await coach(tess, lena: env, plan: env.plan)
        let squat = try await env.exercise("back-squat")
        let mine = try await env.plan.createRoutine(
          .with { $0.routine = routine("Two days of squats", exercises: [squat], days: 2) }, metadata: tess.metadata
        ).routine
        let assigned = try await env.plan.assignRoutine(
          .with {
            $0.clientID = env.lena.id; $0.routineID = mine.id
            $0.schedule = [
              .with {
                $0.dayIndex = 0; $0.weekdays = [.monday, .thursday];
                $0.time = .with {
                  $0.hours = 7; $0.minutes = 30
                }
                $0.reminderMinutesBefore = 30
              },
              .with {
                $0.dayIndex = 1; $0.weekdays = [.saturday]; $0.time = .with { $0.hours = 10 }
              },
            ]
          }, metadata: tess.metadata)
        #expect(assigned.schedule.map(\.routineID) == [assigned.routine.id, assigned.routine.id])
        // Monday 2026-06-01 to Sunday 2026-06-07, in Lena's zone (Europe/London, BST).
        let week = try await env.plan.listSchedule(
          .with {
            $0.from = date(2026, 6, 1); $0.to = date(2026, 6, 7)
          }, metadata: env.lena.metadata)
        #expect(week.timeZone == "Europe/London")
        #expect(week.occurrences.map(\.date.day) == [1, 4, 6])
        #expect(week.occurrences.map(\.dayName) == ["Day 1", "Day 1", "Day 2"])
        #expect(week.occurrences[0].time.hours == 7 && week.occurrences[0].time.minutes == 30)
        #expect(week.occurrences[0].startsAt.seconds == Int64(Date(timeIntervalSince1970: 1_780_295_400).timeIntervalSince1970))  // 06:30 UTC
        #expect(week.occurrences[0].hasRemindAt && !week.occurrences[2].hasRemindAt)
        // Hers to delete.
        _ = try await env.plan.deleteScheduleEntry(.with { $0.id = assigned.schedule[1].id }, metadata: env.lena.metadata)

        // A day the routine lacks, or a bad entry: nothing assigned at all.
        let before = try await env.plan.listRoutines(.init(), metadata: env.lena.metadata).routines.count
        let refused = await rpcError {
          _ = try await env.plan.assignRoutine(
            .with {
              $0.clientID = env.lena.id; $0.routineID = mine.id
              $0.schedule = [
                .with {
                  $0.dayIndex = 0; $0.weekdays = [.monday]; $0.date = date(2026, 6, 2)
                },
                .with {
                  $0.dayIndex = 5; $0.weekdays = [.friday]
                },
              ]
            }, metadata: tess.metadata)
        }
        #expect(refused?.code == .invalidArgument)
        #expect(refused?.fieldViolations.map(\.field) == ["schedule[0].weekdays"])
        let noSuchDay = await rpcError {
          _ = try await env.plan.assignRoutine(
            .with {
              $0.clientID = env.lena.id; $0.routineID = mine.id
              $0.schedule = [
                .with {
                  $0.dayIndex = 5; $0.weekdays = [.friday]
                }
              ]
            }, metadata: tess.metadata)
        }
        #expect(noSuchDay?.code == .invalidArgument && noSuchDay?.fieldViolations.map(\.field) == ["schedule[0].day_index"])
        #expect(try await env.plan.listRoutines(.init(), metadata: env.lena.metadata).routines.count == before)
      }
    }

    /// First and last name beside the display name: the account's own, and its trainers'
    /// (client list, search), never the public profile's or the trainer's own.
    @Test func aClientsFirstAndLastNameAreForTheirTrainersAlone() async throws {
      try await PlanFixture.run { env in
        let tess = try await env.running.register("tess", role: .trainer)
        for user in [env.lena, tess] {
          _ = try await env.auth.updateProfile(
            .with {
              $0.profile = .with {
                $0.givenName = user.id == tess.id ? "Tessa" : " Lena "; $0.familyName = user.id == tess.id ? "Quist" : "Hartmann"
              }
              $0.updateMask = .with { $0.paths = ["given_name", "family_name"] }
            }, metadata: user.metadata)
        }
        let me = try await env.auth.getMe(.init(), metadata: env.lena.metadata).user.profile
        #expect(me.givenName == "Lena" && me.familyName == "Hartmann")
        try await coach(tess, lena: env, plan: env.plan)

        let clients = try await env.plan.listClients(.with { $0.query = "hartmann" }, metadata: tess.metadata).clients
        #expect(clients.map(\.person.userID) == [env.lena.id])
        #expect(clients.first?.person.givenName == "Lena" && clients.first?.person.familyName == "Hartmann")
        let overview = try await env.plan.getClientOverview(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
        #expect(overview.client.person.familyName == "Hartmann")
        // The trainer as her client sees her: display name only.
        let trainers = try await env.plan.listMyTrainers(.init(), metadata: env.lena.metadata).trainers
        #expect(trainers.map(\.username) == ["tess"] && trainers[0].givenName.isEmpty && trainers[0].familyName.isEmpty)
        // Strangers never: profile search does not find her by them.
        let found = try await env.auth.searchProfiles(.with { $0.query = "Hartmann" }, metadata: env.omar.metadata)
        #expect(found.profiles.isEmpty)
        #expect(try await env.auth.searchProfiles(.with { $0.query = "lena" }, metadata: env.omar.metadata).profiles.count == 1)

        let refused = await rpcError {
          _ = try await env.auth.updateProfile(
            .with {
              $0.profile = .with { $0.familyName = String(repeating: "x", count: 101) }
              $0.updateMask = .with { $0.paths = ["family_name"] }
            }, metadata: env.lena.metadata)
        }
        #expect(refused?.code == .invalidArgument && refused?.fieldViolations.map(\.field) == ["profile.family_name"])
      }
    }

    @Test func aTrainerWhoAsksHearsOfEachFinishedWorkout() async throws {
      try await PlanFixture.run(messaging: true) { env in
        let messaging = try #require(env.messaging)
        let tess = try await env.running.register("tess", role: .trainer)
        try await coach(tess, lena: env, plan: env.plan)
        let squat = try await env.exercise("back-squat")
        @Sendable func workout(_ day: Int) async throws -> Gym_Plan_V1_Session {
          try await env.plan.logWorkout(
            .with {
              $0.date = date(2026, 5, day)
              $0.name = "Squat day \(day)"
              $0.entries = [
                .with {
                  $0.exerciseID = squat;
                  $0.sets = [
                    .with {
                      $0.reps = 5; $0.weightKg = 100
                    }
                  ]
                }
              ]
            }, metadata: env.lena.metadata
          ).session
        }
        @Sendable func alerts() async throws -> [Gym_Messaging_V1_Notification] {
          try await messaging.listNotifications(.init(), metadata: tess.metadata).notifications.filter { $0.kind == "client-session" }
        }

        #expect(try await env.plan.listClients(.init(), metadata: tess.metadata).clients.first?.finishedSessionAlerts == false)
        _ = try await workout(4)  // off by default: nothing

        let client = try await env.plan.setClientAlerts(
          .with {
            $0.clientID = env.lena.id; $0.finishedSessionAlerts = true
          }, metadata: tess.metadata
        ).client
        #expect(client.finishedSessionAlerts && client.person.userID == env.lena.id)
        _ = try await workout(5)
        let told = try await firstFound { try await alerts().first }
        #expect(told?.title == "Lena finished a workout")
        #expect(told?.body == "Squat day 5: 1 set, 500 kg")
        #expect(told?.reference == env.lena.id)
        #expect(try await alerts().count == 1, "only the workout after the alerts were turned on")

        // Off again: day 6 tells nothing. Day 7, after they are on once more, is told;
        // the outbox keeps order, so had day 6 been told it would have arrived first.
        _ = try await env.plan.setClientAlerts(.with { $0.clientID = env.lena.id }, metadata: tess.metadata)
        _ = try await workout(6)
        _ = try await env.plan.setClientAlerts(
          .with {
            $0.clientID = env.lena.id; $0.finishedSessionAlerts = true
          }, metadata: tess.metadata)
        _ = try await workout(7)
        #expect(try await firstFound { try await alerts().first { $0.body.hasPrefix("Squat day 7") } } != nil)
        #expect(try await alerts().map(\.body).sorted() == ["Squat day 5: 1 set, 500 kg", "Squat day 7: 1 set, 500 kg"])

        // Only for the trainer's own clients, and only trainers.
        let notMine = await rpcError {
          _ = try await env.plan.setClientAlerts(
            .with {
              $0.clientID = env.omar.id; $0.finishedSessionAlerts = true
            }, metadata: tess.metadata)
        }
        #expect(notMine?.code == .notFound)
        let member = await rpcError {
          _ = try await env.plan.setClientAlerts(
            .with {
              $0.clientID = env.lena.id; $0.finishedSessionAlerts = true
            }, metadata: env.omar.metadata)
        }
        #expect(member?.code == .permissionDenied)
      }
    }
  }
}
