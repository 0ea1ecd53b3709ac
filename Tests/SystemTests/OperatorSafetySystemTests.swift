import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymStore
import GymTesting
import Testing

extension SystemTests {
  /// A second gym-plan pointed at a data directory whose gym-plan is running stops at
  /// once with a clear message, before it opens the database.
  @Test func aSecondProcessOnTheSameDataDirectoryRefusesToStart() async throws {
    try await Self.withStack { supervisor, _ in
      let second = try Self.startAlone(.plan, layout: supervisor.layout)
      let exited = try await Self.waitForExit(second, within: .seconds(30))
      if !exited { second.process.terminate(); second.process.waitUntilExit() }
      #expect(exited, "a second gym-plan on \(supervisor.layout.dataDirectory) was still running")
      #expect(second.process.terminationStatus != 0)
      let log = try String(contentsOfFile: second.log, encoding: .utf8)
      #expect(log.contains("is locked"), "\(log)")
    }
  }

  /// A stopped stack restored while one gym-plan still runs on its data directory, at a
  /// port no health probe of the stack would try: the restore is refused and touches
  /// nothing; once that gym-plan has stopped, the same restore goes ahead.
  @Test func restoreIsRefusedWhileAnyServiceHoldsTheDataDirectory() async throws {
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    let (layout, run) = try await Self.withStack { supervisor, _ in
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      let (status, output) = try await Self.run(gymctl, ["backup"] + stack)
      #expect(status == 0, "\(output)")
      return (supervisor.layout, try #require(Self.runID(in: output), "\(output)"))
    }
    let restore = ["restore", "--run", run, "--data-dir", layout.dataDirectory, "--base-port", "\(layout.basePort)"]
    let lone = try Self.startAlone(.plan, layout: layout)
    defer { if lone.process.isRunning { lone.process.terminate(); lone.process.waitUntilExit() } }
    // It has opened its database once it answers at all (SERVING or not: auth is down).
    let answering = try await eventually(within: .seconds(30)) {
      await HealthProbe.check(lone.address, timeout: .seconds(1)).status != nil
    }
    #expect(answering, "\(Supervisor.tail(of: lone.log))")
    let database = layout.dataDirectory + "/plan.sqlite"
    let before = try FileManager.default.attributesOfItem(atPath: database)[.systemFileNumber] as? Int
    let (status, output, errors) = try await Self.runSeparately(gymctl, restore)
    #expect(status != 0 && output.isEmpty, "\(output)")
    #expect(errors == "gymctl: gym-plan is still running (its data directory is locked); stop it first\n", "\(errors)")
    #expect(try FileManager.default.attributesOfItem(atPath: database)[.systemFileNumber] as? Int == before)

    lone.process.terminate()
    let stopped = try await Self.waitForExit(lone, within: .seconds(30))
    #expect(stopped)
    let (restoredStatus, restored, restoreErrors) = try await Self.runSeparately(gymctl, restore)
    #expect(restoredStatus == 0 && restored.contains("restored run \(run)"), "\(restoreErrors)")
    #expect(try FileManager.default.attributesOfItem(atPath: database)[.systemFileNumber] as? Int != before)
  }

  /// A backup run is a directory with a manifest, and it holds what a restore needs
  /// besides the databases: messaging's attachments and auth's signing keys. Restored
  /// into an empty data directory, the photo downloads and a token issued before the
  /// backup still works (its key came back with the run).
  @Test func aBackupRunHoldsAttachmentsAndSigningKeysAndComesBackWhole() async throws {
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    let bytes = TestImages.png(size: 4000)
    let environment = ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]
    let (run, photo, token, data) = try await Self.withStack(environment: environment) { supervisor, gateway in
      let (photo, token) = try await withClient(to: gateway) { client in
        let tokens = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(
          .with {
            $0.email = "snap@example.com"; $0.username = "snap"; $0.password = "violet staircase under a quiet harbour"
            $0.acceptTerms = true; $0.termsVersion = "1"
          }
        ).tokens
        let photo = try await Gym_Messaging_V1_MessagingService.Client(wrapping: client).uploadAttachment(
          metadata: ["authorization": "Bearer \(tokens.accessToken)"]
        ) { writer in
          try await writer.write(.with { $0.start = .with { $0.filename = "squat.png" } })
          try await writer.write(.with { $0.chunk = Data(bytes) })
        }.attachment
        return (photo, tokens.accessToken)
      }
      let data = supervisor.layout.dataDirectory
      let (status, output) = try await Self.run(
        gymctl, ["backup", "--label", "with-files", "--base-port", "\(supervisor.layout.basePort)", "--data-dir", data])
      #expect(status == 0, "\(output)")
      return (try #require(Self.runID(in: output), "\(output)"), photo, token, data)
    }

    let runDirectory = data + "/backups/" + run
    let manifest = try BackupManifest.read(runDirectory: runDirectory)
    #expect(manifest.runID == run && manifest.services.keys.sorted() == ["auth", "catalog", "messaging", "places", "plan"])
    let messaging = try #require(manifest.services["messaging"])
    #expect(messaging.directories == ["attachments"])
    #expect(messaging.files.contains { $0.path == "messaging/attachments/\(photo.sha256)" && $0.sha256 == photo.sha256 && $0.sizeBytes == bytes.count })
    let keys = try FileManager.default.contentsOfDirectory(atPath: data + "/signing-keys")
    let auth = try #require(manifest.services["auth"])
    #expect(!keys.isEmpty && auth.directories == ["signing-keys"])
    #expect(Set(auth.files.map(\.path)) == Set(["auth/auth.sqlite"] + keys.map { "auth/signing-keys/\($0)" }))
    try manifest.verify(runDirectory: runDirectory)

    let restored = try temporaryDirectory("gym-restored") + "/data"
    let (status, output) = try await Self.run(gymctl, ["restore", "--run", run, "--backup-dir", data + "/backups", "--data-dir", restored])
    #expect(status == 0, "\(output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: restored + "/signing-keys").sorted() == keys.sorted())
    try await Self.withStack(environment: environment, dataDirectory: restored) { _, gateway in
      try await withClient(to: gateway) { client in
        let me: Metadata = ["authorization": "Bearer \(token)"]
        #expect(try await Gym_Auth_V1_AuthService.Client(wrapping: client).getMe(.init(), metadata: me).user.username == "snap")
        let downloaded = try await Gym_Messaging_V1_MessagingService.Client(wrapping: client).downloadAttachment(
          .with { $0.attachmentID = photo.id }, metadata: me
        ) { response in
          var received: [UInt8] = []
          for try await part in response.messages { received += part.chunk }
          return received
        }
        #expect(downloaded == bytes)
      }
    }
  }

  /// Two runs of one stack: a restore puts back the run it is given, every service from
  /// it (not the newest copy of each), and a run whose file was changed is refused
  /// before anything is written.
  @Test func aRestoreTakesTheRunItIsGivenAndRefusesAChangedOne() async throws {
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    let password = "violet staircase under a quiet harbour"
    let (first, second, data) = try await Self.withStack { supervisor, gateway in
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      @Sendable func auth(_ name: String) async throws {
        try await withClient(to: gateway) { client in
          _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(
            .with {
              $0.email = "\(name)@example.com"; $0.username = name; $0.password = password; $0.acceptTerms = true; $0.termsVersion = "1"
            })
        }
      }
      try await auth("early")
      let (firstStatus, firstOutput) = try await Self.run(gymctl, ["backup", "--label", "first"] + stack)
      #expect(firstStatus == 0, "\(firstOutput)")
      try await auth("late")
      let (secondStatus, secondOutput) = try await Self.run(gymctl, ["backup", "--label", "second"] + stack)
      #expect(secondStatus == 0, "\(secondOutput)")
      return (
        try #require(Self.runID(in: firstOutput), "\(firstOutput)"), try #require(Self.runID(in: secondOutput), "\(secondOutput)"),
        supervisor.layout.dataDirectory
      )
    }
    let backups = data + "/backups"

    // A byte changed in the newer run's plan database: refused, and the target untouched.
    let handle = try #require(FileHandle(forUpdatingAtPath: "\(backups)/\(second)/plan/plan.sqlite"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()
    let untouched = try temporaryDirectory("gym-restored") + "/data"
    let (changedStatus, changedOutput, changed) = try await Self.runSeparately(
      gymctl, ["restore", "--run", second, "--backup-dir", backups, "--data-dir", untouched])
    #expect(changedStatus != 0 && changedOutput.isEmpty && changed.contains("does not match the manifest"), "\(changed)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: untouched).allSatisfy { $0.hasSuffix(".lock") })

    let restored = try temporaryDirectory("gym-restored") + "/data"
    let (status, output) = try await Self.run(gymctl, ["restore", "--run", first, "--backup-dir", backups, "--data-dir", restored])
    #expect(status == 0 && output.contains("restored run \(first)"), "\(output)")
    try await Self.withStack(dataDirectory: restored) { _, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        _ = try await auth.login(
          .with {
            $0.identifier = "early"; $0.password = password
          })
        let late = await rpcError {
          _ = try await auth.login(
            .with {
              $0.identifier = "late"; $0.password = password
            })
        }
        #expect(late?.code == .unauthenticated, "the account made after the first run is not in it")
      }
    }
  }
}

extension SystemTests {
  /// One service's executable started by hand on a stack's data directory, on ports of
  /// its own, its output in a log file.
  struct LoneProcess {
    var process: Process
    var address: HostPort
    var log: String
  }

  static func startAlone(_ service: ManagedService, layout: StackLayout) throws -> LoneProcess {
    let address = HostPort(host: "127.0.0.1", port: try freePort())
    var environment = ProcessInfo.processInfo.environment.merging(layout.environment(for: service)) { $1 }
    environment["GYM_\(service.name.uppercased())_LISTEN"] = "\(address)"
    environment["GYM_METRICS_LISTEN"] = "127.0.0.1:\(try freePort())"
    let log = try temporaryDirectory("gym-lone") + "/\(service.executable).log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Supervisor.defaultBinDirectory() + "/" + service.executable)
    process.environment = environment
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return LoneProcess(process: process, address: address, log: log)
  }

  /// Whether `lone` exited before `within` ran out, measured from now.
  static func waitForExit(_ lone: LoneProcess, within: Duration) async throws -> Bool {
    let deadline = ContinuousClock.now + within
    while lone.process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    return !lone.process.isRunning
  }
}
