import GymService

/// Everything the catalog refuses, thrown by handlers and by the store alike (the store
/// imports no gRPC; this type neither). `CatalogError+Status` maps each case once.
public enum CatalogError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  /// A message saying what is missing, e.g. "no program with this id".
  case notFound(String)
  case slugTaken(String)
  /// What changed since the caller read it: "program" or "exercise".
  case staleEtag(String)
  case permissionDenied(String)
  case failedPrecondition(String)
  /// Only the author (of a "program" or "exercise") may change it.
  case notAuthor(String)
  case ownProgram
  case programRemoved
  case exerciseInUse(programs: Int)
  case unknownExercises([String])
  case alreadyReported
  /// The reporter's daily allowance is used up; seconds until a report is allowed again.
  case tooManyReports(limit: Int, retryAfter: Double)
}
