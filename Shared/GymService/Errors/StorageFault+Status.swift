import GRPCCore
import GymStore

/// The error table's entry for a failing disk, shared by every service: the request
/// was fine, the server cannot store it now.
extension StorageFault: GymErrorMapping {
  /// How long a client should wait before trying a write again.
  public static let retryAfter: Duration = .seconds(30)

  public var rpcError: RPCError {
    switch self {
    case .full:
      .resourceExhausted("the server's disk is full; try again later", retryAfter: Self.retryAfter)
    case .io:
      RPCError(code: .unavailable, message: "the server could not read or write its disk; try again later")
    }
  }
}
