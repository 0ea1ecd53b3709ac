import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymAuth

/// Auth under test: `withRunningAuth` (`AuthApp.build` on an ephemeral port with a
/// cheap password hash), named as these tests call it.
enum AuthFixture {
  typealias Client = Gym_Auth_V1_AuthService.Client<HTTP2ClientTransport.Posix>
  /// The clients an app and another gym process would use.
  typealias Clients = RunningAuth

  /// Runs auth for the duration of `body`, which gets a connected client.
  static func run<T: Sendable>(
    dataDirectory: String? = nil,
    configure: (inout AuthApp.Settings) -> Void = { _ in },
    _ body: @Sendable (Client) async throws -> T
  ) async throws -> T {
    try await withRunningAuth(dataDirectory: dataDirectory, configure: configure) { try await body($0.auth) }
  }

  static func runAll<T: Sendable>(
    dataDirectory: String? = nil,
    configure: (inout AuthApp.Settings) -> Void = { _ in },
    _ body: @Sendable (Clients) async throws -> T
  ) async throws -> T {
    try await withRunningAuth(dataDirectory: dataDirectory, configure: configure, body)
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
