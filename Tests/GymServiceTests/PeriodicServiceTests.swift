import GymStore
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@Suite struct PeriodicServiceTests {
  struct Broken: Error {}

  /// Runs `service` in a group until `passes` yields `count` times, then shuts it down gracefully.
  func run(_ service: PeriodicService, until passes: AsyncStream<Int>, count: Int) async throws {
    let group = ServiceGroup(configuration: .init(services: [.init(service: service)], logger: Logger(label: "t")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      for await done in passes where done >= count { break }
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
  }

  @Test func aPassThatThrowsIsLoggedAndTheNextOneRunsThenTheStopRunsOnce() async throws {
    let (passes, pass) = AsyncStream.makeStream(of: Int.self)
    let count = Mutex(0)
    let stops = Mutex(0)
    let service = PeriodicService(
      every: .milliseconds(5), failure: "test pass failed", logger: Logger(label: "t"), stopped: { stops.withLock { $0 += 1 } }
    ) {
      let done = count.withLock { count in
        count += 1
        return count
      }
      pass.yield(done)
      if done == 1 { throw Broken() }
    }
    try await run(service, until: passes, count: 3)
    #expect(count.withLock { $0 } >= 3, "the worker ended with the failed pass")
    #expect(stops.withLock { $0 } == 1)
  }

  @Test func failedPassesWaitTwiceAsLongEachTimeUpToTheLimit() async throws {
    let (passes, pass) = AsyncStream.makeStream(of: Int.self)
    let times = Mutex<[ContinuousClock.Instant]>([])
    let service = PeriodicService(
      every: .milliseconds(10), backoffLimit: .milliseconds(80), failure: "test pass failed", logger: Logger(label: "t")
    ) {
      let done = times.withLock { times in
        times.append(.now)
        return times.count
      }
      pass.yield(done)
      return .failed
    }
    try await run(service, until: passes, count: 6)
    let seen = times.withLock { $0 }
    let gaps = zip(seen.dropFirst(), seen).map { $0 - $1 }
    // Sleeping is never shorter than asked: 20, 40, 80, then 80 ms at the least.
    for (gap, least) in zip(gaps, [20, 40, 80, 80, 80]) {
      #expect(gap >= .milliseconds(least), "waited \(gap) after a failed pass, less than \(least) ms")
    }
  }

  @Test func afterIntervalWaitsBeforeTheFirstPass() async throws {
    let (passes, pass) = AsyncStream.makeStream(of: Int.self)
    let start = ContinuousClock.now
    let first = Mutex<ContinuousClock.Instant?>(nil)
    let service = PeriodicService(every: .milliseconds(50), start: .afterInterval, failure: "test pass failed", logger: Logger(label: "t")) {
      first.withLock { $0 = $0 ?? .now }
      pass.yield(1)
    }
    try await run(service, until: passes, count: 1)
    let firstPass = try #require(first.withLock { $0 })
    #expect(firstPass - start >= .milliseconds(50))
  }

  /// A shutdown that outlasts the group's bound cancels its workers; the last flush must
  /// still reach the database (GRDB refuses a write from a cancelled task), or views noted
  /// before the shutdown are lost.
  @Test func theStopRunsToItsEndWhenTheWorkerIsCancelled() async throws {
    let (passes, pass) = AsyncStream.makeStream(of: Int.self)
    let stop = Mutex<String?>(nil)
    let service = PeriodicService(
      every: .seconds(3600), failure: "test pass failed", logger: Logger(label: "t"),
      stopped: {
        do {
          try await Task.sleep(for: .milliseconds(10))
          stop.withLock { $0 = "finished" }
        } catch {
          stop.withLock { $0 = "\(error)" }
        }
      }
    ) { pass.yield(1) }
    let worker = Task { try await service.run() }
    for await _ in passes { break }
    worker.cancel()
    try await worker.value
    #expect(stop.withLock { $0 } == "finished")
  }
}
