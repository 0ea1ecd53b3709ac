import GRPCCore
import GymAPI
import GymStore

/// Who is calling, established by `AuthInterceptor` from a verified access token.
public struct Caller: Sendable, Hashable {
  public var userID: String
  public var sessionID: String
  public var roles: Set<Gym_Common_V1_Role>
  /// When the access token was issued; revocations apply to tokens issued before them.
  public var issuedAt: Double
  /// The account's email is verified (or the platform does not ask for it): publishing
  /// and messaging need this.
  public var emailVerified: Bool

  public init(userID: String, sessionID: String, roles: Set<Gym_Common_V1_Role>, issuedAt: Double = 0, emailVerified: Bool = true) {
    self.emailVerified = emailVerified
    self.userID = userID
    self.sessionID = sessionID
    self.roles = roles
    self.issuedAt = issuedAt
  }

  public var isAdmin: Bool { roles.contains(.admin) }

  /// An operator tool calling with the service credential (`gymctl`); acts as an admin.
  public static let `operator` = Caller(userID: "operator", sessionID: "", roles: [.admin])
}

extension Caller {
  /// The verified caller of the current RPC; UNAUTHENTICATED outside an authenticated RPC.
  public static func current() throws(RPCError) -> Caller {
    guard let caller = RequestContext.current?.caller else {
      throw RPCError.unauthenticated("this call needs an access token")
    }
    return caller
  }

  /// The current caller if they hold the admin role (the operator's credential does),
  /// else PERMISSION_DENIED saying what needs it: "managing places needs the admin role".
  /// Every service's admin-only handler checks here.
  public static func admin(for what: String = "this call") throws -> Caller {
    let caller = try current()
    guard caller.isAdmin else { throw GymError.permissionDenied("\(what) needs the admin role") }
    return caller
  }

  /// The current caller if their email is verified, else FAILED_PRECONDITION saying how.
  public static func verified(to action: String) throws(RPCError) -> Caller {
    let caller = try current()
    guard caller.emailVerified else {
      throw RPCError(
        code: .failedPrecondition,
        message: "verify your email address before you \(action): RequestEmailVerification mails a code, VerifyEmail takes it")
    }
    return caller
  }
}
