import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymAuth
import GymService
import GymTesting
import Logging

/// An auth service built by `AuthApp.build` (as the executable does) on an ephemeral
/// port with a cheap password hash, and helpers to call it like an app would.
struct AuthFixture {
  typealias Client = Gym_Auth_V1_AuthService.Client<HTTP2ClientTransport.Posix>

  static func settings(dataDirectory: String) -> AuthApp.Settings {
    var settings = AuthApp.Settings(common: testSettings(), dataDirectory: dataDirectory)
    settings.hashParameters = .init(logN: 10)
    return settings
  }

  /// Runs auth for the duration of `body`, which gets a connected client.
  static func run<T: Sendable>(
    dataDirectory: String? = nil,
    configure: (inout AuthApp.Settings) -> Void = { _ in },
    _ body: @Sendable (Client) async throws -> T
  ) async throws -> T {
    var settings = Self.settings(dataDirectory: try dataDirectory ?? temporaryDirectory())
    configure(&settings)
    let built = try await AuthApp.build(settings, logger: Logger(label: "auth-test"))
    return try await withRunningProcess(built) { address in
      try await withClient(to: address) { try await body(Gym_Auth_V1_AuthService.Client(wrapping: $0)) }
    }
  }
}

/// A registration request for a fresh, valid account.
func newAccount(_ name: String = "user_\(Int.random(in: 1000...999_999))") -> Gym_Auth_V1_RegisterRequest {
  .with {
    $0.email = "\(name)@example.com"
    $0.username = name
    $0.password = "violet staircase under a quiet harbour"
    $0.displayName = "Test \(name)"
    $0.acceptTerms = true
    $0.termsVersion = "2026-01"
    $0.role = .member
    $0.clientDescription = "tests"
  }
}

func bearer(_ token: String) -> Metadata { ["authorization": "Bearer \(token)"] }

/// The RPCError thrown by `body`, or nil when it succeeded.
func rpcError(_ body: () async throws -> Void) async -> RPCError? {
  do {
    try await body()
    return nil
  } catch let error as RPCError {
    return error
  } catch {
    return RPCError(code: .unknown, message: "not an RPCError: \(error)")
  }
}
