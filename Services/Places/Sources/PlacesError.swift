import GymService

/// What the places domain refuses; mapped to status codes in `PlacesError+Status`.
public enum PlacesError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  case notFound(String)
  case sourceTaken(String)
  case staleEtag
  case permissionDenied(String)
  case accountsUnavailable(String)
}
