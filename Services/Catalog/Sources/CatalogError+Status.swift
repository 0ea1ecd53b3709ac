import GRPCCore
import GymService
import GymStore

/// The one mapping from the catalog's errors to gRPC status (the error table in docs/api.md).
extension CatalogError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .slugTaken(let slug): .alreadyExists(field: "exercise.slug", "an exercise with slug '\(slug)' already exists")
    case .notAuthor(let what): .permissionDenied("only the author can change this \(what)")
    case .ownProgram: .permissionDenied("you cannot vote on or report your own program")
    case .programRemoved:
      RPCError(code: .failedPrecondition, message: "this program was removed by an administrator and cannot be edited")
    case .exerciseInUse(let programs):
      RPCError(
        code: .failedPrecondition,
        message: "\(programs) program\(programs == 1 ? " uses" : "s use") this exercise; it can be deleted once none does")
    case .unknownExercises(let ids):
      .invalidArgument([FieldViolation("program.days", "no exercise has id \(ids.joined(separator: ", "))")])
    case .privateNameTaken(let name):
      .alreadyExists(field: "exercise.name", "you already have an exercise named '\(name)': change that one or choose another name")
    case .tooManyPrivateExercises(let limit):
      RPCError(code: .resourceExhausted, message: "you have \(limit) exercises of your own, the most allowed: delete one you no longer use")
    case .tooManyProposals(let limit):
      RPCError(code: .resourceExhausted, message: "\(limit) of your exercises are waiting for review, the most allowed: wait for an answer")
    case .alreadyReported: .alreadyExists(field: "program_id", "you have already reported this program")
    case .tooManyReports(let limit, let retryAfter):
      .resourceExhausted(
        "you have filed \(limit) reports in the last 24 hours, the most allowed; moderators will review them, try again later",
        retryAfter: .seconds(max(1, retryAfter.rounded(.up))))
    }
  }
}
