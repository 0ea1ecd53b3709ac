import GRPCCore
import Synchronization

/// Long-lived streams open at once per user at the gateway. Each holds a backend
/// stream for as long as the client keeps it, so without a cap one account could take
/// every slot of the stream connections and leave nobody else able to subscribe.
final class StreamQuota: Sendable {
  let perUser: Int
  private let open = Mutex<[String: Int]>([:])

  init(perUser: Int) {
    self.perUser = perUser
  }

  /// Runs `body` holding one of the user's streams, or refuses when they hold all.
  func withStream<T: Sendable>(of userID: String, _ body: () async throws -> T) async throws -> T {
    let admitted = open.withLock { open in
      let count = open[userID, default: 0]
      guard count < perUser else { return false }
      open[userID] = count + 1
      return true
    }
    guard admitted else {
      throw RPCError(
        code: .resourceExhausted,
        message: "you have \(perUser) live streams open, the most one account may hold; close one (e.g. on another device) first")
    }
    defer {
      open.withLock { open in
        let count = open[userID, default: 1] - 1
        open[userID] = count > 0 ? count : nil
      }
    }
    return try await body()
  }

  /// Users holding at least one stream (tests, metrics).
  var users: Int { open.withLock { $0.count } }
}
