import GymService
import GymStore

/// What only the catalog refuses (the refusals every service shares are `GymError`),
/// thrown by handlers and by the store alike (the store imports no gRPC; this type
/// neither). `CatalogError+Status` maps each case once.
public enum CatalogError: Error, Equatable, Sendable {
  case slugTaken(String)
  /// Only the author (of a "program" or "exercise") may change it.
  case notAuthor(String)
  case ownProgram
  case programRemoved
  case exerciseInUse(programs: Int)
  case unknownExercises([String])
  case alreadyReported
  /// The owner already has a private exercise of this name.
  case privateNameTaken(String)
  case tooManyPrivateExercises(limit: Int)
  case tooManyProposals(limit: Int)
  /// The reporter's daily allowance is used up; seconds until a report is allowed again.
  case tooManyReports(limit: Int, retryAfter: Double)
}
