import GymService

/// What the catalog refuses; mapped to status codes in `CatalogError+Status`.
public enum CatalogError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  case notFound(String)
  case slugTaken(String)
  case staleEtag(String)
  case permissionDenied(String)
  case failedPrecondition(String)
  case alreadyReported
  case usersUnavailable(String)
}
