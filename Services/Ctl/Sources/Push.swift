import ArgumentParser
import Foundation
import GymAPI

/// `gymctl push`: push delivery health, per provider: sent, failed, given up, devices
/// removed for invalid tokens (since messaging started), and what waits now.
struct PushCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "push",
    abstract: "Show push notification delivery per provider: sent, failed, invalid tokens, backlog and its oldest.")

  @OptionGroup var stack: StackOptions

  func run() async throws {
    let processes = try await Status.fetch(stack, timeout: 2).processes
    if stack.json {
      try Output.json(
        processes.filter { !$0.push.isEmpty }.map { process in
          Gym_Gateway_V1_ProcessStatus.with {
            $0.name = process.name
            $0.push = process.push
          }
        })
      return
    }
    let rows = processes.flatMap { process in
      process.push.map { provider in
        [
          process.name, provider.provider, "\(provider.sent)", "\(provider.failed)", "\(provider.dropped)", "\(provider.invalidTokens)",
          "\(provider.backlog)", provider.hasOldestCreatedAt ? Output.date(provider.oldestCreatedAt) : "-",
        ]
      }
    }
    if rows.isEmpty {
      let messaging = processes.first { Status.serviceName($0.name) == "messaging" }
      if let messaging, !messaging.error.isEmpty {
        print("messaging: push delivery unknown: \(messaging.error)")
      } else {
        print("no push provider is configured (GYM_MESSAGING_APNS_KEY_FILE, GYM_MESSAGING_FCM_SERVICE_ACCOUNT_FILE)")
      }
      return
    }
    Output.table(["SERVICE", "PROVIDER", "SENT", "FAILED", "GAVE UP", "INVALID TOKENS", "BACKLOG", "OLDEST"], rows)
  }
}
