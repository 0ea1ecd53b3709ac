import GRPCCore
import GymService

/// The one mapping from messaging's errors to gRPC status (DESIGN.md error table).
extension MessagingError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .invalid(let violations): .invalidArgument(violations)
    case .notFound(let message): .notFound(message)
    case .permissionDenied(let message): .permissionDenied(message)
    case .alreadyExists(let field, let message): .alreadyExists(field: field, message)
    case .failedPrecondition(let message): RPCError(code: .failedPrecondition, message: message)
    case .cursorExpired(let floor):
      RPCError(
        code: .outOfRange,
        message: "events up to \(floor) are no longer kept; reload conversations and rooms, then subscribe with after_event_id 0")
    case .alreadyReported:
      .alreadyExists(field: "target", "you have already reported this; moderators will review it and you will be notified")
    case .tooManyReports(let limit, let retryAfter):
      .resourceExhausted(
        "you have filed \(limit) reports in the last 24 hours, the most allowed; moderators will review them, try again later",
        retryAfter: .seconds(max(1, retryAfter.rounded(.up))))
    case .tooManyStreams(let open):
      // No retry delay: waiting admits nothing, closing a stream does.
      RPCError(
        code: .resourceExhausted,
        message: "this account has \(open) streams open, the most allowed; close one before subscribing again")
    }
  }
}
