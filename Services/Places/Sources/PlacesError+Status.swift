import GRPCCore
import GymService

/// The one mapping from places' errors to gRPC status (the error table in docs/api.md).
extension PlacesError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .sourceTaken(let source): .alreadyExists(field: "place.source", "a place with source '\(source)' already exists")
    }
  }
}
