import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Synchronization
import Testing

@testable import GymGateway

/// The gateway's connections to a backend never carry more streams than the backend
/// allows; calls beyond that wait their turn instead of breaking the connection.
@Suite struct BackendPoolTests {
  func pool(connections: Int, streams: Int) throws -> BackendPool {
    // Nothing listens there: these tests never touch the wire, only the admission.
    try BackendPool(
      name: "auth", address: HostPort(host: "127.0.0.1", port: 1), connections: connections,
      streamsPerConnection: streams, tls: nil)
  }

  @Test func callsBeyondTheLimitWaitAndAllComplete() async throws {
    let pool = try pool(connections: 2, streams: 3)
    let tally = StreamTally()
    let done = try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          try await pool.withClient { client in
            tally.open(on: ObjectIdentifier(client))
            try await Task.sleep(for: .milliseconds(2))
            tally.close(on: ObjectIdentifier(client))
          }
        }
      }
      return try await group.reduce(into: 0) { count, _ in count += 1 }
    }
    #expect(done == 100)
    #expect(tally.peak == 3)
  }

  @Test func aCallThatGivesUpWhileWaitingLeavesTheQueue() async throws {
    let pool = try pool(connections: 1, streams: 1)
    let release = AsyncStream<Void>.makeStream()
    let holding = AsyncStream<Void>.makeStream()
    let holder = Task {
      try await pool.withClient { _ in
        holding.continuation.yield()
        for await _ in release.stream { break }
      }
    }
    // The holder has the only stream once it says so.
    var held = holding.stream.makeAsyncIterator()
    _ = await held.next()
    let waiter = Task { try await pool.withClient { _ in "ran" } }
    try await Task.sleep(for: .milliseconds(50))
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    release.continuation.yield()
    try await holder.value
    // The stream the holder freed went to nobody who had left: the next caller gets it at once.
    let next = try await pool.withClient { _ in "ran" }
    #expect(next == "ran")
  }
}

/// Streams open per connection, and the most ever open on one.
private final class StreamTally: Sendable {
  private let state = Mutex((open: [ObjectIdentifier: Int](), peak: 0))

  func open(on client: ObjectIdentifier) {
    state.withLock { state in
      state.open[client, default: 0] += 1
      state.peak = max(state.peak, state.open[client]!)
    }
  }

  func close(on client: ObjectIdentifier) { state.withLock { $0.open[client]! -= 1 } }

  var peak: Int { state.withLock { $0.peak } }
}
