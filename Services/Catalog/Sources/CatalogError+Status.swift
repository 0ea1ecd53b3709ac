import GRPCCore
import GymService

extension CatalogError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .invalid(let violations): .invalidArgument(violations)
    case .notFound(let what): .notFound(what)
    case .slugTaken(let slug): .alreadyExists(field: "exercise.slug", "an exercise with slug '\(slug)' already exists")
    case .staleEtag(let what): RPCError(code: .aborted, message: "the \(what) changed since you read it; read it again and reapply your change")
    case .permissionDenied(let message): .permissionDenied(message)
    case .failedPrecondition(let message): RPCError(code: .failedPrecondition, message: message)
    case .alreadyReported: .alreadyExists(field: "program_id", "you have already reported this program")
    case .usersUnavailable(let detail): RPCError(code: .unavailable, message: "cannot read your profile from auth right now: \(detail)")
    }
  }
}
