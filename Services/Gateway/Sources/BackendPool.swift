import GRPCCore
import GymService
import Synchronization

/// The gateway's connections to one backend. Forwarded calls are spread over
/// `connections` connections, never more than `streamsPerConnection` at once on one
/// (the backend's advertised limit); beyond that they wait here, first come first
/// served, until a stream frees or the caller gives up. Waiting here rather than in
/// NIO's stream buffer keeps a burst from one client from stalling the connection that
/// every other user shares, and a call that gives up while waiting leaves no trace on
/// the wire.
///
/// Long-lived streams (`Route.longLived`) get a pool of their own that refuses instead
/// of queueing (`queues: false`): a stream that waited would look open to its client
/// while receiving nothing, and streams held for hours on the connections unary calls
/// use would make those calls queue behind them.
final class BackendPool: Sendable {
  let name: String
  let clients: [GymGRPCClient]
  private let streamsPerConnection: Int
  private let queues: Bool
  private let state: Mutex<State>

  private struct State {
    var inFlight: [Int]
    var waiters: [(id: UInt64, continuation: CheckedContinuation<Int, any Error>)] = []
    var nextWaiter: UInt64 = 0
  }

  init(name: String, address: HostPort, connections: Int, streamsPerConnection: Int, queues: Bool = true, tls: InternalTLS?) throws {
    self.name = name
    clients = try (0..<connections).map { _ in try GymClient.make(to: address, tls: tls) }
    self.streamsPerConnection = streamsPerConnection
    self.queues = queues
    state = Mutex(State(inFlight: Array(repeating: 0, count: connections)))
  }

  /// Runs `body` on the least busy connection once it has a free stream.
  func withClient<T: Sendable>(_ body: (GymGRPCClient) async throws -> T) async throws -> T {
    let index = try await acquire()
    defer { release(index) }
    return try await body(clients[index])
  }

  private func acquire() async throws -> Int {
    if let index = state.withLock({ Self.take(&$0, limit: streamsPerConnection) }) { return index }
    guard queues else {
      throw RPCError(
        code: .resourceExhausted,
        message: "the gateway holds as many live streams to \(name) as it can (\(clients.count * streamsPerConnection)); try again in a minute")
    }
    let id = state.withLock { state -> UInt64 in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Cancelled before joining the queue: the cancellation handler found nothing to resume.
        let ready: Result<Int, any Error>? = state.withLock { state in
          if let index = Self.take(&state, limit: streamsPerConnection) { return .success(index) }
          if Task.isCancelled { return .failure(CancellationError()) }
          state.waiters.append((id, continuation))
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Int, any Error>? in
        guard let position = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: position).continuation
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  private func release(_ index: Int) {
    let next = state.withLock { state -> CheckedContinuation<Int, any Error>? in
      guard !state.waiters.isEmpty else {
        state.inFlight[index] -= 1
        return nil
      }
      // The stream passes straight to the longest waiter on the same connection.
      return state.waiters.removeFirst().continuation
    }
    next?.resume(returning: index)
  }

  private static func take(_ state: inout State, limit: Int) -> Int? {
    guard state.waiters.isEmpty,
      let index = state.inFlight.indices.min(by: { state.inFlight[$0] < state.inFlight[$1] }),
      state.inFlight[index] < limit
    else { return nil }
    state.inFlight[index] += 1
    return index
  }
}
