import GRPCCore
import GymService

/// Long-lived streams open at once per user at the gateway. Each holds a backend
/// stream for as long as the client keeps it, so without a cap one account could take
/// every slot of the stream connections and leave nobody else able to subscribe.
struct StreamQuota: Sendable {
  let perUser: Int
  private let open = PerUserSlots()

  init(perUser: Int) {
    self.perUser = perUser
  }

  /// Takes one of the user's streams, or refuses when they hold all; `release` gives it back.
  func take(_ userID: String) throws(RPCError) {
    guard open.take(userID, limit: perUser) else {
      throw RPCError(
        code: .resourceExhausted,
        message: "you have \(perUser) live streams open, the most one account may hold; close one (e.g. on another device) first")
    }
  }

  func release(_ userID: String) { open.release(userID) }

  /// Streams open now, everyone's.
  var total: Int { open.total }
}
