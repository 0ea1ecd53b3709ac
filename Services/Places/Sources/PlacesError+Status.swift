import GRPCCore
import GymService

extension PlacesError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .invalid(let violations): .invalidArgument(violations)
    case .notFound(let what): .notFound(what)
    case .sourceTaken(let source): .alreadyExists(field: "source", "a place with source '\(source)' already exists")
    case .staleEtag: RPCError(code: .aborted, message: "the place changed since you read it; read it again and reapply your change")
    case .permissionDenied(let message): .permissionDenied(message)
    case .accountsUnavailable(let detail): RPCError(code: .unavailable, message: "cannot check trainer accounts right now: \(detail)")
    }
  }
}
