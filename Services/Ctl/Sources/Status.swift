import ArgumentParser
import Foundation
import GymAPI
import GymService
import SwiftProtobuf

/// `gymctl status`: the gateway's `OperatorService.GetSystemStatus` as a table.
struct Status: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show every process: health, address, latency, version, uptime, database size, outbox backlog.")

  @OptionGroup var stack: StackOptions

  @Option(help: "Seconds to wait for each process.")
  var timeout = 2.0

  func run() async throws {
    // What `gymctl up` did, when it runs (or ran) on this data directory.
    let supervised = SupervisorState.read(dataDirectory: stack.dataDir)
    let status: Gym_Gateway_V1_GetSystemStatusResponse
    do {
      status = try await Self.fetch(stack, timeout: timeout)
    } catch {
      // The platform is down; the supervisor's record may say why (a service given up on).
      if let supervised, !stack.json {
        Output.table(
          ["PROCESS", "RESTARTS"], supervised.services.keys.sorted().map { [$0, supervised.summary(of: $0)] })
      }
      throw error
    }
    if stack.json {
      try Output.json(status)
    } else {
      Output.table(
        ["PROCESS", "ADDRESS", "STATUS", "LATENCY", "VERSION", "UPTIME", "DATABASE", "OUTBOX"]
          + (supervised == nil ? [] : ["RESTARTS"]) + ["ERROR"],
        status.processes.map { process in
          let restarts = supervised.map { [$0.summary(of: Self.serviceName(process.name))] } ?? []
          return [
            process.name, process.address, Self.label(process.servingStatus),
            process.hasLatency ? String(format: "%.1f ms", process.latency.timeInterval * 1000) : "-",
            process.version.isEmpty ? "-" : process.version,
            process.hasUptime
              ? Duration.seconds(process.uptime.seconds).formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .narrow, maximumUnitCount: 2))
              : "-",
            process.databaseSizeBytes > 0 ? Output.bytes(process.databaseSizeBytes) : "-",
            process.outbox.isEmpty ? "-" : "\(process.outbox.map(\.pending).reduce(0, +)) pending",
          ] + restarts + [process.error]
        })
    }
    if !status.allServing { throw ExitCode.failure }
  }

  /// The system status from the stack's gateway.
  static func fetch(_ stack: StackOptions, timeout: Double) async throws -> Gym_Gateway_V1_GetSystemStatusResponse {
    try await OperatorCall.with(.gateway, stack) { client in
      try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).getSystemStatus(
        .with {
          $0.timeoutPerProcess = Google_Protobuf_Duration(rounding: timeout)
        })
    }
  }

  /// The supervisor's name for a process the gateway names "gym-auth" or "auth".
  static func serviceName(_ process: String) -> String {
    process.hasPrefix("gym-") ? String(process.dropFirst(4)) : process
  }

  static func label(_ status: Gym_Gateway_V1_ServingStatus) -> String {
    switch status {
    case .serving: "SERVING"
    case .notServing: "NOT_SERVING"
    default: "DOWN"
    }
  }
}
