import GRPCCore
import GymService

/// The one mapping from places' errors to gRPC status (the error table in docs/api.md).
extension PlacesError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .invalid(let violations): .invalidArgument(violations)
    case .notFound(let message): .notFound(message)
    case .sourceTaken(let source): .alreadyExists(field: "place.source", "a place with source '\(source)' already exists")
    case .staleEtag: RPCError(code: .aborted, message: "the place changed since you read it; read it again and reapply your change")
    case .permissionDenied(let message): .permissionDenied(message)
    }
  }
}
