/// The refusals every service shares, independent of gRPC: handlers, inputs and stores
/// throw these, and each service's own error enum keeps only its domain cases.
/// `GymError+Status` maps each case once, for every service.
public enum GymError: Error, Equatable, Sendable {
  /// Request fields that are wrong, each with how to fix it.
  case invalid([FieldViolation])
  /// What is missing, e.g. "no routine with id …".
  case notFound(String)
  /// Why the caller may not, e.g. "managing places needs the admin role".
  case permissionDenied(String)
  /// The state forbids it; the message says what is needed first.
  case failedPrecondition(String)
  /// Something exists already, named by the request `field` it clashes on.
  case alreadyExists(field: String, String)
  /// What changed since the caller read it ("program", "routine", "place").
  case staleEtag(String)
}

extension GymError {
  /// The field violations of an `.invalid` refusal; none for the other cases.
  public var violations: [FieldViolation] {
    if case .invalid(let violations) = self { violations } else { [] }
  }
}
