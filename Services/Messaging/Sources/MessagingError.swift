import GymService

/// Everything messaging refuses, thrown by handlers and the store alike (the store
/// imports no gRPC; neither does this type). `MessagingError+Status` maps each case once.
public enum MessagingError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  case notFound(String)
  /// Blocks, membership, bans, admin-only calls: says which.
  case permissionDenied(String)
  case alreadyExists(field: String, String)
  case failedPrecondition(String)
  /// A Subscribe cursor older than the kept event log: events after it may be gone.
  case cursorExpired(floor: Int64)
  /// The caller's report on this target is still open.
  case alreadyReported
  /// The reporter's daily allowance is used up; seconds until a report is allowed again.
  case tooManyReports(limit: Int, retryAfter: Double)
  /// The user already has this many Subscribe streams open, the most allowed.
  case tooManyStreams(open: Int)
}
