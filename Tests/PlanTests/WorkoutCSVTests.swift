import Foundation
import GymPlan
import Testing

/// The Strong and Hevy CSV codec on rows from real exports: units, set kinds, supersets, times,
/// rows that cannot be read, files that cannot be read at all, and writing files that read back.
@Suite struct WorkoutCSVTests {
  typealias W = WorkoutCSV
  static let utc = TimeZone(identifier: "UTC")!
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let hevyKg = """
    "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index",\
    "set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
    """
  static let hevyLbs = """
    "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index",\
    "set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
    """

  @Test func aStrongExportInPoundsReadsAsKilograms() throws {
    // albTian/strong-export-parser strong.csv, a pounds account: Strong's comma format names no unit.
    let csv = """
      Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
      2021-07-07 18:35:21,"Push - Shoulder",31m,"Overhead Press (Barbell)",1,115.0,4,0,0,"","",
      2021-07-07 18:35:21,"Push - Shoulder",31m,"Overhead Press (Barbell)",2,115.0,4,0,0,,,
      2021-07-07 18:35:21,"Push - Shoulder",31m,"Lateral Raise (Dumbbell)",1,20.0,21,0,0,"7/7/7, [full rom][upper][lower]",,
      2021-07-07 18:35:21,"Push - Shoulder",31m,"Lateral Raise (Dumbbell)",2,20.0,21,0,0,,,
      2021-07-09 18:00:00,"Legs - Squat",1h,"Leg Extension (Machine)",1,149.99999999999997,8,0,0,"",,
      2021-07-26 18:01:22,"Push - Shoulder",1h 3m,"Bench Press (Barbell)",1,135.0,11,0,0,"",,

      """
    let p = try W.parse(csv, timeZone: Self.utc, poundsIfUnknown: true)
    #expect(p.format == .strong && p.problems.isEmpty)
    try #require(p.workouts.count == 3)
    #expect(p.workouts.map(\.line) == [2, 6, 7])
    #expect(p.workouts[0].exercises[0].sets[0].weightKg == 52.163)  // 115 lb
    #expect(p.workouts[0].exercises[1].notes == "7/7/7, [full rom][upper][lower]")
    #expect(p.workouts.map { $0.end?.timeIntervalSince($0.start) } == [31 * 60, 3600, 63 * 60])
  }

  @Test func strongRestTimersAreNotSetsAndATimerLeftRunningIsNoWorkoutLength() throws {
    // shreybirmiwal/strong-stats strong.csv: reps written 10.0, a 264-hour "duration".
    let csv = """
      Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
      2025-06-03 20:23:00,"Evening Workout",264h 1m,"Incline Bench Press (Dumbbell)",1,35.0,10.0,0,0.0,"","",
      2025-06-03 20:23:00,"Evening Workout",264h 1m,"Incline Bench Press (Dumbbell)",Rest Timer,0,0.0,0,120.0,,,
      2025-06-03 20:23:00,"Evening Workout",264h 1m,"Incline Bench Press (Dumbbell)",2,35.0,7.0,0,0.0,,,
      2025-06-03 20:23:00,"Evening Workout",264h 1m,"Incline Bench Press (Dumbbell)",Rest Timer,0,0.0,0,120.0,,,
      2025-06-03 20:23:00,"Evening Workout",264h 1m,"Pull Up (Assisted)",1,55.0,5.0,0,0.0,"",,
      2025-06-03 20:23:00,"Evening Workout",264h 1m,"Pull Up (Assisted)",Rest Timer,0,0.0,0,120.0,,,
      """
    let p = try W.parse(csv, timeZone: Self.utc)
    #expect(p.problems.isEmpty)
    let workout = try #require(p.workouts.first)
    #expect(workout.exercises.map(\.sets.count) == [2, 1])
    #expect(workout.end == nil)
  }

  @Test func aSemicolonStrongExportTakesItsUnitsAndLengthFromEachRow() throws {
    // joshuayoes/strong-backup: Weight Unit and Workout Duration columns.
    let csv = """
      Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;\
      Workout Notes;Workout Duration
      2022-09-23 17:36:18;"Week B Day 2";"Squat (Barbell)";1;95;lbs;8;6.5;;;0;"";"";37m
      2022-09-23 17:36:18;"Week B Day 2";"Squat (Barbell)";2;95;lbs;8;6.5;;;0;;;37m
      2022-09-23 17:36:18;"Week B Day 2";"Chin Up (Assisted)";1;60;lbs;5;9.5;;;0;"Felt pain on left tricep on second set";;37m
      2022-10-28 13:42:11;"Week A Day 2";"Bench Press (Barbell)";1;115;lbs;8;7;;;0;"";"";1h 15m
      """
    let p = try W.parse(csv, timeZone: Self.utc)
    try #require(p.workouts.count == 2)
    let squat = p.workouts[0].exercises[0].sets[0]
    #expect(squat.weightKg == 43.091 && squat.rpe == 6.5)
    #expect(p.workouts.map { $0.end?.timeIntervalSince($0.start) } == [37 * 60, 75 * 60])
  }

  @Test func anOlderStrongExportKeepsTimedSetsCommasInNamesAndDecimalCommas() throws {
    // mtanzim/vis-strong-go: no duration column; a plank with blank weight and "mi."; one row written 39,5.
    let csv = """
      Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
      2019-01-11 12:31:54;"Leg";"Leg Press";1;18.14;kg;8;;;;0;"";
      2019-01-11 12:31:54;"Leg";"Plank";1;;;;;;mi.;60;"";
      2019-01-13 07:55:13;"Back, Core, Biceps";"Pull Up";1;0;kg;1;;;;0;"";""
      2019-01-20 10:46:50;"Back, Core, Biceps";"Lat Pulldown (Cable)";1;25;kg;12;;;;0;"";\
      "Fucking neck pain and 2 day hangover :'("
      2019-01-20 10:46:50;"Back, Core, Biceps";"Lat Pulldown (Cable)";2;39,5;kg;5;;;;0;;
      """
    let p = try W.parse(csv, timeZone: Self.utc)
    #expect(p.problems.isEmpty && p.workouts.map(\.name) == ["Leg", "Back, Core, Biceps", "Back, Core, Biceps"])
    try #require(p.workouts.count == 3)
    #expect(p.workouts[0].exercises[1].sets[0].seconds == 60)
    #expect(p.workouts[2].exercises[0].sets.map(\.weightKg) == [25, 39.5])
  }

  @Test func strong6WarmUpDropAndFailureSetsKeepTheirKindAndNoteRowsBecomeExerciseNotes() throws {
    // matias-ceau/biovector: Strong 6, all quoted, units in the header (they beat poundsIfUnknown).
    let csv = """
      "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";\
      "Distance (meters)";"Seconds";"Notes";"Workout Notes"
      "4";"2023-07-19 21:30:51";"Workout B #1409";"1742";"Squat (Barbell)";"W";"50.0";"5";"";"";"";"";""
      "4";"2023-07-19 21:30:51";"Workout B #1409";"1742";"Squat (Barbell)";"1";"90.0";"5";"";"";"";"";""
      "4";"2023-07-19 21:30:51";"Workout B #1409";"1742";"Squat (Barbell)";"2";"100.0";"5";"";"";"";"";""
      "4";"2023-07-19 21:30:51";"Workout B #1409";"1742";"Squat (Barbell)";"D";"80.0";"8";"";"";"";"";""
      "4";"2023-07-19 21:30:51";"Workout B #1409";"1742";"Squat (Barbell)";"F";"60.0";"10";"";"";"";"";""
      "27";"2024-02-21 18:33:14";"WL.AI #1";"70";"Front Squat (Barbell)";"Note";"";"";"";"";"";"Tempo";
      "27";"2024-02-21 18:33:14";"WL.AI #1";"70";"Front Squat (Barbell)";"1";"60.0";"3";"";"";"";"";""
      "27";"2024-02-21 18:33:14";"WL.AI #1";"70";"Rowing (Machine)";"1";"";"";"";"2000";"480";"";""
      """
    let p = try W.parse(csv, timeZone: Self.utc, poundsIfUnknown: true)
    try #require(p.workouts.count == 2 && p.workouts[1].exercises.count == 2)
    let squat = p.workouts[0].exercises[0].sets
    #expect(squat.map(\.kind) == [.warmUp, .working, .working, .drop, .failure])
    #expect(squat.map(\.weightKg) == [50, 90, 100, 80, 60])
    #expect(p.workouts.map { $0.end?.timeIntervalSince($0.start) } == [1742, 70])
    #expect(p.workouts[1].exercises[0].notes == "Tempo" && p.workouts[1].exercises[0].sets.count == 1)
    #expect(p.workouts[1].exercises[1].sets[0].distanceMeters == 2000)
  }

  @Test func hevyTimesAreReadInTheUsersTimeZone() throws {
    // TonyTromp/HevyConnect workouts.csv, metric.
    let csv = """
      \(Self.hevyKg)
      "Weekend Long","5 Dec 2025, 11:37","5 Dec 2025, 12:55","","Pull Up",,"",0,"normal",,7,,,
      "Weekend Long","5 Dec 2025, 11:37","5 Dec 2025, 12:55","","Pull Up",,"",1,"normal",,7,,,
      "Weekend Long","5 Dec 2025, 11:37","5 Dec 2025, 12:55","","EZ Bar Biceps Curl",,"",0,"normal",25,21,,,
      "Daily Pull","3 Dec 2025, 10:40","3 Dec 2025, 10:56","","Pull Up",,"",0,"normal",,14,,,
      """
    let p = try W.parse(csv, timeZone: Self.berlin)
    #expect(p.format == .hevy && p.problems.isEmpty)
    try #require(p.workouts.count == 2)
    #expect(p.workouts[0].start.formatted(.iso8601) == "2025-12-05T10:37:00Z")
    #expect(p.workouts[0].end?.formatted(.iso8601) == "2025-12-05T11:55:00Z")
  }

  @Test func anImperialHevyExportKeepsSupersetsSetTypesAndRPE() throws {
    // tylerjrichards/throne rows as quoted in the survey, and a zero-padded day from radupana/openweight.
    let csv = """
      \(Self.hevyLbs)
      "Gut Check - Day 1 🚀","28 May 2024, 07:32","28 May 2024, 08:27","","Running",,"",0,"normal",,,,240,
      "Gut Check - Day 1 🚀","28 May 2024, 07:32","28 May 2024, 08:27","","Seated Cable Row - V Grip (Cable)",,"",0,\
      "warmup",70,10,,,6
      "Gut Check - Day 1 🚀","28 May 2024, 07:32","28 May 2024, 08:27","","Lat Pulldown (Cable)",0,"",0,"normal",140,10,,,7.5
      "Gut Check - Day 1 🚀","28 May 2024, 07:32","28 May 2024, 08:27","","Face Pull (Cable)",0,"",0,"dropset",40,15,,,
      "Gut Check - Day 1 🚀","28 May 2024, 07:32","28 May 2024, 08:27","","Walk",,"",0,"normal",,,1.5,1200,
      "Monday","02 Jul 2025, 17:56","02 Jul 2025, 18:58","","Incline Bench Press (Dumbbell)",,"",0,"normal",88.18,13,,,
      """
    let p = try W.parse(csv, timeZone: Self.utc)
    try #require(p.workouts.count == 2 && p.workouts[0].exercises.count == 5)
    let e = p.workouts[0].exercises
    #expect(e.map(\.superset) == [0, 0, 1, 1, 0])  // Hevy's superset_id 0 is the first group
    #expect(e[1].sets[0].kind == .warmUp && e[3].sets[0].kind == .drop && e[2].sets[0].rpe == 7.5)
    #expect(e[4].sets[0].distanceMeters == 2414.016)  // 1.5 mi
    #expect(p.workouts[1].exercises[0].sets[0].weightKg == 39.998)  // 88.18 lb
  }

  @Test func hevyTimesFromAUSPhoneAreRead() throws {
    // The format seen in ForgeFit's tests; not yet seen in a real export.
    let csv = """
      \(Self.hevyLbs)
      "4x4 HIIT & Abs","May 15, 2026, 7:26 PM","May 15, 2026, 7:42 PM","","Elliptical Trainer",,"",0,"normal",,,1.28,240,
      """
    let p = try W.parse(csv, timeZone: Self.utc)
    #expect(p.problems.isEmpty)
    let workout = try #require(p.workouts.first)
    #expect(workout.start.formatted(.iso8601) == "2026-05-15T19:26:00Z")
    #expect(workout.end?.formatted(.iso8601) == "2026-05-15T19:42:00Z")
    #expect(workout.exercises.first?.sets == [W.Set(distanceMeters: 2059.96, seconds: 240)])
  }

  @Test func quotesCommasAndLineBreaksInFieldsSurviveAndARestartedSetOrderStartsTheExerciseAgain() throws {
    // Made up: a BOM, CRLF rows, and a CRLF and an LF inside quoted notes.
    let push = "2024-03-05 18:00:00,\"Push, \"\"heavy\"\"\",1h 10m,\"Bench Press (Barbell)\","
    let csv =
      "\u{FEFF}Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\r\n"
      + push + "1,100,5,0,0,\"Pause reps, \"\"tight\"\"\r\nnext time 105\",\"Line one\nLine two\",8\r\n"
      + push + "2,100,5,0,0,,,\r\n"
      + push + "1,60,12,0,0,\"back-off\",,\r\n"
    let p = try W.parse(csv, timeZone: Self.utc)
    #expect(p.problems.isEmpty)
    let w = try #require(p.workouts.first)
    #expect(w.name == "Push, \"heavy\"" && w.notes == "Line one\nLine two" && w.line == 2)
    try #require(w.exercises.count == 2)
    #expect(w.exercises[0].notes == "Pause reps, \"tight\"\r\nnext time 105")
    #expect(w.exercises[1].notes == "back-off")
  }

  /// Made up: one good row, then one row wrong in each way we know of.
  static let badStrongRows = """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2024-03-05 18:00:00,Push,1h,Bench,1,100,5,0,0,,,
    2024-02-30 18:00:00,Push,1h,Bench,2,100,5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,3,abc,5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,4,-20,5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,5,100,1001,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,6,1600,1,0,0,,,
    2024-03-05 18:00:00,Push,1h,"  ",1,100,5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,X,100,5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,7,0,0,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,8,"this is a very long weight value that goes on and on",5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,9,100,5,0,0,,,,extra
    2024-03-05 18:00:00,Push,1h,Bench,10,100,5.5,0,0,,,
    2024-03-05 18:00:00,Push,1h,Bench,11,100,5,0,0,,,12
    not a date,Push,1h,Bench,12,100,5,0,0,,,
    """

  @Test func eachUnreadableStrongRowIsReportedWithItsLineAndTheRestIsKept() throws {
    let p = try W.parse(Self.badStrongRows, timeZone: Self.utc)
    #expect(p.workouts.map { $0.exercises.map(\.sets.count) } == [[1]])
    #expect(p.problems.map(\.line) == Array(3...15))
    #expect(p.problems.first?.reason == "Date: \"2024-02-30 18:00:00\" is not a date")
    #expect(p.problems.map(\.reason).contains("Weight: \"this is a very long weight value that go…\" is not a number"))
  }

  @Test func eachUnreadableHevyRowIsReportedWithItsLine() throws {
    // Made up: a month not in English, an unknown set type, a bad end time, no exercise; then one good row.
    let csv = """
      \(Self.hevyKg)
      "A","19 ago 2026, 14:20","19 ago 2026, 15:35","","Squat",,"",0,"normal",100,5,,,
      "A","19 Aug 2026, 14:20","","","Squat",,"",0,"superset",100,5,,,
      "A","19 Aug 2026, 14:20","nope","","Squat",,"",0,"normal",100,5,,,
      "A","19 Aug 2026, 14:20","","","",,"",0,"normal",100,5,,,
      "A","19 Aug 2026, 14:20","","","Squat",,"",0,"normal",100,5,,,
      """
    let p = try W.parse(csv, timeZone: Self.utc)
    #expect(p.problems.map(\.line) == [2, 3, 4, 5])
    let workout = try #require(p.workouts.first)
    #expect(p.workouts.count == 1 && workout.end == nil && workout.line == 6)  // an empty end_time is unknown
  }

  @Test func aFileThatCannotBeReadAtAllIsRejectedWithTheReason() {
    #expect(throws: W.Failure.empty) { try W.parse("", timeZone: Self.utc) }
    #expect(throws: W.Failure.empty) { try W.parse("\u{FEFF}\n\n", timeZone: Self.utc) }
    let other = "Date,Exercise,Reps,Weight(lbs)\n2024-01-01,Squat,5,100\n"
    #expect(throws: W.Failure.unknownHeader("Date,Exercise,Reps,Weight(lbs)")) { try W.parse(other, timeZone: Self.utc) }
    #expect(throws: W.Failure.tooLarge(limit: 5)) { try W.parse(Self.badStrongRows, timeZone: Self.utc, maxRows: 5) }
    let unclosed = """
      Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps
      2024-01-01 10:00:00,A,1h,Squat,1,100,5
      2024-01-01 10:00:00,"A,1h,Squat,1,100,5

      """
    #expect(throws: W.Failure.malformed(line: 3, reason: "a quoted field is never closed")) {
      try W.parse(unclosed, timeZone: Self.utc)
    }
  }

  @Test func supersetGroupsAreRenumberedAndProblemLinesCountLineBreaksInsideQuotes() throws {
    // Made up: two-line descriptions, superset ids 3 and 7, RPE 0 and an empty trailing field, 30 Feb.
    let csv = """
      \(Self.hevyKg)
      "Day","29 Feb 2024, 09:00","29 Feb 2024, 10:00","two
      lines","A",3,"",0,"normal",50,10,,,
      "Day","29 Feb 2024, 09:00","29 Feb 2024, 10:00","two
      lines","B",3,"",0,"normal",20,10,,,
      "Day","29 Feb 2024, 09:00","29 Feb 2024, 10:00","","C",7,"",0,"normal",30,10,,,
      "Day","29 Feb 2024, 09:00","29 Feb 2024, 10:00","","D",7,"",0,"normal",30,10,,,0,
      "Day","30 Feb 2024, 24:00","29 Feb 2024, 10:00","","E",,"",0,"normal",30,10,,,
      """
    let p = try W.parse(csv, timeZone: Self.utc, maxRows: 5)  // exactly 5 rows is within the limit
    let w = try #require(p.workouts.first)
    #expect(w.exercises.map(\.superset) == [1, 1, 2, 2] && w.notes == "two\nlines" && w.line == 2)
    #expect(w.exercises.last?.sets[0].rpe == nil)  // 0 is Strong's "no RPE"
    #expect(p.problems.map(\.line) == [8])
    #expect(p.problems.first?.reason == "start_time: \"30 Feb 2024, 24:00\" is not a date")
  }

  // MARK: - Writing

  static let t0 = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
  /// Everything both formats keep: quotes, commas and line breaks in text, set kinds, RPE, grams,
  /// timed and distance sets, the same exercise twice, a workout of unknown length.
  static let workouts = [
    W.Workout(
      name: "Push, \"heavy\"", start: t0, end: t0 + 65 * 60, notes: "Felt good,\nslept 8h",
      exercises: [
        W.Exercise(
          name: "Bench Press (Barbell)", notes: "Pause, \"tight\"",
          sets: [
            W.Set(kind: .warmUp, reps: 10, weightKg: 20), W.Set(reps: 5, weightKg: 61.235, rpe: 8.5),
            W.Set(reps: 5, weightKg: 61.235, rpe: 9), W.Set(kind: .drop, reps: 8, weightKg: 40),
            W.Set(kind: .failure, reps: 3, weightKg: 40),
          ]),
        W.Exercise(name: "Bench Press (Barbell)", sets: [W.Set(reps: 12, weightKg: 50)]),
        W.Exercise(name: "Plank", sets: [W.Set(seconds: 60)]),
        W.Exercise(name: "Running", sets: [W.Set(distanceMeters: 5234.5, seconds: 1800)]),
      ]),
    W.Workout(
      name: "Legs", start: t0 + 86_400 * 2 + 40,
      exercises: [
        W.Exercise(name: "Squat", sets: [W.Set(reps: 5, weightKg: 140), W.Set(reps: 5, weightKg: 142.5)])
      ]),
  ]
  /// The same in Hevy's whole minutes, with two supersets.
  static let hevyWorkouts: [W.Workout] = {
    var w = workouts
    w[0].start = t0 - 20
    w[0].end = t0 + 3000 - 20
    w[1].start = t0 - 20 + 86_400 * 2
    for (i, group) in [1, 1, 2, 2].enumerated() { w[0].exercises[i].superset = group }
    return w
  }()

  /// Parsed workouts remember their line; ones built in code have 0.
  static func unlined(_ workouts: [W.Workout]) -> [W.Workout] {
    var workouts = workouts
    for i in workouts.indices { workouts[i].line = 0 }
    return workouts
  }

  @Test func aStrongFileWeWriteReadsBackTheSame() throws {
    let p = try W.parse(W.write(Self.workouts, format: .strong, timeZone: Self.berlin), timeZone: Self.berlin)
    #expect(p.problems.isEmpty)
    #expect(Self.unlined(p.workouts) == Self.workouts)
    #expect(p.workouts.map(\.line) == [2, 11])  // the workout note's line break is a line of the file
  }

  @Test func aHevyFileWeWriteReadsBackTheSameWithItsSupersets() throws {
    let p = try W.parse(W.write(Self.hevyWorkouts, format: .hevy, timeZone: Self.berlin), timeZone: Self.berlin)
    #expect(p.problems.isEmpty)
    #expect(Self.unlined(p.workouts) == Self.hevyWorkouts)
  }

  @Test func aStrongFileWeWriteHasNoSupersets() throws {
    let p = try W.parse(W.write(Self.hevyWorkouts, format: .strong, timeZone: Self.utc), timeZone: Self.utc)
    #expect(p.workouts.count == 2 && p.workouts.allSatisfy { $0.exercises.allSatisfy { $0.superset == 0 } })
  }

  /// A phone records the instant; on the night clocks go forward its wall-clock text can
  /// name a time that did not exist. The workout stays (made-up sample).
  @Test func aWorkoutStartedInTheSkippedHourOfTheSpringClockChangeIsKept() throws {
    let text = """
      Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
      2026-03-29 02:30:00,Night owl,30m,Squat (Barbell),1,100.0,5,0,0,,,

      """
    let parsed = try W.parse(text, timeZone: Self.berlin)
    #expect(parsed.problems.isEmpty)
    #expect(parsed.workouts.first?.start == ISO8601DateFormatter().date(from: "2026-03-29T01:30:00Z"))
  }
}
