import Foundation
import GRPCCore
import GymService
import GymStore

/// The one mapping from plan's errors to gRPC status (the error table in docs/api.md).
extension PlanError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .sessionActive(let id, let startedAt):
      RPCError(
        code: .failedPrecondition,
        message: "session \(id) started at \(startedAt.ISO8601Format()) is still active; finish or abandon it first")
    case .alreadyPublished(let programID): .alreadyExists(field: "routine_id", "this routine is already published as program \(programID)")
    case .alreadyClient: .alreadyExists(field: "trainer_id", "you are already this trainer's client")
    case .trainerRequestPending: .alreadyExists(field: "trainer_id", "a request to this trainer is already pending")
    case .invitationPending(let email): .alreadyExists(field: "email", "an invitation to \(email) is already pending")
    case .routineChangesRefused(let reason): .invalidArgument([FieldViolation("routine_changes", reason)])
    case .noSuchRoutineDay(let days, let field):
      .invalidArgument([FieldViolation(field, "the routine has \(days) day(s): use 0 to \(days - 1)")])
    case .quotaExceeded(let message): RPCError(code: .resourceExhausted, message: message)
    }
  }
}
