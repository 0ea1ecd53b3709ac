import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import SwiftProtobuf
import Testing

/// `gym.gateway.v1.OperatorService` through the generated client: auth is running, the
/// other backends point at a port where nothing listens.
@Suite struct OperatorServiceTests {
  @Test func systemStatusReportsEveryProcessAndADownBackendDoesNotFailTheCall() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGatewayProcess(auth: auth.address, credential: auth.credential) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          let started = ContinuousClock.now
          let status = try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).getSystemStatus(.with {
            $0.timeoutPerProcess = Google_Protobuf_Duration(rounding: .seconds(1))
          })
          #expect(ContinuousClock.now - started < .seconds(5), "backends are asked concurrently, each bounded")
          #expect(status.processes.map(\.name) == ["gateway", "auth", "catalog", "plan", "messaging", "places"])
          #expect(!status.allServing)
          let gatewayRow = status.processes[0]
          #expect(gatewayRow.servingStatus == .serving && gatewayRow.address == "\(gateway)" && gatewayRow.version == OpsService.version)
          let authRow = status.processes[1]
          #expect(authRow.servingStatus == .serving, "\(authRow.error)")
          #expect(authRow.address == "\(auth.address)" && authRow.version == OpsService.version && authRow.error.isEmpty)
          #expect(authRow.databaseSizeBytes > 0 && authRow.databasePath.hasSuffix("auth.sqlite"))
          #expect(authRow.hasLatency && authRow.hasUptime)
          for down in status.processes.dropFirst(2) {
            #expect(down.servingStatus == .unspecified)
            #expect(down.error.hasPrefix("unreachable: UNAVAILABLE"), "\(down.error)")
          }
        }
      }
    }
  }

  @Test func onlyAdminsAndTheServiceCredentialMayCallAndBadInputIsNamed() async throws {
    try await withRunningAuth { auth in
      let member = try await auth.register("mia")
      let admin = try await auth.makeAdmin()
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { client in
        let operatorService = Gym_Gateway_V1_OperatorService.Client(wrapping: client)
        #expect(await rpcError { _ = try await operatorService.getSystemStatus(.init()) }?.code == .unauthenticated)
        #expect(await rpcError { _ = try await operatorService.getSystemStatus(.init(), metadata: member.metadata) }?.code == .permissionDenied)
        let status = try await operatorService.getSystemStatus(.init(), metadata: admin.metadata)
        #expect(status.processes[1].servingStatus == .serving)

        let tooLong = await rpcError {
          _ = try await operatorService.getSystemStatus(.with { $0.timeoutPerProcess = .init(seconds: 120) }, metadata: admin.metadata)
        }
        #expect(tooLong?.code == .invalidArgument && tooLong?.fieldViolations.first?.field == "timeout_per_process")
        let relative = await rpcError {
          _ = try await operatorService.backup(.with { $0.destinationDir = "backups" }, metadata: admin.metadata)
        }
        #expect(relative?.code == .invalidArgument && relative?.fieldViolations.first?.field == "destination_dir")
      }
    }
  }

  @Test func backupWritesEachReachableServiceOwnerOnlyAndReportsTheOthers() async throws {
    try await withRunningAuth { auth in
      _ = try await auth.register("kept")
      try await GatewayFixture.runGatewayProcess(auth: auth.address, credential: auth.credential) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          let directory = try temporaryDirectory() + "/nightly"
          let result = try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).backup(.with { $0.destinationDir = directory })
          #expect(!result.complete)
          #expect(result.backups.map(\.name) == ["auth", "catalog", "plan", "messaging", "places"])
          let copy = result.backups[0]
          #expect(copy.error.isEmpty && copy.sizeBytes > 0)
          #expect(try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int == 0o600)
          #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
          // Nothing half-written is left beside the copy.
          #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [(copy.path as NSString).lastPathComponent])
          #expect(result.backups.dropFirst().allSatisfy { $0.path.isEmpty && $0.error.hasPrefix("UNAVAILABLE") })
        }
      }
    }
  }
}
