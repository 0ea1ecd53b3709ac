import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Synchronization
import Testing

extension SystemTests {
  /// Group commit acknowledges a set only after the transaction carrying it committed
  /// (synchronous=FULL): sets logged by 32 callers at once through the gateway, the real
  /// gym-plan killed with SIGKILL in the middle, started again on the same data, and
  /// every set that was answered OK is there.
  @Test func everyAcknowledgedSetSurvivesAKill9OfPlanUnderLoad() async throws {
    // The load comes from one address and eight users: no rate limits in the way.
    try await Self.withStack(environment: ["GYM_GATEWAY_RATE_LIMITS": "false"]) { supervisor, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
        let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
        var lifters: [Lifter] = []
        for index in 0..<8 {
          let registered = try await auth.register(
            .with {
              $0.email = "lifter\(index)@example.com"; $0.username = "lifter_\(index)"
              $0.password = "violet staircase under a quiet harbour"; $0.acceptTerms = true; $0.termsVersion = "1"
            })
          let bearer: Metadata = ["authorization": "Bearer \(registered.tokens.accessToken)"]
          let squat = try await catalog.getExercise(.with { $0.id = "back-squat" }, metadata: bearer).exercise.id
          let started = try await plan.startSession(.init(), metadata: bearer).session
          let session = try await plan.editSession(
            .with {
              $0.sessionID = started.id
              $0.edits = [.with { $0.add = .with { $0.exerciseID = squat } }]
            }, metadata: bearer
          ).session
          lifters.append(Lifter(metadata: bearer, session: session.id, item: session.items[0].id))
        }
        let pid = try #require(supervisor.pid(of: "plan"))

        let log = AcknowledgedSets()
        let everyLifter = lifters
        try await withThrowingTaskGroup(of: Void.self) { group in
          for worker in 0..<32 {
            group.addTask {
              let lifter = everyLifter[worker % everyLifter.count]
              // Each caller logs until its first failure, which is the kill.
              for count in 0... {
                let marker = "w\(worker)-\(count)"
                do {
                  let item = try await plan.logSet(
                    .with {
                      $0.sessionID = lifter.session; $0.itemID = lifter.item
                      $0.set = .with {
                        $0.reps = 5; $0.weightKg = 100; $0.notes = marker
                      }
                    }, metadata: lifter.metadata
                  ).item
                  // Its own set is the item's last: read in its own savepoint.
                  #expect(item.loggedSets.last?.notes == marker)
                  log.acknowledge(marker, session: lifter.session)
                } catch {
                  log.fail(error)
                  return
                }
              }
            }
          }
          // Mid-load: enough acknowledged that many groups committed, every caller busy.
          let loaded = try await eventually(within: .seconds(120)) { log.count >= 400 }
          log.killing()
          kill(pid, SIGKILL)
          #expect(loaded, "only \(log.count) sets acknowledged before the kill")
          try await group.waitForAll()
        }
        #expect(try await eventually(within: .seconds(10)) { supervisor.exitStatuses()["plan"] != nil }, "plan did not die")
        // Every caller was still logging when plan died, and none failed before.
        #expect(log.failures.count == 32)
        #expect(log.failuresBeforeTheKill.isEmpty, "\(log.failuresBeforeTheKill)")

        let restarted = try Self.startBackend(.plan, layout: supervisor.layout)
        defer { Self.stopProcess(restarted) }
        let first = lifters[0]
        let back = try await eventually(within: .seconds(30)) {
          (try? await plan.getSession(.with { $0.id = first.session }, metadata: first.metadata)) != nil
        }
        try #require(back, "plan was not back:\n\(Supervisor.tail(of: Self.restartLog(.plan, supervisor.layout)))")
        var kept = 0
        for lifter in lifters {
          let session = try await plan.getSession(.with { $0.id = lifter.session }, metadata: lifter.metadata).session
          let stored = Set(session.items[0].loggedSets.map(\.notes))
          let acknowledged = log.acknowledged(in: lifter.session)
          #expect(acknowledged.isSubset(of: stored), "lost after the kill: \(acknowledged.subtracting(stored).sorted())")
          // At most the calls in flight at the kill were written without an answer.
          #expect(stored.count <= acknowledged.count + 32)
          kept += stored.count
        }
        #expect(kept >= log.count)
      }
    }
  }

  struct Lifter: Sendable {
    let metadata: Metadata
    let session: String
    let item: String
  }

  /// The sets the gateway answered OK, by session, and the calls that failed.
  final class AcknowledgedSets: Sendable {
    private struct State {
      var sets: [String: Set<String>] = [:]
      var count = 0
      var failures: [String] = []
      var failuresBeforeTheKill: [String] = []
      var killed = false
    }
    private let state = Mutex(State())

    func acknowledge(_ marker: String, session: String) {
      state.withLock {
        $0.sets[session, default: []].insert(marker)
        $0.count += 1
      }
    }

    func fail(_ error: any Error) {
      state.withLock {
        $0.failures.append("\(error)")
        if !$0.killed { $0.failuresBeforeTheKill.append("\(error)") }
      }
    }

    func killing() { state.withLock { $0.killed = true } }

    var count: Int { state.withLock { $0.count } }
    var failures: [String] { state.withLock { $0.failures } }
    var failuresBeforeTheKill: [String] { state.withLock { $0.failuresBeforeTheKill } }
    func acknowledged(in session: String) -> Set<String> { state.withLock { $0.sets[session] ?? [] } }
  }
}
