import ArgumentParser
import Foundation
import GymAPI

/// `gymctl outbox`: cross-service deliveries still waiting, in every service.
struct OutboxCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outbox", abstract: "Show pending cross-service deliveries of every service, with their last error.")

  @OptionGroup var stack: StackOptions

  func run() async throws {
    let processes = try await Status.fetch(stack, timeout: 2).processes
    if stack.json {
      try Output.json(
        processes.map { process in
          Gym_Gateway_V1_ProcessStatus.with {
            $0.name = process.name
            $0.outbox = process.outbox
            $0.error = process.error
          }
        })
      return
    }
    let rows = processes.flatMap { process in
      process.outbox.map { entry in
        [
          process.name, entry.destination, "\(entry.pending)", Output.date(entry.oldestCreatedAt), "\(entry.maxAttempts)",
          entry.lastError.isEmpty ? "-" : entry.lastError,
        ]
      }
    }
    if rows.isEmpty {
      print("nothing pending")
    } else {
      Output.table(["SERVICE", "TO", "PENDING", "OLDEST", "ATTEMPTS", "LAST ERROR"], rows)
    }
    // A process that did not answer may hold deliveries no one can see: say so.
    for process in processes where !process.error.isEmpty && process.name != "gateway" {
      print("\(process.name): outbox unknown: \(process.error)")
    }
  }
}
