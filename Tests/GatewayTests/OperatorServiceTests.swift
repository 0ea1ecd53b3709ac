import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
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
        configure: {
          $0.backends["plan"] = plan.address; $0.backends["messaging"] = messaging.address
        }
      ) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          var status = Gym_Gateway_V1_GetSystemStatusResponse()
          // A loaded machine can make even auth miss a 2 s timeout once; it is asked again.
          for _ in 0..<5 where status.processes.count < 2 || status.processes[1].servingStatus != .serving {
            let started = ContinuousClock.now
            status = try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).getSystemStatus(
              .with {
                $0.timeoutPerProcess = Google_Protobuf_Duration(rounding: .seconds(2))
              })
            // Hung backends are cut off by the timeout (generous bound: a loaded CI machine).
            #expect(ContinuousClock.now - started < .seconds(30))
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
        // The most time allowed per process: a loaded machine can make auth miss the 2 s default.
        let status = try await operatorService.getSystemStatus(
          .with { $0.timeoutPerProcess = .init(seconds: 30) }, metadata: admin.metadata)
        #expect(status.processes[1].servingStatus == .serving, "\(status.processes[1].error)")

        let tooLong = await rpcError {
          _ = try await operatorService.getSystemStatus(.with { $0.timeoutPerProcess = .init(seconds: 120) }, metadata: admin.metadata)
        }
        #expect(tooLong?.code == .invalidArgument && tooLong?.fieldViolations.first?.field == "timeout_per_process")
      }
    }
  }

  /// An administrator's access token reads the platform's status but cannot copy every
  /// database: backups need the service credential, which only the services' machine holds.
  @Test func anAdminTokenAloneCannotBackUp() async throws {
    let root = try temporaryDirectory("gym-backup-root") + "/backups"
    try await withRunningAuth(configure: { $0.backup = BackupRoot(path: root, minimumFreeBytes: 0) }) { auth in
      let admin = try await auth.makeAdmin()
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { client in
        let refused = await rpcError {
          _ = try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).backup(.with { $0.label = "nightly" }, metadata: admin.metadata)
        }
        #expect(refused?.code == .unauthenticated, "\(String(describing: refused))")
        #expect(refused?.message.contains("needs the service credential") == true, "\(String(describing: refused))")
      }
      // Nor straight at a service's Ops with the token.
      try await withClient(to: auth.address) { client in
        let direct = await rpcError {
          _ = try await Gym_Ops_V1_Ops.Client(wrapping: client).backup(.with { $0.runID = "mine" }, metadata: admin.metadata)
        }
        #expect(direct?.code == .unauthenticated, "\(String(describing: direct))")
      }
      #expect(!FileManager.default.fileExists(atPath: root))
    }
  }

  /// Even with the credential, a backup goes only under the root the servers configure:
  /// a run is named, and a name that is a path is refused saying what to pass.
  @Test func aBackupPathOutsideTheRootIsRefused() async throws {
    let root = try temporaryDirectory("gym-backup-root") + "/backups"
    let elsewhere = try temporaryDirectory("gym-outside") + "/copies"
    try await withRunningAuth(configure: { $0.backup = BackupRoot(path: root, minimumFreeBytes: 0) }) { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          let operatorService = Gym_Gateway_V1_OperatorService.Client(wrapping: client)
          for label in [elsewhere, "../../copies", "nightly/../../x", "a/b", "..", ".hidden", "night ly", String(repeating: "n", count: 61)] {
            let refused = await rpcError { _ = try await operatorService.backup(.with { $0.label = label }) }
            #expect(refused?.code == .invalidArgument && refused?.fieldViolations.map(\.field) == ["label"], "\(label): \(String(describing: refused))")
            #expect(refused?.message.contains("GYM_BACKUP_DIR") == true, "\(String(describing: refused))")
          }
        }
      }
      // A service asked directly is as strict about the run's name.
      let direct = await rpcError { _ = try await auth.ops.backup(.with { $0.runID = "../../copies" }) }
      #expect(direct?.code == .invalidArgument && direct?.fieldViolations.map(\.field) == ["run_id"], "\(String(describing: direct))")
      #expect(!FileManager.default.fileExists(atPath: elsewhere) && !FileManager.default.fileExists(atPath: root))
    }
  }

  /// A service's part of a run: its database and signing keys, owner-only, each file
  /// described by size and SHA-256; the run's manifest goes beside it.
  @Test func aServicePartHoldsItsDatabaseAndKeysAndTheManifestGoesBeside() async throws {
    let root = try temporaryDirectory("gym-backup-root") + "/backups"
    let data = try temporaryDirectory("gym-auth")
    try await withRunningAuth(dataDirectory: data, configure: { $0.backup = BackupRoot(path: root, minimumFreeBytes: 0) }) { auth in
      _ = try await auth.register("kept")
      let part = try await auth.ops.backup(.with { $0.runID = "run-1" })
      #expect(part.service == "auth" && part.directory == root + "/run-1/auth" && part.directories == ["signing-keys"])
      let keys = try FileManager.default.contentsOfDirectory(atPath: data + "/signing-keys").sorted()
      #expect(part.files.map(\.path) == ["auth/auth.sqlite"] + keys.map { "auth/signing-keys/\($0)" })
      for file in part.files {
        let described = try BackupManifest.describe(root + "/run-1/" + file.path, as: file.path)
        #expect(described.sizeBytes == file.sizeBytes && described.sha256 == file.sha256)
        #expect(try FileManager.default.attributesOfItem(atPath: root + "/run-1/" + file.path)[.posixPermissions] as? Int == 0o600)
      }
      for directory in [root, root + "/run-1", root + "/run-1/auth", root + "/run-1/auth/signing-keys"] {
        #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700, "\(directory)")
      }
      let again = await rpcError { _ = try await auth.ops.backup(.with { $0.runID = "run-1" }) }
      #expect(again?.code == .alreadyExists, "\(String(describing: again))")

      let manifest = BackupManifest(
        runID: "run-1", createdAt: Date(),
        services: ["auth": .init(files: part.files.map { .init(path: $0.path, sizeBytes: $0.sizeBytes, sha256: $0.sha256) }, directories: part.directories)])
      let written = try await auth.ops.finishBackup(
        .with {
          $0.runID = "run-1"; $0.manifestJson = String(decoding: try manifest.encoded(), as: UTF8.self)
        })
      #expect(written.manifestPath == root + "/run-1/manifest.json")
      let read = try BackupManifest.read(runDirectory: root + "/run-1")
      #expect(read.services == manifest.services)
      try read.verify(runDirectory: root + "/run-1")
    }
  }

  /// A backup that would leave the backup directory's disk with less than the reserve is
  /// refused before a byte is written, and says what to do.
  @Test func aBackupThatWouldFillTheDiskIsRefused() async throws {
    let root = try temporaryDirectory("gym-backup-root") + "/backups"
    try await withRunningAuth(configure: { $0.backup = BackupRoot(path: root, minimumFreeBytes: 1 << 60) }) { auth in
      let refused = await rpcError { _ = try await auth.ops.backup(.with { $0.runID = "full" }) }
      #expect(refused?.code == .resourceExhausted, "\(String(describing: refused))")
      #expect(refused?.message.contains("GYM_BACKUP_MIN_FREE_MIB") == true && refused?.message.contains(root) == true, "\(String(describing: refused))")
      #expect(!FileManager.default.fileExists(atPath: root))
    }
  }

  /// Auth writes its part, the other services are down: the run is incomplete, so auth's
  /// part is removed again and no manifest says otherwise.
  @Test func anIncompleteRunIsRemovedAndHasNoManifest() async throws {
    let root = try temporaryDirectory("gym-backup-root") + "/backups"
    try await withRunningAuth(configure: { $0.backup = BackupRoot(path: root, minimumFreeBytes: 0) }) { auth in
      _ = try await auth.register("kept")
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential) { gateway in
        try await withCredentialClient(to: gateway, auth.credential) { client in
          let result = try await Gym_Gateway_V1_OperatorService.Client(wrapping: client).backup(.with { $0.label = "nightly" })
          #expect(!result.complete && result.runID.hasSuffix("Z-nightly"), "\(result.runID)")
          #expect(result.backups.map(\.name) == ["auth", "catalog", "plan", "messaging", "places"])
          #expect(result.backups[0].error == "removed: the run is incomplete (see the other services)" && result.backups[0].files.isEmpty)
          #expect(result.backups.dropFirst().allSatisfy { $0.directory.isEmpty && $0.error.hasPrefix("UNAVAILABLE") })
          #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
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
