import Foundation
import GRPCCore
import GymAPI
import GymService
import SwiftProtobuf

/// Accounts coming in and sessions going round: Register, Login, RefreshSession, Logout,
/// and the public keys that verify the tokens they hand out.
extension AuthService {
  public func register(
    request: Gym_Auth_V1_RegisterRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RegisterResponse {
    var account = NewAccount(
      email: request.email, username: request.username, password: request.password, displayName: request.displayName)
    var violations = account.violations(policy: policy)
    if !request.acceptTerms {
      violations.append(FieldViolation("accept_terms", "must be true: the terms of service have to be accepted"))
    }
    let termsVersion = request.termsVersion.trimmingCharacters(in: .whitespaces)
    if termsVersion.isEmpty {
      violations.append(FieldViolation("terms_version", "is required: the version of the terms that was accepted"))
    } else if let tooLong = Self.tooLong(termsVersion, field: "terms_version", max: 32) {
      violations.append(tooLong)
    }
    switch request.role {
    case .unspecified, .member: account.role = "member"
    case .trainer: account.role = "trainer"
    default: violations.append(FieldViolation("role", "must be MEMBER or TRAINER; other roles are granted by an administrator"))
    }
    if let tooLong = Self.tooLong(request.clientDescription, field: "client_description", max: 200) {
      violations.append(tooLong)
    }
    guard violations.isEmpty else { throw AuthError.invalid(violations) }

    let now = Date()
    let user = account.record(passwordHash: try await hasher.hash(request.password), termsVersion: termsVersion, now: now)
    let new = newSession(clientDescription: request.clientDescription, now: now)
    let session = try await store.createUser(user, session: new)
    logger.info("account registered", metadata: ["user_id": "\(user.id)", "role": "\(user.role)"])
    let tokens = try await tokens(for: user, session: session, refreshToken: new.refreshToken, now: now)
    return .with {
      $0.user = ProfileMapping.user(user)
      $0.tokens = tokens
    }
  }

  public func login(
    request: Gym_Auth_V1_LoginRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_LoginResponse {
    let identifier = request.identifier.trimmingCharacters(in: .whitespaces).lowercased()
    var violations: [FieldViolation] = []
    if identifier.isEmpty { violations.append(FieldViolation("identifier", "is required: your email or username")) }
    if request.password.isEmpty { violations.append(FieldViolation("password", "is required")) }
    if let tooLong = Self.tooLong(request.password, field: "password", max: PasswordPolicy.maximumLength) {
      violations.append(tooLong)
    }
    if let tooLong = Self.tooLong(request.clientDescription, field: "client_description", max: 200) {
      violations.append(tooLong)
    }
    guard violations.isEmpty else { throw AuthError.invalid(violations) }

    let address = RequestContext.current?.clientAddress
    let user = try await store.user(identifier: identifier)
    // One budget per account whether it is named by email or username.
    let account = Self.throttleKey(user: user, identifier: identifier)
    if let wait = throttle.retryAfter(account: account, address: address) {
      throw AuthError.throttled(retryAfter: wait)
    }
    let matches: Bool
    if let user {
      matches = try await hasher.verify(request.password, against: user.passwordHash)
    } else {
      // Same work as a wrong password, so timing does not reveal which accounts exist.
      try await hasher.verifyDecoy(request.password)
      matches = false
    }
    guard let user, matches else {
      throttle.recordFailure(account: account, address: address)
      logger.notice("sign-in failed", metadata: ["client_address": "\(address ?? "-")"])
      throw AuthError.invalidCredentials
    }
    throttle.recordSuccess(account: account)
    if hasher.needsRehash(user.passwordHash) {
      // The cost was raised since this hash was made; upgrade it while the password is at hand.
      try await store.rehashPassword(userID: user.id, hash: try await hasher.hash(request.password))
    }
    let now = Date()
    // Told only to someone who knows the password, so a ban reveals nothing to others.
    if user.isBanned(at: now) { throw AuthError.banned(reason: user.banReason ?? "", until: user.bannedUntil) }
    let new = newSession(clientDescription: request.clientDescription, now: now)
    let session = try await store.createSession(userID: user.id, new)
    let tokens = try await tokens(for: user, session: session, refreshToken: new.refreshToken, now: now)
    return .with {
      $0.user = ProfileMapping.user(user)
      $0.tokens = tokens
    }
  }

  public func refreshSession(
    request: Gym_Auth_V1_RefreshSessionRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RefreshSessionResponse {
    guard !request.refreshToken.isEmpty else {
      throw AuthError.invalid([FieldViolation("refresh_token", "is required")])
    }
    let now = Date()
    let replacement = Self.newRefreshToken()
    switch try await store.rotateRefreshToken(old: request.refreshToken, new: replacement, now: now) {
    case .rotated(let session, let user):
      let tokens = try await tokens(for: user, session: session, refreshToken: replacement, now: now)
      return .with { $0.tokens = tokens }
    case .reused(let sessionID):
      logger.warning("refresh token reused; session revoked", metadata: ["session_id": "\(sessionID)"])
      throw AuthError.refreshTokenReused
    case .invalid:
      throw AuthError.invalidRefreshToken
    }
  }

  public func logout(
    request: Gym_Auth_V1_LogoutRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_LogoutResponse {
    let caller = try Caller.current()
    let now = Date()
    let revoked: Int
    if request.allSessions {
      revoked = try await store.revokeAllSessions(userID: caller.userID, reason: "logout (all sessions)", now: now)
    } else {
      var sessionID = caller.sessionID
      if !request.refreshToken.isEmpty {
        guard let session = try await store.session(refreshToken: request.refreshToken), session.userID == caller.userID
        else { throw AuthError.notFound("no session of yours has this refresh token") }
        sessionID = session.id
      }
      revoked = try await store.revokeSession(id: sessionID, userID: caller.userID, reason: "logout", now: now) ? 1 : 0
    }
    return .with { $0.revokedSessions = Int32(revoked) }
  }

  public func getSigningKeys(
    request: Gym_Auth_V1_GetSigningKeysRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_GetSigningKeysResponse {
    .with { response in
      response.issuer = AccessClaims.issuer
      response.audience = AccessClaims.audience
      response.keys = issuer.publishedKeys.map { key in
        .with {
          $0.kid = key.kid
          $0.algorithm = "EdDSA"
          $0.publicKey = key.publicKey
          $0.notBefore = Google_Protobuf_Timestamp(date: key.createdAt)
        }
      }
    }
  }
}
