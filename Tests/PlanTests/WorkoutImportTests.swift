import Foundation
import GRPCCore
import GymAPI
import GymPlan
import GymTesting
import Testing

extension PlanRPC {
  /// Moving in from Strong and Hevy, and out again: workouts, sets, set types,
  /// supersets, records; what was not understood, by line; the same file twice adds
  /// nothing.
  @Suite struct WorkoutImportTests {
    /// Strong's comma export (kilograms), with a warm-up, a rest timer, an exercise the
    /// library does not have and a row with a typo. Lena is in Europe/London.
    static let strong = """
      Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
      2026-03-02 18:00:00,"Legs, heavy",1h 5m,Squat (Barbell),W,60.0,5,0,0,"Belt on, knees out",Felt strong,
      2026-03-02 18:00:00,"Legs, heavy",1h 5m,Squat (Barbell),1,100.0,5,0,0,,,8
      2026-03-02 18:00:00,"Legs, heavy",1h 5m,Squat (Barbell),Rest Timer,0,0,0,180,,,
      2026-03-02 18:00:00,"Legs, heavy",1h 5m,Squat (Barbell),2,105.0,5,0,0,,,9
      2026-03-02 18:00:00,"Legs, heavy",1h 5m,Pendulum Squat (Machine),1,80.0,10,0,0,,,
      2026-03-05 07:30:00,Upper,45m,Bench Press (Barbell),1,80.0,5,0,0,,,
      2026-03-05 07:30:00,Upper,45m,Bench Press (Barbell),2,eighty,5,0,0,,,
      2026-03-05 07:30:00,Upper,45m,Bench Press (Barbell),3,82.5,4,0,0,,,

      """

    @Test func aStrongHistoryMovesInWithItsRecordsAndTheSameFileTwiceAddsNothing() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let squat = try await env.exercise("back-squat")
        let bench = try await env.exercise("barbell-bench-press")
        let result = try await plan.importWorkouts(.with { $0.csv = Data(Self.strong.utf8) }, metadata: lena)
        #expect(result.format == .strongCsv)
        #expect(result.workoutsImported == 2 && result.workoutsAlreadyImported == 0 && result.setsImported == 6)
        let byName = Dictionary(uniqueKeysWithValues: result.exercises.map { ($0.name, $0) })
        #expect(byName["Squat (Barbell)"]?.exerciseID == squat && byName["Squat (Barbell)"]?.created == false)
        #expect(byName["Bench Press (Barbell)"]?.exerciseID == bench)
        let pendulum = try #require(byName["Pendulum Squat (Machine)"])
        #expect(pendulum.created && !pendulum.exerciseID.isEmpty)
        // The typo is reported by its line; the rest of that workout is kept.
        #expect(result.problems.map(\.line) == [8])
        #expect(result.problems.first?.reason.contains("eighty") == true)

        // The workouts, on their days, with set types, notes and totals.
        let sessions = try await plan.listSessions(.init(), metadata: lena).sessions
        #expect(sessions.map(\.name) == ["Upper", "Legs, heavy"])
        let legs = try await plan.getSession(.with { $0.id = sessions[1].id }, metadata: lena).session
        #expect(legs.items.map(\.exerciseID) == [squat, pendulum.exerciseID])
        #expect(legs.items[0].loggedSets.map(\.type) == [.warmUp, .working, .working])
        #expect(legs.items[0].notes == "Belt on, knees out" && legs.notes == "Felt strong")
        #expect(legs.items[0].loggedSets.map(\.rpe) == [0, 8, 9])
        let volume: Double = 100 * 5 + 105 * 5 + 80 * 10  // the warm-up counts toward nothing
        #expect(legs.summary.volumeKg == volume)
        #expect(legs.summary.durationSeconds == 65 * 60)
        #expect(legs.startedAt.date == ISO8601DateFormatter().date(from: "2026-03-02T18:00:00Z"))  // London is UTC in March
        let records = try await plan.getExerciseStats(.with { $0.exerciseID = squat }, metadata: lena).records
        #expect(records.first { $0.kind == .maxWeight }?.value == 105)
        #expect(legs.summary.newRecords.contains { $0.exerciseID == squat && $0.kind == .maxWeight && $0.value == 105 })

        // The same file again: nothing added, nothing created.
        let again = try await plan.importWorkouts(.with { $0.csv = Data(Self.strong.utf8) }, metadata: lena)
        #expect(again.workoutsImported == 0 && again.workoutsAlreadyImported == 2)
        #expect(!again.exercises.contains { $0.created })
        #expect(try await plan.listSessions(.init(), metadata: lena).sessions.count == 2)

        // Out as Hevy's CSV and back in: already here, every workout.
        let exported = try await plan.exportWorkouts(.with { $0.format = .hevyCsv }, metadata: lena)
        #expect(exported.workouts == 2 && exported.fileName == "hevy-workouts.csv")
        let back = try await plan.importWorkouts(.with { $0.csv = exported.csv }, metadata: lena)
        #expect(back.format == .hevyCsv && back.workoutsImported == 0 && back.workoutsAlreadyImported == 2)
        #expect(back.problems.isEmpty)
        // Omar imports the same export: his own copy, with his own Pendulum Squat.
        let omars = try await plan.importWorkouts(.with { $0.csv = exported.csv }, metadata: env.omar.metadata)
        #expect(omars.workoutsImported == 2)
        #expect(omars.exercises.first { $0.name == "Pendulum Squat (Machine)" }?.exerciseID != pendulum.exerciseID)
      }
    }

    @Test func aHevyExportInPoundsKeepsItsSupersetsAndReportsWhatItLeavesOut() async throws {
      try await PlanFixture.run { env in
        let plan = env.plan, lena = env.lena.metadata
        let hevy = """
          "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
          "Push","26 Feb 2026, 18:03","26 Feb 2026, 19:10","","Bench Press (Barbell)","0","","0","warmup","135","8","","",""
          "Push","26 Feb 2026, 18:03","26 Feb 2026, 19:10","","Bench Press (Barbell)","0","","1","normal","225","5","","","8.5"
          "Push","26 Feb 2026, 18:03","26 Feb 2026, 19:10","","Chest-Supported Dumbbell Row","0","","0","normal","50","10","","",""
          "Push","26 Feb 2026, 18:03","26 Feb 2026, 19:10","","Backyard Sled Drag","","","0","normal","90","","","60",""
          "Push","26 Feb 2026, 18:03","26 Feb 2026, 19:10","","Rowing Machine","","","0","normal","","","1.5","900",""
          "Later","26 Dec 2099, 10:00","26 Dec 2099, 11:00","","Bench Press (Barbell)","","","0","normal","135","5","","",""
          """
        let result = try await plan.importWorkouts(
          .with {
            $0.csv = Data(hevy.utf8); $0.skipUnknownExercises = true
          }, metadata: lena)
        #expect(result.format == .hevyCsv && result.workoutsImported == 1 && result.setsImported == 4)
        #expect(result.exercises.first { $0.name == "Backyard Sled Drag" }?.exerciseID == "")
        let reasons = result.problems.map(\.reason)
        #expect(reasons.contains { $0.contains("\"Backyard Sled Drag\" is not an exercise here") })
        #expect(reasons.contains { $0.contains("in the future") })
        #expect(reasons.contains { $0.contains("distance") })
        let pushID = try await plan.listSessions(.init(), metadata: lena).sessions[0].id
        let push = try await plan.getSession(.with { $0.id = pushID }, metadata: lena).session
        #expect(push.items.map(\.superset) == [1, 1, 0])
        #expect(push.items[2].loggedSets.map(\.durationSeconds) == [900])
        #expect(push.items[0].loggedSets.map(\.weightKg) == [61.235, 102.058])
        #expect(push.items[0].loggedSets.map(\.type) == [.warmUp, .working] && push.items[0].loggedSets[1].rpe == 8.5)
        #expect(push.summary.durationSeconds == 67 * 60)
      }
    }

    @Test func aFileOfNeitherAppIsRefusedSayingWhy() async throws {
      try await PlanFixture.run { env in
        for (csv, words) in [
          ("", "is empty"), ("Date,Exercise,Reps\n2026-01-01,Squat,5\n", "neither Strong's nor Hevy's"),
          ("Date,Workout Name,Exercise Name,Set Order\n\"2026-01-01,x\n", "never closed"),
        ] {
          let error = await rpcError { _ = try await env.plan.importWorkouts(.with { $0.csv = Data(csv.utf8) }, metadata: env.lena.metadata) }
          #expect(error?.code == .invalidArgument)
          #expect(error?.fieldViolations.first?.field == "csv" && error?.fieldViolations.first?.description.contains(words) == true)
        }
        let binary = await rpcError {
          _ = try await env.plan.importWorkouts(.with { $0.csv = Data([0xFF, 0xFE, 0x00, 0x41]) }, metadata: env.lena.metadata)
        }
        #expect(binary?.fieldViolations.first?.description.contains("UTF-8") == true)
        let format = await rpcError { _ = try await env.plan.exportWorkouts(.init(), metadata: env.lena.metadata) }
        #expect(format?.fieldViolations.map(\.field) == ["format"])
      }
    }

    @Test func aWorkoutLoggedHereIsExportedInStrongsFormatAndReadBackTheSame() async throws {
      try await PlanFixture.run { env in
        let squat = try await env.exercise("back-squat")
        _ = try await env.plan.logWorkout(
          .with {
            $0.date = date(2026, 4, 1); $0.name = "Squats"; $0.durationMinutes = 50
            $0.entries = [
              .with {
                $0.exerciseID = squat; $0.notes = "slow \"eccentric\", 3 s"
                $0.sets = [
                  .with {
                    $0.reps = 5; $0.weightKg = 60; $0.type = .warmUp
                  },
                  .with {
                    $0.reps = 5; $0.weightKg = 102.5; $0.rpe = 8
                  },
                ]
              }
            ]
          }, metadata: env.lena.metadata)
        let file = try await env.plan.exportWorkouts(.with { $0.format = .strongCsv }, metadata: env.lena.metadata)
        let text = try #require(String(data: file.csv, encoding: .utf8))
        #expect(text.hasPrefix("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"))
        let parsed = try WorkoutCSV.parse(text, timeZone: TimeZone(identifier: "Europe/London")!)
        let workout = try #require(parsed.workouts.first)
        #expect(parsed.problems.isEmpty && workout.name == "Squats" && workout.exercises.map(\.name) == ["Back Squat"])
        #expect(workout.exercises[0].notes == "slow \"eccentric\", 3 s")
        #expect(workout.exercises[0].sets.map(\.kind) == [.warmUp, .working])
        #expect(workout.exercises[0].sets.map(\.weightKg) == [60, 102.5] && workout.exercises[0].sets[1].rpe == 8)
        let minutes = try #require(workout.end).timeIntervalSince(workout.start) / 60
        #expect(abs(minutes - 50) < 0.01)
      }
    }
  }
}
