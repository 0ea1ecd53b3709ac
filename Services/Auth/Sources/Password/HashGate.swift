import Synchronization

/// Admits at most `permits` password hashes at once and at most `queueLimit` callers
/// waiting for one. A full line answers at once instead of growing (each hash holds
/// 128 MiB and a fraction of a second of a core), and a caller that gives up — its RPC
/// cancelled or past its deadline — leaves the line before it costs anything.
final class HashGate: Sendable {
  /// The line is full; `retryAfter` is how long the work already admitted should take.
  struct Full: Error, Equatable {
    var retryAfter: Duration
  }

  private struct Waiter {
    var id: UInt64
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var available: Int
    var waiters: [Waiter] = []
    var nextID: UInt64 = 0
    /// Running mean of one hash's duration, for the retry hint.
    var meanHash: Duration = .milliseconds(300)
  }

  let permits: Int
  let queueLimit: Int
  private let state: Mutex<State>

  init(permits: Int, queueLimit: Int) {
    self.permits = max(1, permits)
    self.queueLimit = max(0, queueLimit)
    state = Mutex(State(available: max(1, permits)))
  }

  /// Runs `body` once a permit is free; throws `Full` when the line is full and
  /// `CancellationError` when the caller's task is cancelled while waiting.
  func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    try await acquire()
    let start = ContinuousClock.now
    defer { release(took: ContinuousClock.now - start) }
    return try await body()
  }

  /// Callers waiting now (for metrics and tests).
  var waiting: Int { state.withLock { $0.waiters.count } }

  private func acquire() async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // Decided under the lock that `onCancel` takes: cancellation sets the task's flag
        // before its handler runs, so either this sees the flag or the handler sees the waiter.
        let verdict = state.withLock { state -> Result<Void, any Error>? in
          if state.available > 0 {
            state.available -= 1
            return .success(())
          }
          if Task.isCancelled { return .failure(CancellationError()) }
          guard state.waiters.count < queueLimit else {
            // Everyone ahead, shared among the permits, plus this one.
            let ahead = Double(state.waiters.count + permits) / Double(permits)
            return .failure(Full(retryAfter: state.meanHash * ahead))
          }
          state.waiters.append(Waiter(id: id, continuation: continuation))
          return nil
        }
        if let verdict { continuation.resume(with: verdict) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  private func release(took: Duration) {
    let next = state.withLock { state -> Waiter? in
      state.meanHash = state.meanHash * 0.8 + took * 0.2
      if state.waiters.isEmpty {
        state.available += 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.continuation.resume()
  }
}
