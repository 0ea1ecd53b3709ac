import GRPCCore
import GymService
import Testing

@testable import GymAuth

/// The one mapping from auth's domain errors to status codes, as a table.
@Suite struct AuthErrorStatusTests {
  static let table: [(AuthError, RPCError.Code)] = [
    (.invalid([FieldViolation("email", "bad")]), .invalidArgument),
    (.emailTaken, .alreadyExists),
    (.usernameTaken, .alreadyExists),
    (.invalidCredentials, .unauthenticated),
    (.throttled(retryAfter: .seconds(3)), .resourceExhausted),
    (.invalidRefreshToken, .unauthenticated),
    (.refreshTokenReused, .unauthenticated),
    (.sessionEnded, .unauthenticated),
    (.notFound("x"), .notFound),
  ]

  @Test(arguments: table)
  func mapsToItsStatus(_ error: AuthError, _ code: RPCError.Code) {
    #expect(RPCError(error).code == code)
    #expect(!RPCError(error).message.isEmpty)
  }

  @Test func takenFieldsAreNamed() {
    #expect(RPCError(AuthError.emailTaken).fieldViolations.map(\.field) == ["email"])
    #expect(RPCError(AuthError.usernameTaken).fieldViolations.map(\.field) == ["username"])
  }
}
