import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Synchronization
import Testing

extension SystemTests {
  /// A member logs workouts without pause while `gymctl backup` copies every database;
  /// `gymctl restore` refuses while the stack runs, then fills a fresh data directory; a
  /// stack started on it has every workout acknowledged before the backup began.
  @Test func backupUnderWriteLoadRestoresEveryAcknowledgedWorkout() async throws {
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    let backups = try temporaryDirectory("gym-backups") + "/nightly"
    let password = "violet staircase under a quiet harbour"
    let acknowledged = Acknowledged()
    // The services write their runs where the operator configured, outside the data directory.
    // The writer logs all its workouts on one day: plan's per-day cap is raised to let it.
    let environment = ["GYM_BACKUP_DIR": backups, "GYM_PLAN_MAX_SESSIONS_PER_DAY": "10000"]
    let (beforeBackup, run) = try await Self.withStack(environment: environment) { supervisor, gateway in
      let stack = ["--base-port", "\(supervisor.layout.basePort)", "--data-dir", supervisor.layout.dataDirectory]
      return try await withClient(to: gateway) { client in
        let tokens = try await Gym_Auth_V1_AuthService.Client(wrapping: client).register(
          .with {
            $0.email = "steady@example.com"; $0.username = "steady"; $0.password = password
            $0.acceptTerms = true; $0.termsVersion = "1"
          }
        ).tokens
        let me: Metadata = ["authorization": "Bearer \(tokens.accessToken)"]
        let squat = try #require(
          try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listExercises(.with { $0.query = "squat" }, metadata: me).exercises.first)
        let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
        let today = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        let writer = Task {
          var count = 0
          while acknowledged.writing, count < 5_000 {
            count += 1
            let session = try await plan.logWorkout(
              .with {
                $0.date = .with {
                  $0.year = Int32(today.year!); $0.month = Int32(today.month!); $0.day = Int32(today.day!)
                }
                $0.name = "load \(count)"
                $0.entries = [
                  .with {
                    $0.exerciseID = squat.id;
                    $0.sets = [
                      .with {
                        $0.reps = 5; $0.weightKg = 100
                      }
                    ]
                  }
                ]
              }, metadata: me
            ).session
            acknowledged.append(session.id)
          }
        }
        // The writer has found its pace before the backup begins, and keeps going through it.
        // Bounded for a loaded machine (it returns once 20 are in): a suite run saw 30 s pass first.
        let paced = try await eventually(within: .seconds(120)) { acknowledged.ids.count >= 20 }
        #expect(paced, "20 workouts acknowledged before the backup")
        let ackedBeforeBackup = acknowledged.ids
        let (status, output) = try await Self.run(gymctl, ["backup", "--label", "load"] + stack)
        let ackedUntilBackupEnded = acknowledged.ids.count
        let wroteOn = try await eventually(within: .seconds(10)) { acknowledged.ids.count > ackedUntilBackupEnded }
        acknowledged.stop()
        try await writer.value
        #expect(status == 0, "\(output)")
        #expect(wroteOn, "the writer was still writing when the backup ended")

        let run = try #require(Self.runID(in: output), "\(output)")
        // A running stack's databases are never overwritten.
        let (refusedStatus, refused, refusal) = try await Self.runSeparately(gymctl, ["restore", "--run", run, "--backup-dir", backups] + stack)
        #expect(refusedStatus != 0 && refused.isEmpty)
        #expect(
          refusal == "gymctl: gym-auth, gym-catalog, gym-plan, gym-messaging, gym-places are still running "
            + "(their data directories are locked); stop them first\n", "\(refusal)")
        return (ackedBeforeBackup, run)
      }
    }

    // Every file of the run is owner-only, in owner-only directories, and nothing half-written is left.
    let runDirectory = backups + "/" + run
    let entries = try #require(FileManager.default.enumerator(atPath: runDirectory)?.allObjects as? [String])
    #expect(entries.contains("manifest.json") && !entries.contains { $0.contains("partial") }, "\(entries)")
    for entry in [""] + entries {
      let path = runDirectory + (entry.isEmpty ? "" : "/" + entry)
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let expected = attributes[.type] as? FileAttributeType == .typeDirectory ? 0o700 : 0o600
      #expect(attributes[.posixPermissions] as? Int == expected, "\(entry)")
    }

    let restored = try temporaryDirectory("gym-restored") + "/data"
    let (status, output) = try await Self.run(gymctl, ["restore", "--run", run, "--backup-dir", backups, "--data-dir", restored, "--base-port", "1"])
    #expect(status == 0, "\(output)")
    for service in ["auth", "catalog", "plan", "messaging", "places"] {
      #expect(try FileManager.default.attributesOfItem(atPath: "\(restored)/\(service).sqlite")[.posixPermissions] as? Int == 0o600)
    }

    try await Self.withStack(dataDirectory: restored) { _, gateway in
      try await withClient(to: gateway) { client in
        let tokens = try await Gym_Auth_V1_AuthService.Client(wrapping: client).login(
          .with {
            $0.identifier = "steady"; $0.password = password
          }
        ).tokens
        let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
        var found: Set<String> = []
        var token = ""
        repeat {
          let page = try await plan.listSessions(
            .with {
              $0.pageSize = 100; $0.pageToken = token
            }, metadata: ["authorization": "Bearer \(tokens.accessToken)"])
          found.formUnion(page.sessions.map(\.id))
          token = page.nextPageToken
        } while !token.isEmpty
        let missing = beforeBackup.filter { !found.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) of \(beforeBackup.count) acknowledged workouts missing after restore")
      }
    }
  }

  /// Like `run`, with standard output and standard error apart.
  static func runSeparately(_ path: String, _ arguments: [String]) async throws -> (Int32, String, String) {
    let directory = try temporaryDirectory("run")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (output, errors) = (directory + "/stdout", directory + "/stderr")
    let status = try await ChildProcess(path, arguments, outputPath: output, errorPath: errors).status()
    return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "", (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
  }
}

/// Workouts the writer saw acknowledged, and whether it should go on.
private final class Acknowledged: Sendable {
  private let state = Mutex((ids: [String](), writing: true))

  var ids: [String] { state.withLock { $0.ids } }
  var writing: Bool { state.withLock { $0.writing } }
  func append(_ id: String) { state.withLock { $0.ids.append(id) } }
  func stop() { state.withLock { $0.writing = false } }
}

extension SystemTests {
  /// Scheduled backups need an end: with GYM_BACKUP_KEEP=2, three `gymctl backup` runs
  /// leave the newest two, whole (every service's part and the manifest), and the oldest
  /// gone from every service.
  @Test func backupRetentionKeepsTheNewestRuns() async throws {
    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    try await Self.withStack(environment: ["GYM_BACKUP_KEEP": "2"]) { supervisor, _ in
      let layout = supervisor.layout
      let stack = ["--base-port", "\(layout.basePort)", "--data-dir", layout.dataDirectory]
      var runs: [String] = []
      for label in ["first", "second", "third"] {
        let (status, output) = try await Self.run(gymctl, ["backup", "--label", label, "--json"] + stack)
        #expect(status == 0, "\(output)")
        // Run ids are times to the second: the next run must not share one.
        try await Task.sleep(for: .seconds(1.1))
        runs = (try? FileManager.default.contentsOfDirectory(atPath: layout.dataDirectory + "/backups").sorted()) ?? []
      }
      #expect(runs.count == 2 && runs.allSatisfy { $0.hasSuffix("second") || $0.hasSuffix("third") }, "\(runs)")
      for run in runs {
        let contents = try FileManager.default.contentsOfDirectory(atPath: layout.dataDirectory + "/backups/" + run).sorted()
        #expect(contents == ["auth", "catalog", "manifest.json", "messaging", "places", "plan"], "\(run): \(contents)")
      }
    }
  }
}
