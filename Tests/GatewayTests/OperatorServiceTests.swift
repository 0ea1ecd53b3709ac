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
  /// Auth answers; plan and messaging accept connections but never speak (hung); the
  /// others refuse them.
  @Test func systemStatusReportsEveryProcessAndNeitherAHungNorADownBackendFailsTheCall() async throws {
    let (plan, messaging) = (try HungListener(), try HungListener())
    defer { [plan, messaging].forEach { $0.stop() } }
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential,
        configure: { $0.backends["plan"] = plan.address; $0.backends["messaging"] = messaging.address }
      ) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          var status = Gym_Gateway_V1_GetSystemStatusResponse()
          // A loaded machine can make even auth miss a 2 s timeout once; it is asked again.
          for _ in 0..<5 where status.processes.count < 2 || status.processes[1].servingStatus != .serving {
            let started = ContinuousClock.now
            status = try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).getSystemStatus(.with {
              $0.timeoutPerProcess = Google_Protobuf_Duration(rounding: .seconds(2))
            })
            // Hung backends are cut off by the timeout (generous bound: a loaded CI machine).
            #expect(ContinuousClock.now - started < .seconds(15))
          }
          #expect(status.processes.map(\.name) == ["gateway", "auth", "catalog", "plan", "messaging", "places"])
          #expect(!status.allServing)
          let gatewayRow = status.processes[0]
          #expect(gatewayRow.address == "\(gateway)" && gatewayRow.version == OpsService.version && gatewayRow.hasUptime)
          let authRow = status.processes[1]
          #expect(authRow.servingStatus == .serving, "\(authRow.error)")
          #expect(authRow.address == "\(auth.address)" && authRow.version == OpsService.version && authRow.error.isEmpty)
          #expect(authRow.databaseSizeBytes > 0 && authRow.databasePath.hasSuffix("auth.sqlite"))
          #expect(authRow.hasLatency && authRow.hasUptime)
          for hung in [status.processes[3], status.processes[4]] {
            #expect(hung.servingStatus == .unspecified && hung.error.hasPrefix("unreachable: DEADLINE_EXCEEDED"), "\(hung.error)")
          }
          for down in [status.processes[2], status.processes[5]] {
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
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { gateway in
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

/// A TCP port that accepts connections (the kernel completes them) and never answers:
/// a process that hangs.
final class HungListener: Sendable {
  let address: HostPort
  private let fd: Int32

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    self.fd = fd
    self.address = HostPort(host: "127.0.0.1", port: Int(UInt16(bigEndian: address.sin_port)))
  }

  func stop() { close(fd) }
}
