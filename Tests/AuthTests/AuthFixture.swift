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
    try await runAll(dataDirectory: dataDirectory, configure: configure) { try await body($0.auth) }
  }

  /// The clients an app and another gym process would use.
  struct Clients: Sendable {
    let auth: Client
    /// Sends the service credential, as other gym processes do.
    let internalAuth: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
    let ops: Gym_Ops_V1_Ops.Client<HTTP2ClientTransport.Posix>
    /// No credential: what a user reaching for an internal RPC would send.
    let internalWithoutCredential: Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>
    let address: HostPort
    let credential: ServiceCredential
  }

  static func runAll<T: Sendable>(
    dataDirectory: String? = nil,
    configure: (inout AuthApp.Settings) -> Void = { _ in },
    _ body: @Sendable (Clients) async throws -> T
  ) async throws -> T {
    var settings = Self.settings(dataDirectory: try dataDirectory ?? temporaryDirectory())
    configure(&settings)
    let credential = settings.credential
    let built = try await AuthApp.build(settings, logger: Logger(label: "auth-test"))
    return try await withRunningProcess(built) { address in
      try await withClient(to: address) { plain in
        try await withCredentialClient(to: address, credential) { service in
          try await body(Clients(
            auth: Gym_Auth_V1_AuthService.Client(wrapping: plain),
            internalAuth: Gym_Auth_V1_AuthInternal.Client(wrapping: service),
            ops: Gym_Ops_V1_Ops.Client(wrapping: service),
            internalWithoutCredential: Gym_Auth_V1_AuthInternal.Client(wrapping: plain),
            address: address, credential: credential))
        }
      }
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

