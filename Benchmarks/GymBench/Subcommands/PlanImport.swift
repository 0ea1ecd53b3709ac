import ArgumentParser
import Foundation
import GRPCCore
import GymAPI
import Histogram
import Synchronization

/// A workout history moved in from Strong: how long ImportWorkouts takes for years of
/// workouts, what the same file costs the second time (nothing added), how long
/// ExportWorkouts takes, and what another user's quick logs wait meanwhile (the import
/// is one write transaction).
struct PlanImport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan-import", abstract: "ImportWorkouts of a Strong export, again, ExportWorkouts; others' LogWorkout meanwhile.")
  @OptionGroup var options: LoadOptions
  @Option(help: "Workouts in the file (about 3.5 a week).") var workouts = 600
  @Option(help: "Exercises per workout.") var exercises = 6
  @Option(help: "Sets per exercise.") var sets = 4

  static let names = [
    "Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Bent Over Row (Barbell)", "Overhead Press (Barbell)",
    "Pull Up", "Lat Pulldown (Cable)", "Leg Press", "Bicep Curl (Dumbbell)", "Triceps Pushdown (Cable - Straight Bar)",
  ]

  /// Strong's comma export: one row per set, oldest first, two days apart.
  func file() -> String {
    var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    let day = 86_400.0
    let first = (Date().timeIntervalSince1970 / day).rounded(.down) * day - Double(workouts) * 2 * day + 17 * 3600
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    for w in 0..<workouts {
      let date = formatter.string(from: Date(timeIntervalSince1970: first + Double(w) * 2 * day))
      for e in 0..<exercises {
        let name = Self.names[(w + e) % Self.names.count]
        for s in 0..<sets {
          let weight = 40.0 + Double((w / 10 + e * 7) % 80) + 2.5 * Double(s % 2)
          text += "\(date),\"Day \(w % 3 + 1)\",1h 5m,\"\(name)\",\(s + 1),\(weight),\(5 + s),0,0,,,\(s == sets - 1 ? "8.5" : "")\n"
        }
      }
    }
    return text
  }

  func run() async throws {
    let client = try Load.client(options.addr)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
      let mover = try await Load.signedIn(at: options.registerAddr)
      let other = try await Load.signedIn(at: options.registerAddr)
      let exercise = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listExercises(
        .with { $0.pageSize = 1 }, metadata: other
      ).exercises[0].id
      let csv = Data(file().utf8)
      print("file: \(workouts) workouts, \(workouts * exercises * sets) sets, \(csv.count) bytes")

      // Another user's quick logs, before and during the import.
      let logging = Mutex(Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three))
      let importing = Atomic(false)
      let during = Mutex(Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three))
      let stop = Atomic(false)
      let logger = Task {
        var day = 0
        while !stop.load(ordering: .relaxed) {
          day += 1
          let start = ContinuousClock.now
          _ = try await plan.logWorkout(
            .with {
              $0.date = .with {
                let past = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date() - Double(day % 3000) * 86_400)
                $0.year = Int32(past.year!); $0.month = Int32(past.month!); $0.day = Int32(past.day!)
              }
              $0.entries = [
                .with {
                  $0.exerciseID = exercise;
                  $0.sets = [
                    .with {
                      $0.reps = 5; $0.weightKg = 60
                    }
                  ]
                }
              ]
            }, metadata: other)
          let micros =
            UInt64((ContinuousClock.now - start).components.attoseconds / 1_000_000_000_000)
            + UInt64((ContinuousClock.now - start).components.seconds) * 1_000_000
          if importing.load(ordering: .relaxed) {
            _ = during.withLock { $0.record(micros) }
          } else {
            _ = logging.withLock { $0.record(micros) }
          }
          try await Task.sleep(for: .milliseconds(20))
        }
      }
      try await Task.sleep(for: .seconds(2))
      importing.store(true, ordering: .relaxed)
      var start = ContinuousClock.now
      let first = try await plan.importWorkouts(.with { $0.csv = csv }, metadata: mover)
      let firstSeconds = seconds(since: start)
      importing.store(false, ordering: .relaxed)
      print(
        String(
          format: "first import: %d workouts, %d sets in %.2f s (%.0f sets/s); %d exercises made the user's own; %d problems",
          first.workoutsImported, first.setsImported, firstSeconds, Double(first.setsImported) / firstSeconds,
          first.exercises.filter(\.created).count, first.problems.count))
      start = ContinuousClock.now
      let second = try await plan.importWorkouts(.with { $0.csv = csv }, metadata: mover)
      print(
        String(
          format: "same file again: %d added, %d already here in %.2f s", second.workoutsImported, second.workoutsAlreadyImported,
          seconds(since: start)))
      start = ContinuousClock.now
      let exported = try await plan.exportWorkouts(.with { $0.format = .strongCsv }, metadata: mover)
      print(String(format: "export (Strong): %d workouts, %d bytes in %.2f s", exported.workouts, exported.csv.count, seconds(since: start)))
      stop.store(true, ordering: .relaxed)
      try await logger.value
      for (label, histogram) in [("before", logging.withLock { $0 }), ("during the first import", during.withLock { $0 })] {
        print(
          String(
            format: "another user's LogWorkout %@: %d calls; p50 %.1f ms, p99 %.1f ms, max %.1f ms", label, Int(histogram.totalCount),
            Double(histogram.valueAtPercentile(50)) / 1000, Double(histogram.valueAtPercentile(99)) / 1000, Double(histogram.max) / 1000))
      }
    }
  }
}
