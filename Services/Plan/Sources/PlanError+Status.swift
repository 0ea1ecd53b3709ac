import Foundation
import GRPCCore
import GymService

/// The one mapping from plan's errors to gRPC status (the error table in docs/api.md).
extension PlanError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .invalid(let violations): .invalidArgument(violations)
    case .notFound(let message): .notFound(message)
    case .staleEtag(let what):
      RPCError(code: .aborted, message: "the \(what) changed since you read it; read it again and reapply your change")
    case .sessionActive(let id, let startedAt):
      RPCError(
        code: .failedPrecondition,
        message: "session \(id) started at \(startedAt.ISO8601Format()) is still active; finish or abandon it first")
    case .failedPrecondition(let message): RPCError(code: .failedPrecondition, message: message)
    case .alreadyPublished(let programID): .alreadyExists(field: "routine_id", "this routine is already published as program \(programID)")
    case .alreadyExists(let field, let message): .alreadyExists(field: field, message)
    case .permissionDenied(let message): .permissionDenied(message)
    case .quotaExceeded(let message): RPCError(code: .resourceExhausted, message: message)
    }
  }
}
