import Synchronization

/// Wakes the push worker when jobs are committed, so a notification leaves at once
/// rather than at the next poll. Signals given while the worker is busy count as one.
final class PushWake: Sendable {
  private struct State {
    var signalled = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter else {
        state.signalled = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns at the next signal (or at once for one given since the last wait), after
  /// `timeout`, or when the task is cancelled. One waiter at a time.
  func wait(upTo timeout: Duration) async {
    let timer = Task { [weak self] in
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      self?.signal()
    }
    defer { timer.cancel() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state -> Bool in
          if state.signalled {
            state.signalled = false
            return true
          }
          state.waiter = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      signal()
    }
  }
}
