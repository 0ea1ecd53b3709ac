import Foundation
import GymService

/// Everything the auth domain refuses, independent of gRPC. `AuthError+Status`
/// maps each case to a status code in one place.
public enum AuthError: Error, Equatable, Sendable {
  case invalid([FieldViolation])
  case emailTaken
  case usernameTaken
  /// Unknown account or wrong password: deliberately one case (no account enumeration).
  case invalidCredentials
  case throttled(retryAfter: Duration)
  /// A budget other than sign-in's is spent (what, e.g. "too many registrations from this address").
  case tooMany(String, retryAfter: Duration)
  /// Too many password checks are waiting already.
  case busy(retryAfter: Duration)
  case invalidRefreshToken
  /// A spent refresh token was presented again; its session has been revoked.
  case refreshTokenReused
  case sessionEnded
  case notFound(String)
  /// The account is banned; said only after the password was right.
  case banned(reason: String, until: Date?)
  case permissionDenied(String)
  case failedPrecondition(String)
  /// Something of the caller's exists already (a pending request), named by `field`.
  case alreadyExists(field: String, String)
  case invalidResetCode
  /// Something this call needs is not reachable or not set up (what, and what to do).
  case unavailable(String)
}
