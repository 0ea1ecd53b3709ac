import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
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
    // The trainer role is granted by an administrator: asking for it at sign-up (either
    // way) files a request, and the account starts as a member.
    let trainerNote =
      request.wantsTrainerRole || request.role == .trainer
      ? Self.note(request.trainerRoleNote, field: "trainer_role_note", into: &violations) : nil
    switch request.role {
    case .unspecified, .member, .trainer: account.role = "member"
    default: violations.append(FieldViolation("role", "must be MEMBER or TRAINER; other roles are granted by an administrator"))
    }
    let birthDate = request.hasDateOfBirth ? ProfileUpdate.plausibleBirthDate(request.dateOfBirth, now: Date()) : nil
    if request.hasDateOfBirth && birthDate == nil {
      violations.append(FieldViolation("date_of_birth", "must be a real date in the past"))
    }
    if settings.minimumAge > 0 {
      if !request.hasDateOfBirth {
        violations.append(FieldViolation("date_of_birth", "is required: accounts here are for people aged \(settings.minimumAge) or over"))
      } else if let birthDate, Self.age(born: birthDate, now: Date()) < settings.minimumAge {
        violations.append(FieldViolation("date_of_birth", "accounts here are for people aged \(settings.minimumAge) or over"))
      }
    }
    if let tooLong = Self.tooLong(request.clientDescription, field: "client_description", max: 200) {
      violations.append(tooLong)
    }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    if let refused = registrations.spend(account: "register", address: RequestContext.current?.clientAddress) {
      throw AuthError.tooMany("too many accounts registered from this address", retryAfter: refused.retryAfter)
    }
    // A taken email or username is refused before the expensive hash (and again in the
    // creating transaction, which decides races).
    try await store.checkAvailable(email: account.email, usernameKey: account.usernameKey)

    let now = Date()
    var user = account.record(passwordHash: try await hasher.hash(request.password), termsVersion: termsVersion, now: now)
    user.dateOfBirth = birthDate?.description
    let new = newSession(clientDescription: request.clientDescription, now: now)
    let session = try await store.createUser(
      user, session: new,
      onboarding: .init(
        verificationCode: Self.newVerificationCode(), codeLifetime: settings.verificationCodeLifetime,
        mail: verificationMail, trainerRequest: trainerNote.map { (ID.make(now: now), $0) }))
    logger.info("account registered", metadata: ["user_id": "\(user.id)", "role": "\(user.role)"])
    let tokens = try await tokens(for: user, session: session, refreshToken: new.refreshToken, now: now)
    let mapped = try await ownAccount(user)
    return .with {
      $0.user = mapped
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
    guard violations.isEmpty else { throw GymError.invalid(violations) }

    let found = try await store.user(identifier: identifier)
    // One budget per account whether it is named by email or username.
    let user = try await checkCredentials(request.password, of: found, account: Self.throttleKey(user: found, identifier: identifier))
    var rehash: String? = nil
    if hasher.needsRehash(user.passwordHash) {
      // The cost was raised since this hash was made; upgrade it while the password is at hand.
      rehash = try await hasher.hash(request.password)
    }
    let now = Date()
    let new = newSession(clientDescription: request.clientDescription, now: now)
    // Rechecks the account: a ban or reset that committed during the hash wins. A ban is
    // told only to someone who knows the password, so it reveals nothing to others.
    let (session, current) = try await store.createSession(
      userID: user.id, checkedHash: user.passwordHash, rehash: rehash, new, now: now)
    let tokens = try await tokens(for: current, session: session, refreshToken: new.refreshToken, now: now)
    return .with {
      $0.user = ProfileMapping.user(current)
      $0.tokens = tokens
    }
  }

  public func refreshSession(
    request: Gym_Auth_V1_RefreshSessionRequest, context: ServerContext
  ) async throws -> Gym_Auth_V1_RefreshSessionResponse {
    guard !request.refreshToken.isEmpty else {
      throw GymError.invalid([FieldViolation("refresh_token", "is required")])
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
    case .banned(let user):
      throw AuthError.banned(reason: user.banReason ?? "", until: user.bannedUntil)
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
        else { throw GymError.notFound("no session of yours has this refresh token") }
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
