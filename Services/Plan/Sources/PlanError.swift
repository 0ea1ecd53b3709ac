import Foundation
import GymService
import GymStore

/// What only the plan domain refuses (the refusals every service shares are `GymError`),
/// thrown by handlers and by the store alike (the store imports no gRPC; this type
/// neither). `PlanError+Status` maps each case once.
public enum PlanError: Error, Equatable, Sendable {
  /// StartSession while another is active: its id and start.
  case sessionActive(id: String, startedAt: Date)
  case alreadyPublished(programID: String)
  /// The member is this trainer's client already.
  case alreadyClient
  /// The member's request to this trainer is still pending.
  case trainerRequestPending
  /// The trainer's invitation to this email is still pending.
  case invitationPending(email: String)
  /// Finishing a session cannot keep its changes in the routine: why.
  case routineChangesRefused(String)
  /// A schedule entry names a day the routine does not have (it has `days`).
  /// `field`: the day index asked for (a schedule entry's).
  case noSuchRoutineDay(days: Int, field: String = "entry.day_index")
  /// A per-user quota is full: the message says what to free.
  case quotaExceeded(String)
}
