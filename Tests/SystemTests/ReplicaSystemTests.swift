import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// A lost disk costs at most Litestream's sync interval. The platform writes under load
  /// (registrations in auth, weigh-ins in plan) while Litestream replicates every database
  /// with the shipped deploy/litestream/litestream.yml to a directory (S3 in production);
  /// then Litestream and the stack are stopped and the data directory is deleted. `gymctl
  /// restore --from-replica` brings back every write acknowledged before the last second,
  /// and `--at` a moment between two batches brings back the first batch and not the second.
  @Test func aDestroyedDataDirectoryComesBackFromTheReplicaToAnyMoment() async throws {
    let root = Self.repositoryRoot
    let litestream = try await Self.pinnedVenv("litestream", requirements: "deploy/litestream/requirements.txt", executable: "bin/litestream")
    let dataDirectory = try temporaryDirectory("gym-replicated")
    let replica = try temporaryDirectory("gym-replica")
    defer {
      try? FileManager.default.removeItem(atPath: dataDirectory)
      try? FileManager.default.removeItem(atPath: replica)
    }

    struct Weighed: Sendable, Hashable {
      var user: String
      var day: Int
      var acknowledged: ContinuousClock.Instant
      var wallClock: Date
    }
    let (firstBatch, secondBatch, between, lastAcknowledged, stoppedAt) = try await Self.withStack(dataDirectory: dataDirectory) {
      supervisor, gateway in
      let replication = try ChildProcess(
        "/usr/bin/env",
        [
          "GYM_DATA_DIR=\(dataDirectory)", "GYM_REPLICA_URL=file://\(replica)", litestream, "replicate", "-config",
          root + "/deploy/litestream/litestream.yml",
        ], outputPath: replica + "/../litestream-\(UUID().uuidString).log")
      return try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
        let lifters = try await (0..<4).asyncMap { index in try await Self.member("replicated_\(index)", auth) }

        /// Weigh-ins by four lifters at once, each on days `days` before today, and one
        /// registration after each round: what was acknowledged, and when.
        @Sendable func load(days: Range<Int>) async throws -> [Weighed] {
          try await withThrowingTaskGroup(of: [Weighed].self) { group in
            for (index, lifter) in lifters.enumerated() {
              group.addTask {
                var done: [Weighed] = []
                for day in days {
                  let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: -day, to: Date())!
                  let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
                  _ = try await plan.logBodyWeight(
                    .with {
                      $0.date = .with {
                        $0.year = Int32(parts.year!); $0.month = Int32(parts.month!); $0.day = Int32(parts.day!)
                      }
                      $0.weightKg = 80 + Double(index)
                    }, metadata: lifter)
                  done.append(Weighed(user: "replicated_\(index)", day: day, acknowledged: .now, wallClock: Date()))
                }
                return done
              }
            }
            return try await group.reduce(into: []) { $0 += $1 }
          }
        }
        let first = try await load(days: 0..<60)
        try await Self.register("batch_one_done", auth)
        // The moment between the batches, with room on both sides for the clocks'
        // granularity: nothing is written during these two seconds.
        try await Task.sleep(for: .seconds(1))
        let between = Date()
        try await Task.sleep(for: .seconds(1))
        let second = try await load(days: 60..<120)
        try await Self.register("batch_two_done", auth)
        let last = ContinuousClock.now
        // The disk is lost a little after the last write: Litestream has had its interval.
        try await Task.sleep(for: .seconds(3))
        let stopped = ContinuousClock.now
        await replication.kill()
        return (first, second, between, last, stopped)
      }
    }
    print("replicated \(firstBatch.count + secondBatch.count) weigh-ins; the disk was lost \(stoppedAt - lastAcknowledged) after the last")
    // The disk is gone.
    try FileManager.default.removeItem(atPath: dataDirectory)

    let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
    func restore(into directory: String, at moment: Date?) async throws {
      var arguments = ["restore", "--data-dir", directory, "--from-replica", "file://\(replica)", "--litestream", litestream]
      if let moment {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        arguments += ["--at", formatter.string(from: moment)]
      }
      let (status, output) = try await Self.run(gymctl, arguments)
      #expect(status == 0, "\(output)")
    }
    /// What a lifter's weigh-ins and the registrations are on a stack started on `directory`.
    func found(in directory: String) async throws -> (days: [String: Set<Int>], registered: [String: Bool]) {
      try await Self.withStack(dataDirectory: directory) { _, gateway in
        try await withClient(to: gateway) { client in
          let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
          let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
          var days: [String: Set<Int>] = [:]
          for index in 0..<4 {
            let name = "replicated_\(index)"
            let login = try await auth.login(
              .with {
                $0.identifier = name; $0.password = Self.diskPassword
              })
            let entries = try await plan.listBodyWeight(.with { $0.pageSize = 1000 }, metadata: bearer(login.tokens.accessToken))
              .entries
            let today = Calendar(identifier: .gregorian).startOfDay(for: Date())
            days[name] = Set(
              entries.map { entry in
                var parts = DateComponents()
                parts.year = Int(entry.date.year); parts.month = Int(entry.date.month); parts.day = Int(entry.date.day)
                parts.timeZone = TimeZone(identifier: "UTC")
                let day = Calendar(identifier: .gregorian).date(from: parts)!
                return Int((today.timeIntervalSince(day) / 86_400).rounded())
              })
          }
          var registered: [String: Bool] = [:]
          for name in ["batch_one_done", "batch_two_done"] {
            registered[name] =
              (try? await auth.login(
                .with {
                  $0.identifier = name; $0.password = Self.diskPassword
                })) != nil
          }
          return (days, registered)
        }
      }
    }
    func expected(_ weighed: [Weighed]) -> [String: Set<Int>] {
      weighed.reduce(into: [:]) { $0[$1.user, default: []].insert($1.day) }
    }

    // The latest: every acknowledged write (the last came 3 s before the loss).
    try await restore(into: dataDirectory, at: nil)
    let latest = try await found(in: dataDirectory)
    let all = expected(firstBatch + secondBatch)
    for (user, days) in all {
      #expect(days.isSubset(of: latest.days[user] ?? []), "\(user): \(days.subtracting(latest.days[user] ?? []).count) weigh-ins lost")
    }
    #expect(latest.registered == ["batch_one_done": true, "batch_two_done": true])

    // Between the batches: the first batch, none of the second.
    let earlier = try temporaryDirectory("gym-point-in-time")
    defer { try? FileManager.default.removeItem(atPath: earlier) }
    try await restore(into: earlier, at: between)
    let atMoment = try await found(in: earlier)
    #expect(atMoment.days == expected(firstBatch), "as it was between the batches")
    #expect(atMoment.registered == ["batch_one_done": true, "batch_two_done": false])
  }
}

extension Sequence {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var mapped: [T] = []
    for element in self { mapped.append(try await transform(element)) }
    return mapped
  }
}
