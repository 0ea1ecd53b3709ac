import Foundation
import GRPCCore
import GymService
import GymStore
import Testing

@testable import GymAuth

/// The one mapping from auth's errors to status codes and the words a client reads,
/// one row per case. `row(for:)` switches over every case, so a new case does not
/// compile until it has a row here.
@Suite struct AuthErrorStatusTests {
  static let samples: [AuthError] = [
    .emailTaken,
    .usernameTaken,
    .invalidCredentials,
    .throttled(retryAfter: .seconds(3)),
    .tooMany("too many reset codes requested", retryAfter: .seconds(59)),
    .busy(retryAfter: .milliseconds(1500)),
    .invalidRefreshToken,
    .refreshTokenReused,
    .sessionEnded,
    .banned(reason: "spam", until: Date(timeIntervalSince1970: 1_800_000_000)),
    .invalidResetCode,
    .trainerRoleRequestPending,
    .unavailable("the export needs gym-plan, which this auth is not configured to reach (GYM_PLAN_ADDR)"),
  ]

  static func row(for error: AuthError) -> (RPCError.Code, String) {
    switch error {
    case .emailTaken: (.alreadyExists, "an account with this email already exists; sign in or reset the password")
    case .usernameTaken: (.alreadyExists, "this username is taken; choose another")
    case .invalidCredentials: (.unauthenticated, "the identifier or password is incorrect")
    case .throttled: (.resourceExhausted, "too many failed sign-in attempts; try again in 4 s")
    case .tooMany: (.resourceExhausted, "too many reset codes requested; try again in 60 s")
    case .busy: (.resourceExhausted, "too many sign-ins are being checked right now; try again in 2 s")
    case .invalidRefreshToken: (.unauthenticated, "the refresh token is unknown, expired or revoked; sign in again")
    case .refreshTokenReused:
      (.unauthenticated, "the refresh token was already used; the session has been ended for safety, sign in again")
    case .sessionEnded: (.unauthenticated, "the session has ended; sign in again")
    case .banned: (.permissionDenied, "this account is banned: spam; the ban ends 2027-01-15T08:00:00Z")
    case .invalidResetCode: (.unauthenticated, "the reset code is unknown, already used or expired; request a new one")
    case .trainerRoleRequestPending:
      (.alreadyExists, "you already have a pending trainer-role request; an administrator will decide it")
    case .unavailable: (.unavailable, "the export needs gym-plan, which this auth is not configured to reach (GYM_PLAN_ADDR)")
    }
  }

  @Test(arguments: samples)
  func mapsToItsStatusAndWords(_ error: AuthError) {
    let (code, message) = Self.row(for: error)
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  /// The refusals every service shares (`GymError`), as auth words them: the same
  /// status codes and words as when auth's own enum carried them.
  static let sharedRows: [(GymError, RPCError.Code, String)] = [
    (
      .invalid([FieldViolation("email", "is not an email address")]), .invalidArgument,
      "invalid request: email: is not an email address"
    ),
    (.notFound("no user with this id"), .notFound, "no user with this id"),
    (.permissionDenied("needs the admin role"), .permissionDenied, "needs the admin role"),
    (.failedPrecondition("the email is already verified"), .failedPrecondition, "the email is already verified"),
    (
      .alreadyExists(field: "request", "you already have a pending trainer-role request"), .alreadyExists,
      "you already have a pending trainer-role request"
    ),
  ]

  @Test(arguments: sharedRows)
  func sharedRefusalsMapToTheirStatusAndWords(_ error: GymError, _ code: RPCError.Code, _ message: String) {
    #expect(RPCError(error).code == code)
    #expect(RPCError(error).message == message)
  }

  @Test func takenFieldsAreNamed() {
    #expect(RPCError(AuthError.emailTaken).fieldViolations.map(\.field) == ["email"])
    #expect(RPCError(AuthError.usernameTaken).fieldViolations.map(\.field) == ["username"])
    #expect(RPCError(AuthError.trainerRoleRequestPending).fieldViolations.map(\.field) == ["request"])
  }

  @Test func throttlingSaysWhenToRetry() {
    #expect(RPCError(AuthError.throttled(retryAfter: .seconds(3))).retryDelay == .seconds(3))
    #expect(RPCError(AuthError.busy(retryAfter: .seconds(2))).retryDelay == .seconds(2))
    #expect(RPCError(AuthError.tooMany("too many", retryAfter: .seconds(5))).retryDelay == .seconds(5))
  }
}
