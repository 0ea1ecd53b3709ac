import Foundation
import GRPCCore
import GymAPI
import GymTesting
import Testing

extension PlanRPC {
  /// Live sessions: one at a time, logged set by set, edited on the go, finished with a
  /// summary and records; quick logs; history.
  @Suite struct SessionRPCTests {
    @Test func aWorkoutFromStartToFinishWithRecords() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let row = try await env.exercise("chest-supported-dumbbell-row")
        let plan = env.plan, lena = env.lena.metadata
        let created = try await plan.createRoutine(.with { $0.routine = routine("Full body", exercises: [squat, bench]) }, metadata: lena).routine

        // A first, lighter workout sets the baseline.
        _ = try await plan.logWorkout(
          .with {
            $0.date = date(2026, 1, 5)
            $0.entries = [
              .with {
                $0.exerciseID = squat;
                $0.sets = [
                  .with {
                    $0.reps = 5; $0.weightKg = 90
                  }
                ]
              }
            ]
            $0.durationMinutes = 40
          }, metadata: lena)

        var session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        #expect(session.state == .active)
        #expect(session.items.map(\.exerciseID) == [squat, bench])
        #expect(session.items[0].plannedSets.count == 3)

        let second = await rpcError { _ = try await plan.startSession(.init(), metadata: lena) }
        #expect(second?.code == .failedPrecondition)
        #expect(second?.message.contains(session.id) == true)

        // Bad sets are refused with the field.
        let badRPE = await rpcError {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 100; $0.rpe = 11
              }
            },
            metadata: lena)
        }
        #expect(badRPE?.fieldViolations.map(\.field) == ["set.rpe"])

        // Each answer is the changed item alone: its sets so far, DONE at the third of three.
        var item = session.items[0]
        for (index, reps) in [5, 5, 6].enumerated() {
          item = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id;
              $0.set = .with {
                $0.reps = Int32(reps); $0.weightKg = 100; $0.rpe = 8.5
              }
            },
            metadata: lena
          ).item
          #expect(item.id == session.items[0].id)
          #expect(item.loggedSets.map(\.reps) == Array([5, 5, 6].prefix(index + 1)))
          #expect(item.state == (index == 2 ? .done : .pending))
        }
        #expect(item.exerciseID == squat)
        #expect(item.exerciseName == session.items[0].exerciseName && !item.exerciseName.isEmpty)
        #expect(item.plannedSets == session.items[0].plannedSets)
        #expect(item.loggedSets.last?.rpe == 8.5)
        // The session read afterwards holds that same item.
        session = try await plan.getSession(.with { $0.id = session.id }, metadata: lena).session
        #expect(session.items[0] == item)
        #expect(session.items[1].loggedSets.isEmpty)

        // An exercise added on the fly, the bench skipped.
        session = try await plan.editSession(
          .with {
            $0.sessionID = session.id
            $0.edits = [
              .with {
                $0.add = .with {
                  $0.exerciseID = row; $0.position = 2
                }
              }
            ]
          }, metadata: lena
        ).session
        #expect(session.items.map(\.exerciseID) == [squat, row, bench])
        let added = try await plan.logSet(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[1].id;
            $0.set = .with {
              $0.reps = 12; $0.weightKg = 20
            }
          },
          metadata: lena
        ).item
        // No planned sets: it stays PENDING whatever is logged.
        #expect(added.loggedSets.count == 1 && added.state == .pending)
        session = try await plan.setItemState(
          .with {
            $0.sessionID = session.id; $0.itemID = session.items[2].id; $0.state = .skipped
          }, metadata: lena
        ).session

        // Omar cannot touch it.
        let foreign = await rpcError {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id;
              $0.set = .with {
                $0.reps = 1; $0.weightKg = 1
              }
            },
            metadata: env.omar.metadata)
        }
        #expect(foreign?.code == .notFound)

        let finished = try await plan.finishSession(
          .with {
            $0.sessionID = session.id; $0.notes = "felt strong"
          }, metadata: lena)
        let summary = finished.summary
        #expect(summary.exercisesTotal == 3)
        #expect(summary.exercisesDone == 2)
        #expect(summary.sets == 4)
        #expect(summary.reps == 28)
        #expect(summary.volumeKg == 100 * 16 + 20 * 12)
        // Squat beat the 90 kg baseline: heavier, more e1RM, more volume, more reps.
        let squatRecords = summary.newRecords.filter { $0.exerciseID == squat }
        #expect(Set(squatRecords.map(\.kind)) == [.maxWeight, .estimatedOneRepMax, .maxVolume, .maxReps])
        #expect(squatRecords.first { $0.kind == .maxWeight }?.previous == 90)
        #expect(finished.session.state == .finished)

        let late = await rpcError {
          _ = try await plan.logSet(
            .with {
              $0.sessionID = session.id; $0.itemID = session.items[0].id;
              $0.set = .with {
                $0.reps = 5; $0.weightKg = 100
              }
            },
            metadata: lena)
        }
        #expect(late?.code == .failedPrecondition)

        let history = try await plan.listSessions(.init(), metadata: lena).sessions
        #expect(history.count == 2)
        #expect(history[0].id == session.id)
        #expect(history[0].summary.sets == 4)
        #expect(try await plan.listSessions(.init(), metadata: env.omar.metadata).sessions.isEmpty)
        let fetched = await rpcError { _ = try await plan.getSession(.with { $0.id = session.id }, metadata: env.omar.metadata) }
        #expect(fetched?.code == .notFound)
      }
    }

    @Test func finishingCanRewriteTheRoutineOrSaveANewOne() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let lunge = try await env.exercise("bulgarian-split-squat")
        let plan = env.plan, lena = env.lena.metadata
        let created = try await plan.createRoutine(.with { $0.routine = routine("Legs", exercises: [squat, bench]) }, metadata: lena).routine

        var session = try await plan.startSession(.with { $0.routineID = created.id }, metadata: lena).session
        session = try await plan.editSession(
          .with {
            $0.sessionID = session.id
            $0.edits = [
              .with {
                $0.replace = .with {
                  $0.itemID = session.items[1].id; $0.exerciseID = lunge
                }
              },
              .with {
                $0.changePlannedSets = .with {
                  $0.itemID = session.items[0].id;
                  $0.plannedSets = [
                    .with {
                      $0.targetReps = 3; $0.targetWeightKg = 120
                    }
                  ]
                }
              },
            ]
          }, metadata: lena
        ).session
        // Added by mistake, then removed: it leaves no trace.
        session = try await plan.editSession(
          .with {
            $0.sessionID = session.id; $0.edits = [.with { $0.add = .with { $0.exerciseID = bench } }]
          }, metadata: lena
        ).session
        session = try await plan.editSession(
          .with {
            $0.sessionID = session.id; $0.edits = [.with { $0.removeItemID = session.items[2].id }]
          }, metadata: lena
        ).session
        #expect(session.items.map(\.exerciseID) == [squat, lunge])
        let gone = await rpcError {
          _ = try await plan.editSession(
            .with {
              $0.sessionID = session.id; $0.edits = [.with { $0.removeItemID = "nope" }]
            }, metadata: lena)
        }
        #expect(gone?.code == .notFound)
        _ = try await plan.finishSession(
          .with {
            $0.sessionID = session.id; $0.routineChanges = .overwrite
          }, metadata: lena)
        let rewritten = try await plan.getRoutine(.with { $0.id = created.id }, metadata: lena).routine
        #expect(rewritten.days[0].exercises.map(\.exerciseID) == [squat, lunge])
        #expect(rewritten.days[0].exercises[0].sets.map(\.targetWeightKg) == [120])
        #expect(rewritten.version == 2)

        let empty = try await plan.startSession(.init(), metadata: lena).session
        #expect(empty.items.isEmpty)
        _ = try await plan.editSession(
          .with {
            $0.sessionID = empty.id; $0.edits = [.with { $0.add = .with { $0.exerciseID = squat } }]
          }, metadata: lena)
        let withItem = try await plan.getActiveSession(.init(), metadata: lena).session
        _ = try await plan.logSet(
          .with {
            $0.sessionID = empty.id; $0.itemID = withItem.items[0].id;
            $0.set = .with {
              $0.reps = 8; $0.weightKg = 80
            }
          }, metadata: lena)
        let overwrite = await rpcError {
          _ = try await plan.finishSession(
            .with {
              $0.sessionID = empty.id; $0.routineChanges = .overwrite
            }, metadata: lena)
        }
        #expect(overwrite?.fieldViolations.map(\.field) == ["routine_changes"])
        let saved = try await plan.finishSession(
          .with {
            $0.sessionID = empty.id; $0.routineChanges = .saveAsNew
          }, metadata: lena)
        let newRoutine = try await plan.getRoutine(.with { $0.id = saved.newRoutineID }, metadata: lena).routine
        #expect(newRoutine.days[0].exercises[0].sets.map(\.targetReps) == [8])
      }
    }

    @Test func abandonedSessionsStayInHistoryAndFreeTheSlot() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let first = try await plan.startSession(.init(), metadata: lena).session
        _ = try await plan.abandonSession(.with { $0.sessionID = first.id }, metadata: lena)
        let noneActive = await rpcError { _ = try await plan.getActiveSession(.init(), metadata: lena) }
        #expect(noneActive?.code == .notFound)
        _ = try await plan.startSession(.init(), metadata: lena)
        let kept = try await plan.getSession(.with { $0.id = first.id }, metadata: lena).session
        #expect(kept.state == .abandoned)
      }
    }

    @Test func quickLogsRefuseTheFutureAndUnknownExercises() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        let future = await rpcError {
          _ = try await env.plan.logWorkout(
            .with {
              $0.date = date(2099, 1, 1)
              $0.entries = [
                .with {
                  $0.exerciseID = squat;
                  $0.sets = [
                    .with {
                      $0.reps = 5; $0.weightKg = 90
                    }
                  ]
                }
              ]
            }, metadata: env.lena.metadata)
        }
        #expect(future?.fieldViolations.map(\.field) == ["date"])
        let unknown = await rpcError {
          _ = try await env.plan.logWorkout(
            .with {
              $0.date = date(2026, 1, 1)
              $0.entries = [
                .with {
                  $0.exerciseID = "nope";
                  $0.sets = [
                    .with {
                      $0.reps = 5; $0.weightKg = 90
                    }
                  ]
                }
              ]
            }, metadata: env.lena.metadata)
        }
        #expect(unknown?.fieldViolations.map(\.field) == ["entries[0].exercise_id"])
      }
    }
  }
}
