import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

/// What an operator's `gymctl status` shows of a process that cannot write to its data
/// directory: still answering, but NOT_SERVING with "disk full", until it can again.
@Suite struct DiskStatusTests {
  @Test func systemStatusShowsAProcessWhoseDiskRefusesWritesAndClearsOnceItWrites() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          let operatorService = Gym_Gateway_V1_OperatorService.Client(wrapping: client)
          @Sendable func authRow() async throws -> Gym_Gateway_V1_ProcessStatus {
            try await operatorService.getSystemStatus(.with { $0.timeoutPerProcess = .init(seconds: 10) }).processes[1]
          }
          // The data directory moved away: the probe file cannot be written there, as
          // on a full disk (the open database files stay readable).
          let moved = auth.dataDirectory + "-moved"
          try FileManager.default.moveItem(atPath: auth.dataDirectory, toPath: moved)
          let reported = try await eventually(within: .seconds(30)) {
            let row = try await authRow()
            return row.servingStatus == .notServing && row.error.contains("disk full")
          }
          try FileManager.default.moveItem(atPath: moved, toPath: auth.dataDirectory)
          #expect(reported, "gymctl status shows auth NOT_SERVING with disk full")
          let cleared = try await eventually(within: .seconds(30)) {
            let row = try await authRow()
            return row.servingStatus == .serving && row.error.isEmpty
          }
          #expect(cleared, "and SERVING again once a probe write succeeds")
        }
      }
    }
  }
}
