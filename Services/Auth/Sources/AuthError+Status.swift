import Foundation
import GRPCCore
import GymService

/// The one mapping from auth's domain errors to gRPC status (the error table in docs/api.md).
extension AuthError: GymErrorMapping {
  public var rpcError: RPCError {
    switch self {
    case .emailTaken:
      .alreadyExists(field: "email", "an account with this email already exists; sign in or reset the password")
    case .usernameTaken:
      .alreadyExists(field: "username", "this username is taken; choose another")
    case .invalidCredentials:
      .unauthenticated("the identifier or password is incorrect")
    case .throttled(let retryAfter):
      .resourceExhausted(
        "too many failed sign-in attempts; try again in \(Int(retryAfter.components.seconds) + 1) s",
        retryAfter: retryAfter)
    case .tooMany(let what, let retryAfter):
      .resourceExhausted("\(what); try again in \(Int(retryAfter.components.seconds) + 1) s", retryAfter: retryAfter)
    case .busy(let retryAfter):
      .resourceExhausted(
        "too many sign-ins are being checked right now; try again in \(Int(retryAfter.components.seconds) + 1) s",
        retryAfter: retryAfter)
    case .invalidRefreshToken:
      .unauthenticated("the refresh token is unknown, expired or revoked; sign in again")
    case .refreshTokenReused:
      .unauthenticated("the refresh token was already used; the session has been ended for safety, sign in again")
    case .sessionEnded:
      .unauthenticated("the session has ended; sign in again")
    case .banned(let reason, let until):
      .permissionDenied(
        "this account is banned: \(reason); "
          + (until.map { "the ban ends \($0.formatted(Date.ISO8601FormatStyle()))" } ?? "the ban has no end date"))
    case .invalidResetCode:
      .unauthenticated("the reset code is unknown, already used or expired; request a new one")
    case .trainerRoleRequestPending:
      .alreadyExists(field: "request", "you already have a pending trainer-role request; an administrator will decide it")
    case .unavailable(let message):
      RPCError(code: .unavailable, message: message)
    }
  }
}
