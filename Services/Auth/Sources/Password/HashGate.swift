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
    /// Tickets handed out whose continuation is not queued yet, and those of them
    /// whose task was cancelled in between.
    var pending: Set<UInt64> = []
    var cancelledEarly: Set<UInt64> = []
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
    let ticket: UInt64? = try state.withLock { state in
      if state.available > 0 {
        state.available -= 1
        return nil
      }
      guard state.waiters.count < queueLimit else {
        // Everyone ahead, shared among the permits, plus this one.
        let ahead = Double(state.waiters.count + permits) / Double(permits)
        throw Full(retryAfter: state.meanHash * ahead)
      }
      state.nextID += 1
      state.pending.insert(state.nextID)
      return state.nextID
    }
    guard let ticket else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case cancelled, admitted, queued }
        let outcome = state.withLock { state -> Outcome in
          state.pending.remove(ticket)
          if state.cancelledEarly.remove(ticket) != nil { return .cancelled }
          // A permit freed between the ticket and now would otherwise wait for the next release.
          if state.available > 0 {
            state.available -= 1
            return .admitted
          }
          state.waiters.append(Waiter(id: ticket, continuation: continuation))
          return .queued
        }
        switch outcome {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .admitted: continuation.resume()
        case .queued: break
        }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        if let index = state.waiters.firstIndex(where: { $0.id == ticket }) {
          return state.waiters.remove(at: index)
        }
        // Not queued yet: the continuation will see this. Already admitted: nothing to undo.
        if state.pending.contains(ticket) { state.cancelledEarly.insert(ticket) }
        return nil
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
