import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymPlan

extension PlanRPC {
  /// Fixing what was logged: a set corrected or deleted, a past workout moved, renamed or
  /// deleted, and set types; totals, statistics and records follow each change.
  @Suite struct CorrectionRPCTests {
    typealias SetSpec = (reps: Int32, kg: Double, type: Gym_Plan_V1_SetType)

    /// Quick-logs `sets` of one exercise on a day; the workout as stored.
    func log(_ env: PlanFixture.Env, _ exercise: String, on day: Gym_Common_V1_Date, _ sets: [SetSpec]) async throws -> Gym_Plan_V1_Session {
      try await env.plan.logWorkout(
        .with {
          $0.date = day
          $0.durationMinutes = 45
          $0.entries = [
            .with {
              $0.exerciseID = exercise
              $0.sets = sets.map { set in
                .with {
                  $0.reps = set.reps; $0.weightKg = set.kg; $0.type = set.type
                }
              }
            }
          ]
        }, metadata: env.lena.metadata
      ).session
    }

    func records(_ env: PlanFixture.Env, _ exercise: String) async throws -> [Gym_Plan_V1_RecordKind: Double] {
      let stats = try await env.plan.getExerciseStats(.with { $0.exerciseID = exercise }, metadata: env.lena.metadata)
      return Dictionary(uniqueKeysWithValues: stats.records.map { ($0.kind, $0.value) })
    }

    func session(_ env: PlanFixture.Env, _ id: String) async throws -> Gym_Plan_V1_Session {
      try await env.plan.getSession(.with { $0.id = id }, metadata: env.lena.metadata).session
    }

    /// A session's new records, kind → (value, previous).
    func newRecords(_ session: Gym_Plan_V1_Session) -> [Gym_Plan_V1_RecordKind: [Double]] {
      Dictionary(uniqueKeysWithValues: session.summary.newRecords.map { ($0.kind, [$0.value, $0.previous]) })
    }

    @Test func aCorrectedTypoNoLongerHoldsTheRecordAndTheStatisticsFollow() async throws {
      try await PlanFixture.run { env in
        let bench = try await env.exercise("barbell-bench-press")
        let first = try await log(env, bench, on: date(2026, 3, 2), [(5, 80, .working)])
        let typo = try await log(env, bench, on: date(2026, 3, 6), [(5, 850, .working)])
        #expect(try await records(env, bench)[.maxWeight] == 850)
        let setID = typo.items[0].loggedSets[0].id
        #expect(!setID.isEmpty)

        let item = try await env.plan.updateLoggedSet(
          .with {
            $0.sessionID = typo.id; $0.setID = setID
            $0.set = .with {
              $0.reps = 5; $0.weightKg = 85; $0.notes = "fixed the typo"
            }
          }, metadata: env.lena.metadata
        ).item
        #expect(item.loggedSets.map(\.weightKg) == [85] && item.loggedSets[0].notes == "fixed the typo")
        #expect(item.loggedSets[0].loggedAt == typo.items[0].loggedSets[0].loggedAt)  // its time stays
        #expect(try await records(env, bench)[.maxWeight] == 85)
        var fixed = try await session(env, typo.id)
        #expect(fixed.summary.volumeKg == 425)
        #expect(newRecords(fixed)[.maxWeight] == [85, 80])
        var lifetime = try await env.plan.getLifetimeStats(.init(), metadata: env.lena.metadata).stats
        #expect(lifetime.volumeKg == 825 && lifetime.sets == 2)

        // Lower than the first workout's: the record goes back to it, and the later
        // workout no longer lists one.
        _ = try await env.plan.updateLoggedSet(
          .with {
            $0.sessionID = typo.id; $0.setID = setID
            $0.set = .with {
              $0.reps = 5; $0.weightKg = 75
            }
          }, metadata: env.lena.metadata)
        #expect(try await records(env, bench)[.maxWeight] == 80)
        fixed = try await session(env, typo.id)
        #expect(newRecords(fixed)[.maxWeight] == nil)

        // The first workout's only set deleted: the later one holds every record now.
        let emptied = try await env.plan.deleteLoggedSet(
          .with {
            $0.sessionID = first.id; $0.setID = first.items[0].loggedSets[0].id
          }, metadata: env.lena.metadata
        ).item
        #expect(emptied.loggedSets.isEmpty)
        #expect(try await records(env, bench)[.maxWeight] == 75)
        #expect(newRecords(try await session(env, typo.id))[.maxWeight] == [75, 0])
        #expect(try await session(env, first.id).summary.sets == 0)
        lifetime = try await env.plan.getLifetimeStats(.init(), metadata: env.lena.metadata).stats
        #expect(lifetime.sets == 1 && lifetime.volumeKg == 375)

        // Someone else's set, a set of another session, a malformed id.
        let stranger = await rpcError {
          _ = try await env.plan.deleteLoggedSet(
            .with {
              $0.sessionID = typo.id; $0.setID = setID
            }, metadata: env.omar.metadata)
        }
        #expect(stranger?.code == .notFound)
        let elsewhere = await rpcError {
          _ = try await env.plan.deleteLoggedSet(
            .with {
              $0.sessionID = first.id; $0.setID = setID
            }, metadata: env.lena.metadata)
        }
        #expect(elsewhere?.code == .notFound)
        let malformed = await rpcError {
          _ = try await env.plan.deleteLoggedSet(
            .with {
              $0.sessionID = typo.id; $0.setID = "abc"
            }, metadata: env.lena.metadata)
        }
        #expect(malformed?.code == .invalidArgument && malformed?.fieldViolations.map(\.field) == ["set_id"])
        let invalid = await rpcError {
          _ = try await env.plan.updateLoggedSet(
            .with {
              $0.sessionID = typo.id; $0.setID = setID;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 5000
              }
            }, metadata: env.lena.metadata)
        }
        #expect(invalid?.code == .invalidArgument && invalid?.fieldViolations.map(\.field) == ["set.weight_kg"])
      }
    }

    @Test func warmUpsAreShownButCountTowardNothing() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let workout = try await log(env, squat, on: date(2026, 4, 1), [(12, 40, .warmUp), (5, 100, .working), (3, 90, .drop), (2, 80, .failure)])
        #expect(workout.items[0].loggedSets.map(\.type) == [.warmUp, .working, .drop, .failure])
        #expect(workout.summary.sets == 3 && workout.summary.reps == 10)
        #expect(workout.summary.volumeKg == 500 + 270 + 160)
        let records = try await records(env, squat)
        #expect(records[.maxReps] == 5)  // not the warm-up's 12
        #expect(records[.maxWeight] == 100)

        // A working set turned into a warm-up stops counting; the other way it counts.
        _ = try await env.plan.updateLoggedSet(
          .with {
            $0.sessionID = workout.id; $0.setID = workout.items[0].loggedSets[1].id
            $0.set = .with {
              $0.reps = 5; $0.weightKg = 100; $0.type = .warmUp
            }
          }, metadata: env.lena.metadata)
        #expect(try await self.records(env, squat)[.maxWeight] == 90)
        _ = try await env.plan.updateLoggedSet(
          .with {
            $0.sessionID = workout.id; $0.setID = workout.items[0].loggedSets[0].id
            $0.set = .with {
              $0.reps = 12; $0.weightKg = 40; $0.type = .working
            }
          }, metadata: env.lena.metadata)
        #expect(try await self.records(env, squat)[.maxReps] == 12)
        let after = try await session(env, workout.id)
        #expect(after.summary.sets == 3 && after.summary.volumeKg == 480 + 270 + 160)

        // Live: a warm-up logged as such, left out when the session finishes.
        var live = try await env.plan.startSession(.init(), metadata: env.lena.metadata).session
        live = try await env.plan.editSession(
          .with {
            $0.sessionID = live.id
            $0.edits = [.with { $0.add = .with { $0.exerciseID = squat } }]
          }, metadata: env.lena.metadata
        ).session
        for (reps, kg, type) in [(10, 60.0, Gym_Plan_V1_SetType.warmUp), (5, 110.0, .unspecified)] {
          _ = try await env.plan.logSet(
            .with {
              $0.sessionID = live.id; $0.itemID = live.items[0].id
              $0.set = .with {
                $0.reps = Int32(reps); $0.weightKg = kg; $0.type = type
              }
            }, metadata: env.lena.metadata)
        }
        let finished = try await env.plan.finishSession(.with { $0.sessionID = live.id }, metadata: env.lena.metadata).session
        #expect(finished.items[0].loggedSets.map(\.type) == [.warmUp, .working])
        #expect(finished.summary.sets == 1 && finished.summary.volumeKg == 550)
      }
    }

    @Test func aWorkoutMovedToAnotherDayTakesItsSetsAndRecordsFollowWhichCameFirst() async throws {
      try await PlanFixture.run { env in
        let bench = try await env.exercise("barbell-bench-press")
        let heavy = try await log(env, bench, on: date(2026, 3, 10), [(5, 100, .working)])
        let light = try await log(env, bench, on: date(2026, 3, 12), [(5, 90, .working)])
        #expect(newRecords(try await session(env, light.id))[.maxWeight] == nil)

        let moved = try await env.plan.updateWorkout(
          .with {
            $0.sessionID = heavy.id; $0.date = date(2026, 3, 14); $0.notes = "moved: logged on the wrong day"
            $0.name = "Heavy bench"
            $0.updateMask = .with { $0.paths = ["date", "notes", "name"] }
          }, metadata: env.lena.metadata
        ).session
        #expect(moved.notes == "moved: logged on the wrong day" && moved.name == "Heavy bench")
        // Four days on, at the same time of day (Lena lives in Europe/London).
        #expect(moved.startedAt.seconds - heavy.startedAt.seconds == 4 * 86_400)
        #expect(newRecords(moved)[.maxWeight] == [100, 90])
        #expect(newRecords(try await session(env, light.id))[.maxWeight] == [90, 0])
        let daily = try await env.plan.getExerciseStats(
          .with {
            $0.exerciseID = bench; $0.from = date(2026, 3, 1); $0.to = date(2026, 3, 31); $0.bucket = .day
          }, metadata: env.lena.metadata)
        #expect(daily.series.map(\.start.day) == [12, 14])

        // Across the clock change (London to BST on 29 March): still noon local, an hour
        // less than three days later in UTC.
        let spring = try await log(env, bench, on: date(2026, 3, 27), [(3, 60, .working)])
        let sprung = try await env.plan.updateWorkout(
          .with {
            $0.sessionID = spring.id; $0.date = date(2026, 3, 30); $0.updateMask = .with { $0.paths = ["date"] }
          }, metadata: env.lena.metadata
        ).session
        #expect(sprung.startedAt.seconds - spring.startedAt.seconds == 3 * 86_400 - 3600)

        let refused = await rpcError {
          _ = try await env.plan.updateWorkout(
            .with {
              $0.sessionID = heavy.id; $0.date = date(2099, 1, 1); $0.name = ""
              $0.updateMask = .with { $0.paths = ["date", "name", "started_at"] }
            }, metadata: env.lena.metadata)
        }
        #expect(refused?.code == .invalidArgument)
        #expect(Set(refused?.fieldViolations.map(\.field) ?? []) == ["date", "name", "update_mask"])
        let nothing = await rpcError {
          _ = try await env.plan.updateWorkout(.with { $0.sessionID = heavy.id }, metadata: env.lena.metadata)
        }
        #expect(nothing?.fieldViolations.map(\.field) == ["update_mask"])
        let live = try await env.plan.startSession(.init(), metadata: env.lena.metadata).session
        let notFinished = await rpcError {
          _ = try await env.plan.updateWorkout(
            .with {
              $0.sessionID = live.id; $0.notes = "x"; $0.updateMask = .with { $0.paths = ["notes"] }
            }, metadata: env.lena.metadata)
        }
        #expect(notFinished?.code == .failedPrecondition)
        let stranger = await rpcError {
          _ = try await env.plan.updateWorkout(
            .with {
              $0.sessionID = heavy.id; $0.notes = "x"; $0.updateMask = .with { $0.paths = ["notes"] }
            }, metadata: env.omar.metadata)
        }
        #expect(stranger?.code == .notFound)
      }
    }

    @Test func aDeletedWorkoutTakesItsRecordsAndStatisticsAway() async throws {
      try await PlanFixture.run { env in
        let bench = try await env.exercise("barbell-bench-press")
        let heavy = try await log(env, bench, on: date(2026, 3, 10), [(5, 100, .working)])
        let light = try await log(env, bench, on: date(2026, 3, 12), [(5, 90, .working)])
        let stranger = await rpcError {
          _ = try await env.plan.deleteWorkout(.with { $0.sessionID = heavy.id }, metadata: env.omar.metadata)
        }
        #expect(stranger?.code == .notFound)
        _ = try await env.plan.deleteWorkout(.with { $0.sessionID = heavy.id }, metadata: env.lena.metadata)
        let gone = await rpcError { _ = try await session(env, heavy.id) }
        #expect(gone?.code == .notFound)
        #expect(try await records(env, bench)[.maxWeight] == 90)
        #expect(newRecords(try await session(env, light.id))[.maxWeight] == [90, 0])
        let lifetime = try await env.plan.getLifetimeStats(.init(), metadata: env.lena.metadata).stats
        #expect(lifetime.sessions == 1 && lifetime.volumeKg == 450)

        let live = try await env.plan.startSession(.init(), metadata: env.lena.metadata).session
        let refused = await rpcError { _ = try await env.plan.deleteWorkout(.with { $0.sessionID = live.id }, metadata: env.lena.metadata) }
        #expect(refused?.code == .failedPrecondition)
        _ = try await env.plan.abandonSession(.with { $0.sessionID = live.id }, metadata: env.lena.metadata)
        _ = try await env.plan.deleteWorkout(.with { $0.sessionID = live.id }, metadata: env.lena.metadata)
      }
    }

    @Test func aSetDeletedInALiveSessionReopensItsItem() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        var live = try await env.plan.startSession(.init(), metadata: env.lena.metadata).session
        live = try await env.plan.editSession(
          .with {
            $0.sessionID = live.id
            $0.edits = [
              .with {
                $0.add = .with {
                  $0.exerciseID = squat
                  $0.plannedSets = [
                    .with {
                      $0.targetReps = 5; $0.targetWeightKg = 100
                    },
                    .with {
                      $0.targetReps = 5; $0.targetWeightKg = 100
                    },
                  ]
                }
              }
            ]
          }, metadata: env.lena.metadata
        ).session
        var item = live.items[0]
        for _ in 0..<2 {
          item = try await env.plan.logSet(
            .with {
              $0.sessionID = live.id; $0.itemID = item.id;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 100
              }
            }, metadata: env.lena.metadata
          ).item
        }
        #expect(item.state == .done)
        item = try await env.plan.deleteLoggedSet(
          .with {
            $0.sessionID = live.id; $0.setID = item.loggedSets[1].id
          }, metadata: env.lena.metadata
        ).item
        #expect(item.state == .pending && item.loggedSets.count == 1)
        item = try await env.plan.updateLoggedSet(
          .with {
            $0.sessionID = live.id; $0.setID = item.loggedSets[0].id;
            $0.set = .with {
              $0.reps = 6; $0.weightKg = 100; $0.type = .failure
            }
          }, metadata: env.lena.metadata
        ).item
        #expect(item.loggedSets.map(\.reps) == [6] && item.loggedSets[0].type == .failure)
        #expect(try await session(env, live.id).items[0] == item)
      }
    }
  }
}
