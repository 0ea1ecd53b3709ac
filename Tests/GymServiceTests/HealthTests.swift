import GRPCCore
import GymAPI
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import GymService

@Suite struct HealthTests {
  @Test func statusFollowsTheProbeAndWatchersSeeEveryChange() async throws {
    let status = HealthStatus(services: ["gym.x.v1.X"])
    let failing = Mutex(false)
    let monitor = HealthMonitor(status: status, interval: .milliseconds(20), logger: Logger(label: "t")) {
      if failing.withLock({ $0 }) { throw CancellationError() }
      return []
    }
    var updates = status.updates(for: "").makeAsyncIterator()
    #expect(await updates.next() == .notServing, "nothing is served before the first probe")

    let group = ServiceGroup(configuration: .init(services: [.init(service: monitor)], logger: Logger(label: "t")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      #expect(await updates.next() == .serving)
      #expect(status.status(of: "gym.x.v1.X") == .serving)
      failing.withLock { $0 = true }  // the database becomes unreachable
      #expect(await updates.next() == .notServing)
      failing.withLock { $0 = false }
      #expect(await updates.next() == .serving)
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
    #expect(status.status(of: "") == .notServing, "shutdown reports NOT_SERVING")
  }

  @Test func healthServiceAnswersCheckAndRefusesUnknownNames() async throws {
    let status = HealthStatus(services: ["gym.x.v1.X"])
    status.set(.serving)
    let service = HealthService(status: status)
    let context = ServerContext(
      descriptor: Grpc_Health_V1_Health.Method.Check.descriptor, remotePeer: "", localPeer: "",
      cancellation: .init())
    #expect(try await service.check(request: .with { $0.service = "gym.x.v1.X" }, context: context).status == .serving)
    await #expect(throws: RPCError.self) {
      _ = try await service.check(request: .with { $0.service = "nope" }, context: context)
    }
  }
}
