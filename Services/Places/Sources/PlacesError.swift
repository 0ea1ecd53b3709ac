import GymService

/// Everything the places domain refuses, thrown by handlers and by the store alike (the
/// store imports no gRPC; this type neither). `PlacesError+Status` maps each case once.
public enum PlacesError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  /// A message saying what is missing, e.g. "no place with id …".
  case notFound(String)
  case sourceTaken(String)
  case staleEtag
  case permissionDenied(String)
}
