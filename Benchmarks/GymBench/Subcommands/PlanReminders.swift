import ArgumentParser
import Foundation
import GRPCCore
import GymAPI
import Histogram
import Synchronization

/// Reminder delay: users schedule workouts whose reminders fall due within the next two
/// minutes, hold a messaging stream open, and the time from each due instant to the
/// NOTIFICATION's arrival is measured.
struct PlanReminders: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan-reminders", abstract: "Delay from a reminder's due time to its notification on the user's stream.")
  @OptionGroup var options: LoadOptions
  @Option(help: "Users, each with one reminder.") var users = 50

  final class Delays: Sendable {
    let histogram = Mutex(Histogram<UInt64>(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three))
    let count = Mutex(0)
  }

  func run() async throws {
    let client = try Load.client(options.addr)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
      let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
      let exercise = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listExercises(
        .with { $0.pageSize = 1 }, metadata: Load.signedIn(at: options.registerAddr)
      ).exercises[0].id
      // Users have no time zone set: their schedule is in UTC. Workouts at the start of
      // the minute after next, reminded one minute before: due at the next minute.
      let utc = TimeZone(identifier: "UTC")!
      let now = Date()
      let nextMinute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
      let due = Date(timeIntervalSince1970: nextMinute)
      let start = Calendar(identifier: .gregorian).dateComponents(in: utc, from: due.addingTimeInterval(60))
      let delays = Delays()
      for _ in 0..<users {
        let token = try await Load.registerUser(at: options.registerAddr).token
        let routine = try await plan.createRoutine(
          .with {
            $0.routine = .with {
              $0.name = "Reminder bench"
              $0.days = [
                .with {
                  $0.exercises = [
                    .with {
                      $0.exerciseID = exercise; $0.sets = [.with { $0.targetReps = 5 }]
                    }
                  ]
                }
              ]
            }
          }, metadata: Load.bearer(token)
        ).routine
        _ = try await plan.scheduleRoutine(
          .with {
            $0.entry = .with {
              $0.routineID = routine.id
              $0.date = .with {
                $0.year = Int32(start.year!); $0.month = Int32(start.month!); $0.day = Int32(start.day!)
              }
              $0.time = .with {
                $0.hours = Int32(start.hour!); $0.minutes = Int32(start.minute!)
              }
              $0.reminderMinutesBefore = 1
            }
          }, metadata: Load.bearer(token))
        group.addTask {
          try await messaging.subscribe(.init(), metadata: Load.bearer(token)) { response in
            for try await event in response.messages where event.kind == .notification {
              let delay = Date().timeIntervalSince(due)
              delays.histogram.withLock { _ = $0.record(UInt64(max(0, delay) * 1_000_000)) }
              delays.count.withLock { $0 += 1 }
              return
            }
          }
        }
      }
      print("scheduled \(users) reminders due at \(due.ISO8601Format()); waiting")
      let deadline = due.addingTimeInterval(90)
      while delays.count.withLock({ $0 }) < users && Date() < deadline { try await Task.sleep(for: .milliseconds(200)) }
      let histogram = delays.histogram.withLock { $0 }
      print(
        String(
          format: "reminder delay (due → notification on the stream): %d of %d arrived; p50 %.2f s, p90 %.2f s, max %.2f s",
          Int(histogram.totalCount), users, Double(histogram.valueAtPercentile(50)) / 1e6, Double(histogram.valueAtPercentile(90)) / 1e6,
          Double(histogram.max) / 1e6))
      group.cancelAll()
    }
  }
}
