import Foundation
import GRPCCore
import GymAPI
import GymService

extension AuthService {
  public func changePassword(
    request: Gym_Auth_V1_ChangePasswordRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ChangePasswordResponse {
    let caller = try Caller.current()
    guard let user = try await store.user(id: caller.userID) else { throw AuthError.sessionEnded }
    try await checkPassword(request.currentPassword, of: user, field: "current_password")
    let violations = policy.violations(of: request.newPassword, field: "new_password", email: user.email, username: user.username)
    guard violations.isEmpty else { throw AuthError.invalid(violations) }
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
    let email = request.email.trimmingCharacters(in: .whitespaces).lowercased()
    if let problem = AccountValidation.emailProblem(email) { throw AuthError.invalid([FieldViolation("email", problem)]) }
    let address = RequestContext.current?.clientAddress
    // Reset requests share the sign-in throttle so they cannot flood a mailbox.
    if let wait = throttle.retryAfter(account: "reset:" + email, address: address) { throw AuthError.throttled(retryAfter: wait) }
    throttle.recordFailure(account: "reset:" + email, address: address)
    let now = Date()
    let code = Self.newRefreshToken()
    let lifetime = settings.resetCodeLifetime
    try await store.createPasswordReset(email: email, code: code, expiresAt: now.addingTimeInterval(lifetime), mail: { user in
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
    // Same answer, and no log line naming the email, whether or not an account exists.
    return .init()
  }

  public func resetPassword(
    request: Gym_Auth_V1_ResetPasswordRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_ResetPasswordResponse {
    guard !request.resetCode.isEmpty else { throw AuthError.invalid([FieldViolation("reset_code", "is required")]) }
    let now = Date()
    guard let user = try await store.userForResetCode(request.resetCode, now: now) else { throw AuthError.invalidResetCode }
    let violations = policy.violations(of: request.newPassword, field: "new_password", email: user.email, username: user.username)
    guard violations.isEmpty else { throw AuthError.invalid(violations) }
    let hash = try await hasher.hash(request.newPassword)
    guard try await store.resetPassword(code: request.resetCode, hash: hash, now: now) != nil else {
      throw AuthError.invalidResetCode
    }
    throttle.recordSuccess(account: Self.throttleKey(user: user, identifier: ""))
    logger.info("password reset", metadata: ["user_id": "\(user.id)"])
    return .init()
  }

  /// The throttle's account key: the user id when the account exists, else what was typed.
  static func throttleKey(user: UserRecord?, identifier: String) -> String {
    user.map { "user:" + $0.id } ?? "name:" + identifier
  }

  /// Verifies a password re-entered for a sensitive change, under the sign-in throttle.
  func checkPassword(_ password: String, of user: UserRecord, field: String) async throws {
    guard !password.isEmpty else { throw AuthError.invalid([FieldViolation(field, "is required")]) }
    let address = RequestContext.current?.clientAddress
    let account = Self.throttleKey(user: user, identifier: "")
    if let wait = throttle.retryAfter(account: account, address: address) { throw AuthError.throttled(retryAfter: wait) }
    guard try await hasher.verify(password, against: user.passwordHash) else {
      throttle.recordFailure(account: account, address: address)
      throw AuthError.invalidCredentials
    }
  }
}
