import Crypto
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging
import SwiftProtobuf

/// `gym.auth.v1.AuthService`: accounts, sign-in and sessions. State and helpers live
/// here; the RPCs are in `AuthService+SignIn`, `+Sessions`, `+Profiles`, `+Passwords`
/// and `+Admin`.
public struct AuthService: Sendable {
  public struct Settings: Sendable {
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    public var resetCodeLifetime: TimeInterval = 30 * 60
    /// Services that hold user data: each implements `gym.common.v1.UserLifecycleInternal`
    /// and hears of every lifecycle event (deletion, bans, visibility, updates), in this
    /// order, and gives its part of a data export (the manifest says who).
    public var lifecycleDestinations: [Outbox.Destination] = PlatformManifest.lifecycleDestinations.map(\.outboxDestination)
    /// When false, tokens say the email is verified for everyone (development stacks
    /// whose clients cannot read mail); the account still shows its real state.
    public var requireVerifiedEmail = true
    public var verificationCodeLifetime: TimeInterval = 24 * 3600
    /// Between two verification mails to one account.
    public var verificationGap: TimeInterval = 60
    /// 0 = no minimum; otherwise Register needs a date of birth at least this old.
    public var minimumAge = 0
    /// Signs dry runs of `PurgeInactiveUsers`; production derives its key from the
    /// service credential (`AuthApp.build`), so tokens outlive a restart.
    var purgeConfirmation = PurgeConfirmation.random()
    /// How often a user may export their data (each export reads every service).
    public var exportInterval: TimeInterval = 3600
    public init() {}

    /// The key that signs purge dry runs.
    public mutating func signPurgeDryRuns(with key: SymmetricKey) {
      purgeConfirmation = PurgeConfirmation(key: key)
    }
  }

  let store: AuthStore
  let hasher: PasswordHasher
  let policy: PasswordPolicy
  let issuer: TokenIssuer
  /// Password checks (Login and re-entered passwords).
  let throttle: LoginThrottle
  /// Reset mail, and new accounts per address: budgets of their own.
  let resets: LoginThrottle
  let registrations: LoginThrottle
  let settings: Settings
  let views: ProfileViewCounter
  /// nil only in tests that build the service without the other services' clients.
  let export: PlatformExport?
  let logger: Logger

  public init(
    store: AuthStore, hasher: PasswordHasher, policy: PasswordPolicy, issuer: TokenIssuer,
    throttle: LoginThrottle, resets: LoginThrottle = LoginThrottle(limits: .resets),
    registrations: LoginThrottle = LoginThrottle(limits: .registrations), settings: Settings = Settings(),
    views: ProfileViewCounter, export: PlatformExport? = nil, logger: Logger
  ) {
    self.store = store
    self.hasher = hasher
    self.policy = policy
    self.issuer = issuer
    self.throttle = throttle
    self.resets = resets
    self.registrations = registrations
    self.settings = settings
    self.views = views
    self.export = export
    self.logger = logger
  }

  /// The interceptor check that makes a revoked or expired session's access tokens stop
  /// working at once in auth itself.
  public var sessionCheck: AuthInterceptor.SessionCheck {
    { [store] caller in
      guard try await store.sessionIsActive(caller.sessionID, userID: caller.userID, now: Date()) else { throw AuthError.sessionEnded }
    }
  }

  /// 32 random bytes, base64url: an opaque refresh token with 256 bits of entropy.
  static func newRefreshToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return Data(bytes).base64URLEncodedString()
  }

  func newSession(clientDescription: String, now: Date) -> AuthStore.NewSession {
    AuthStore.NewSession(
      id: ID.make(now: now),
      clientDescription: clientDescription,
      clientAddress: RequestContext.current?.clientAddress ?? "",
      createdAt: now,
      expiresAt: now.addingTimeInterval(settings.sessionLifetime),
      refreshToken: Self.newRefreshToken())
  }

  func tokens(for user: UserRecord, session: SessionRecord, refreshToken: String, now: Date) async throws
    -> Gym_Auth_V1_Tokens
  {
    let access = try await issuer.accessToken(
      userID: user.id, sessionID: session.id, roles: [ProfileMapping.role(user.role)],
      emailVerified: user.emailVerifiedAt != nil || !settings.requireVerifiedEmail, now: now)
    return .with {
      $0.accessToken = access.token
      $0.accessTokenExpiresAt = Google_Protobuf_Timestamp(date: access.expiresAt)
      $0.refreshToken = refreshToken
      $0.refreshTokenExpiresAt = Google_Protobuf_Timestamp(date: session.expiresAt)
      $0.sessionID = session.id
    }
  }

  /// Field-length check shared by several requests: `max` characters and 4 × `max`
  /// bytes of UTF-8.
  static func tooLong(_ value: String, field: String, max: Int) -> FieldViolation? {
    TextBound(characters: max).violation(value, field: field)
  }
}

extension AuthService: Gym_Auth_V1_AuthService.SimpleServiceProtocol {}
