/// Limits how many expensive operations (password hashes) run at once; the rest wait
/// in FIFO order without blocking a thread.
actor AsyncSemaphore {
  private var available: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(permits: Int) {
    precondition(permits > 0)
    available = permits
  }

  func acquire() async {
    if available > 0 {
      available -= 1
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  func release() {
    if waiters.isEmpty {
      available += 1
    } else {
      waiters.removeFirst().resume()
    }
  }

  func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    await acquire()
    defer { release() }
    return try await body()
  }
}
