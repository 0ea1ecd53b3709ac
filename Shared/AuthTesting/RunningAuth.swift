import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymAuth
import GymService
import GymStore
import GymTesting
import Logging

/// A real gym-auth for the duration of a test, built by `AuthApp.build` as the
/// executable does, with the clients and sign-ups other services' tests need.
public struct RunningAuth: Sendable {
  public typealias Transport = HTTP2ClientTransport.Posix

  /// The password `account(_:role:)`, `register(_:role:)` and `makeAdmin(_:)` use.
  public static let password = "violet staircase under a quiet harbour"
  /// Cheap enough for tests; production uses `PasswordHasher.Parameters.owasp`.
  public static let hashParameters = PasswordHasher.Parameters(logN: 10)

  /// Where auth listens: the `auth` address other processes are given.
  public let address: HostPort
  /// The service credential auth accepts: hand it to the process under test.
  public let credential: ServiceCredential
  /// The public service, called as an app would: no credential.
  public let auth: Gym_Auth_V1_AuthService.Client<Transport>
  /// The internal service with the credential, as other gym processes call it.
  public let internalAuth: Gym_Auth_V1_AuthInternal.Client<Transport>
  /// Operator RPCs (outbox, database path), with the credential.
  public let ops: Gym_Ops_V1_Ops.Client<Transport>
  /// The internal service without a credential: what a user reaching for it would send.
  public let internalWithoutCredential: Gym_Auth_V1_AuthInternal.Client<Transport>
  /// Where auth keeps `auth.sqlite`, for tests that read the file itself.
  public let dataDirectory: String

  /// A signed-in account.
  public struct User: Sendable {
    public let id: String
    public let tokens: Gym_Auth_V1_Tokens
    /// `authorization: Bearer <access token>`.
    public var metadata: Metadata { bearer(tokens.accessToken) }

    public init(id: String, tokens: Gym_Auth_V1_Tokens) {
      self.id = id
      self.tokens = tokens
    }
  }

  /// A valid registration for `name` (`name@example.com`, display name `name.capitalized`).
  public static func account(_ name: String, role: Gym_Common_V1_Role = .member) -> Gym_Auth_V1_RegisterRequest {
    .with {
      $0.email = "\(name)@example.com"; $0.username = name; $0.password = Self.password
      $0.acceptTerms = true; $0.termsVersion = "1"; $0.role = role; $0.displayName = name.capitalized
    }
  }

  /// Registers `account(name)` and returns it signed in, its email verified (with the
  /// mailed code, as a user would) unless `verified` is false. A trainer asks for the
  /// role at sign-up and an administrator approves it, as on the platform.
  public func register(_ name: String, role: Gym_Common_V1_Role = .member, verified: Bool = true) async throws -> User {
    var request = Self.account(name, role: role == .trainer ? .member : role)
    request.wantsTrainerRole = role == .trainer
    let response = try await auth.register(request)
    var user = User(id: response.user.id, tokens: response.tokens)
    if role == .trainer {
      try await approveTrainerRole(of: user.id)
      user = User(id: user.id, tokens: try await auth.refreshSession(.with { $0.refreshToken = user.tokens.refreshToken }).tokens)
    }
    if verified { user = try await verifyEmail(of: user, email: request.email) }
    return user
  }

  /// The code in the newest verification mail to `email`.
  public func verificationCode(for email: String) async throws -> String {
    let mail = try await internalAuth.listMailOutbox(.with { $0.to = email })
    guard let body = mail.messages.first(where: { $0.subject.contains("verification code") })?.body,
      let range = body.range(of: #"code: (\d{6})"#, options: .regularExpression)
    else { throw RPCError(code: .notFound, message: "no verification mail to \(email)") }
    return String(body[range].suffix(6))
  }

  /// Verifies `user`'s email with the mailed code; the returned user carries the new access token.
  public func verifyEmail(of user: User, email: String) async throws -> User {
    let code = try await verificationCode(for: email)
    let verified = try await auth.verifyEmail(.with { $0.code = code }, metadata: user.metadata)
    var tokens = user.tokens
    tokens.accessToken = verified.accessToken
    tokens.accessTokenExpiresAt = verified.accessTokenExpiresAt
    return User(id: user.id, tokens: tokens)
  }

  /// Approves `userID`'s pending trainer-role request as a fresh administrator.
  public func approveTrainerRole(of userID: String) async throws {
    let admin = try await makeAdmin("approver_\(UInt32.random(in: 0...UInt32.max))")
    let pending = try await auth.listTrainerRoleRequests(.with { $0.pageSize = 100 }, metadata: admin.metadata).requests
    guard let request = pending.first(where: { $0.userID == userID }) else {
      throw RPCError(code: .notFound, message: "no pending trainer-role request of \(userID)")
    }
    _ = try await auth.decideTrainerRole(
      .with {
        $0.requestID = request.id; $0.approve = true
      }, metadata: admin.metadata)
  }

  /// Creates an admin through the internal service (as `gymctl` does) and signs it in.
  public func makeAdmin(_ username: String = "admin") async throws -> User {
    _ = try await internalAuth.createAdmin(
      .with {
        $0.email = "\(username)@example.com"; $0.username = username; $0.password = Self.password
      })
    let response = try await auth.login(
      .with {
        $0.identifier = username; $0.password = Self.password
      })
    return User(id: response.user.id, tokens: response.tokens)
  }
}

/// Runs a real auth on loopback for the duration of `body`, then stops it gracefully.
///
/// - Parameters:
///   - dataDirectory: reuse one to restart auth on the same data; a fresh one by default.
///   - port: 0 for an ephemeral port; a fixed one (`freePort()`) to restart auth there.
///   - credential: the service credential; pass the same one across restarts.
///   - outboxReceivers: where outbox jobs go ("places", "catalog", …); when any is
///     given, the outbox is polled every 50 ms so deliveries are prompt.
///   - configure: last changes to the settings (password policy, hash cost, …).
public func withRunningAuth<T: Sendable>(
  dataDirectory: String? = nil,
  port: Int = 0,
  credential: ServiceCredential = .generate(),
  outboxReceivers: [Outbox.Destination: HostPort] = [:],
  configure: (inout AuthApp.Settings) -> Void = { _ in },
  _ body: @Sendable (RunningAuth) async throws -> T
) async throws -> T {
  var common = testSettings()
  common.listen = HostPort(host: "127.0.0.1", port: port)
  var settings = AuthApp.Settings(
    common: common, dataDirectory: try dataDirectory ?? temporaryDirectory("gym-auth"), credential: credential)
  settings.hashParameters = RunningAuth.hashParameters
  if !outboxReceivers.isEmpty {
    settings.outboxReceivers = outboxReceivers
    settings.outboxPollInterval = .milliseconds(50)
  }
  configure(&settings)
  let serviceCredential = settings.credential
  let directory = settings.dataDirectory
  let built = try await AuthApp.build(settings, logger: Logger(label: "auth"))
  return try await withRunningProcess(built) { address in
    try await withClient(to: address) { plain in
      try await withCredentialClient(to: address, serviceCredential) { service in
        try await body(
          RunningAuth(
            address: address, credential: serviceCredential,
            auth: Gym_Auth_V1_AuthService.Client(wrapping: plain),
            internalAuth: Gym_Auth_V1_AuthInternal.Client(wrapping: service),
            ops: Gym_Ops_V1_Ops.Client(wrapping: service),
            internalWithoutCredential: Gym_Auth_V1_AuthInternal.Client(wrapping: plain),
            dataDirectory: directory))
      }
    }
  }
}
