import Foundation
import GymService

/// Everything the plan domain refuses, thrown by handlers and by the store alike (the
/// store imports no gRPC; this type neither). `PlanError+Status` maps each case once.
public enum PlanError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  /// A message saying what is missing, e.g. "no routine with id …".
  case notFound(String)
  case staleEtag(what: String)
  /// StartSession while another is active: its id and start.
  case sessionActive(id: String, startedAt: Date)
  /// The state forbids it (an ended session, an answered request, too little data):
  /// the message says what is needed.
  case failedPrecondition(String)
  case alreadyPublished(programID: String)
  case alreadyExists(field: String, String)
  case permissionDenied(String)
  /// A per-user quota is full: the message says what to free.
  case quotaExceeded(String)
}
