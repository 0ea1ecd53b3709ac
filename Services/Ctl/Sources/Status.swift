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
    let status = try await Self.fetch(stack, timeout: timeout)
    if stack.json {
      try Output.json(status)
    } else {
      Output.table(
        ["PROCESS", "ADDRESS", "STATUS", "LATENCY", "VERSION", "UPTIME", "DATABASE", "OUTBOX", "ERROR"],
        status.processes.map { process in
          [
            process.name, process.address, Self.label(process.servingStatus),
            process.hasLatency ? String(format: "%.1f ms", process.latency.timeInterval * 1000) : "-",
            process.version.isEmpty ? "-" : process.version,
            process.hasUptime
              ? Duration.seconds(process.uptime.seconds).formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .narrow, maximumUnitCount: 2))
              : "-",
            process.databaseSizeBytes > 0 ? Output.bytes(process.databaseSizeBytes) : "-",
            process.outbox.isEmpty ? "-" : "\(process.outbox.map(\.pending).reduce(0, +)) pending",
            process.error,
          ]
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

  static func label(_ status: Gym_Gateway_V1_ServingStatus) -> String {
    switch status {
    case .serving: "SERVING"
    case .notServing: "NOT_SERVING"
    default: "DOWN"
    }
  }
}
