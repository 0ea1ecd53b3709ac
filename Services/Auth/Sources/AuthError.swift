import Foundation
import GymService
import GymStore

/// What only the auth domain refuses, independent of gRPC (the refusals every service
/// shares are `GymError`). `AuthError+Status` maps each case to a status code in one place.
public enum AuthError: Error, Equatable, Sendable {
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
  /// The account is banned; said only after the password was right.
  case banned(reason: String, until: Date?)
  case invalidResetCode
  /// The caller asked for the trainer role already and no administrator has decided yet.
  case trainerRoleRequestPending
  /// Something this call needs is not reachable or not set up (what, and what to do).
  case unavailable(String)
}
