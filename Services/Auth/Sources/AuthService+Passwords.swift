import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension AuthService {
  public func changePassword(
    request: Gym_Auth_V1_ChangePasswordRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ChangePasswordResponse {
    let caller = try Caller.current()
    guard let user = try await store.user(id: caller.userID) else { throw AuthError.sessionEnded }
    try await checkPassword(request.currentPassword, of: user, field: "current_password")
    let violations = policy.violations(of: request.newPassword, field: "new_password", email: user.email, username: user.username)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let now = Date()
    let hash = try await hasher.hash(request.newPassword)
    let new = newSession(clientDescription: "password change", now: now)
    // Every session ends, this one included; the caller continues on a fresh one.
    let session = try await store.changePassword(userID: user.id, hash: hash, newSession: new, now: now)
    logger.info("password changed", metadata: ["user_id": "\(user.id)"])
    let tokens = try await tokens(for: user, session: session, refreshToken: new.refreshToken, now: now)
    return .with { $0.tokens = tokens }
  }

  public func requestPasswordReset(
    request: Gym_Auth_V1_RequestPasswordResetRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RequestPasswordResetResponse {
    let email = try Identifiers.canonicalEmail(request.email).mapError { GymError.invalid([FieldViolation("email", $0.message)]) }.get()
    // A budget of its own: reset mail cannot flood a mailbox, and asking for codes
    // spends nothing of the owner's sign-in budget.
    if let refused = resets.spend(account: email, address: RequestContext.current?.clientAddress) {
      throw AuthError.tooMany("too many reset codes requested", retryAfter: refused.retryAfter)
    }
    let now = Date()
    let code = Self.newRefreshToken()
    let lifetime = settings.resetCodeLifetime
    let outcome = try await store.createPasswordReset(
      email: email, code: code, expiresAt: now.addingTimeInterval(lifetime),
      mail: { user in
        (
          subject: "Reset your gym password",
          body: """
          Hello \(user.displayName),

          Someone asked to reset the password of your gym account (\(user.username)).
          Your reset code is:

          \(code)

          It works once and expires in \(Int(lifetime / 60)) minutes. If you did not ask for this, ignore this message: your password stays as it is.
          """
        )
      }, now: now)
    // Same answer, and no log line naming the email, whether or not an account exists or
    // its address had its day's mail (a different answer would tell that it exists).
    if case .capped(let userID) = outcome {
      logger.notice("reset mail not sent: the address had its day's mail", metadata: ["user_id": "\(userID)"])
    }
    return .init()
  }

  public func resetPassword(
    request: Gym_Auth_V1_ResetPasswordRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ResetPasswordResponse {
    guard !request.resetCode.isEmpty else { throw GymError.invalid([FieldViolation("reset_code", "is required")]) }
    let now = Date()
    guard let user = try await store.userForResetCode(request.resetCode, now: now) else { throw AuthError.invalidResetCode }
    let violations = policy.violations(of: request.newPassword, field: "new_password", email: user.email, username: user.username)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let hash = try await hasher.hash(request.newPassword)
    guard try await store.resetPassword(code: request.resetCode, hash: hash, now: now) != nil else {
      throw AuthError.invalidResetCode
    }
    logger.info("password reset", metadata: ["user_id": "\(user.id)"])
    return .init()
  }

  /// The throttle's account key: the user id when the account exists, else what was typed.
  static func throttleKey(user: UserRecord?, identifier: String) -> String {
    user.map { "user:" + $0.id } ?? "name:" + identifier
  }

  /// Verifies a password re-entered for a sensitive change, under the sign-in throttle.
  func checkPassword(_ password: String, of user: UserRecord, field: String) async throws {
    guard !password.isEmpty else { throw GymError.invalid([FieldViolation(field, "is required")]) }
    _ = try await checkCredentials(password, of: user, account: Self.throttleKey(user: user, identifier: ""))
  }

  /// The user when `password` is theirs. The throttle's place is reserved before the
  /// hash, so concurrent guesses all count; a wrong answer is held for the throttle's
  /// delay. An unknown account costs the same hash (no account enumeration by timing).
  func checkCredentials(_ password: String, of user: UserRecord?, account: String) async throws -> UserRecord {
    let address = RequestContext.current?.clientAddress
    let attempt: LoginThrottle.Attempt
    switch throttle.begin(account: account, address: address) {
    case .success(let reserved): attempt = reserved
    case .failure(let refused): throw AuthError.throttled(retryAfter: refused.retryAfter)
    }
    let matches: Bool
    do {
      if let user {
        matches = try await hasher.verify(password, against: user.passwordHash)
      } else {
        try await hasher.verifyDecoy(password)
        matches = false
      }
    } catch {
      throttle.finish(attempt, .abandoned)
      throw error
    }
    guard let user, matches else {
      let delay = throttle.finish(attempt, .failed)
      logger.notice("sign-in failed", metadata: ["client_address": "\(address ?? "-")"])
      if delay > .zero { try await Task.sleep(for: delay) }
      throw AuthError.invalidCredentials
    }
    throttle.finish(attempt, .succeeded)
    return user
  }
}
