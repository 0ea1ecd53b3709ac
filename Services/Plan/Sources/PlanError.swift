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
  /// Logging into a finished or abandoned session.
  case sessionEnded(String)
  case alreadyPublished(programID: String)
  case alreadyExists(field: String, String)
  case permissionDenied(String)
  /// Not enough logged data for what was asked (prediction, advice): says how much is needed.
  case notEnoughData(String)
}
