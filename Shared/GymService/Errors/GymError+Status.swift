import GRPCCore
import GymStore

/// The error table's entries for the refusals every service shares, mapped once; the
/// request interceptor maps them like `StorageFault` and `DependencyError`, so no
/// service wraps them again.
extension GymError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .invalid(let violations): .invalidArgument(violations)
    case .notFound(let message): .notFound(message)
    case .permissionDenied(let message): .permissionDenied(message)
    case .failedPrecondition(let message): RPCError(code: .failedPrecondition, message: message)
    case .alreadyExists(let field, let message): .alreadyExists(field: field, message)
    case .staleEtag(let what):
      RPCError(code: .aborted, message: "the \(what) changed since you read it; read it again and reapply your change")
    }
  }
}
