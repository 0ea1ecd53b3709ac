import AuthTesting
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymGateway
import GymService
import GymTesting
import Logging

/// Auth and the gateway in-process, each built by its composition root, on
/// ephemeral loopback ports; `body` talks to the gateway only.
enum GatewayFixture {
  static func run<T: Sendable>(
    maxMessageBytes: Int = 4 << 20,
    _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    try await runWithInternal(maxMessageBytes: maxMessageBytes) { gateway, _ in try await body(gateway) }
  }

  /// Like `run`, plus a client of auth's internal service with the credential.
  static func runWithInternal<T: Sendable>(
    maxMessageBytes: Int = 4 << 20,
    _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>, Gym_Auth_V1_AuthInternal.Client<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    try await withRunningAuth { auth in
      try await runGateway(auth: auth.address, credential: auth.credential, maxMessageBytes: maxMessageBytes) { gateway in
        try await body(gateway, auth.internalAuth)
      }
    }
  }

  static func runGateway<T: Sendable>(
    auth: HostPort,
    credential: ServiceCredential = .generate(),
    maxMessageBytes: Int = 4 << 20,
    configure: (inout GatewayApp.Settings) -> Void = { _ in },
    _ body: @Sendable (GRPCClient<HTTP2ClientTransport.Posix>) async throws -> T
  ) async throws -> T {
    try await runGateway(auth: auth, credential: credential, maxMessageBytes: maxMessageBytes, configure: configure) {
      (address: HostPort) in try await withClient(to: address) { try await body($0) }
    }
  }

  /// Like `runGateway`, giving the gateway's address, for tests that need clients of
  /// their own (separate connections, as separate users have).
  static func runGateway<T: Sendable>(
    auth: HostPort,
    credential: ServiceCredential = .generate(),
    maxMessageBytes: Int = 4 << 20,
    configure: (inout GatewayApp.Settings) -> Void = { _ in },
    logger: Logger = Logger(label: "gateway"),
    at body: @Sendable (HostPort) async throws -> T
  ) async throws -> T {
    var common = testSettings()
    common.maxMessageBytes = maxMessageBytes
    var settings = GatewayApp.Settings(
      common: common,
      backends: [
        "auth": auth, "catalog": HostPort(host: "127.0.0.1", port: 1), "plan": HostPort(host: "127.0.0.1", port: 1),
        "messaging": HostPort(host: "127.0.0.1", port: 1),
        "places": HostPort(host: "127.0.0.1", port: 1),
      ], credential: credential)
    configure(&settings)
    return try await LoadGate.shared {
      let gateway = try await GatewayApp.build(settings, logger: logger)
      return try await withRunningProcess(gateway) { address in try await body(address) }
    }
  }
}

func newAccount(_ name: String) -> Gym_Auth_V1_RegisterRequest {
  .with {
    $0.email = "\(name)@example.com"
    $0.username = name
    $0.password = "violet staircase under a quiet harbour"
    $0.acceptTerms = true
    $0.termsVersion = "2026-01"
  }
}

/// Sends raw bytes to any method, as a broken or hostile client would.
struct RawBytes: MessageSerializer, MessageDeserializer {
  func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
  func deserialize<Bytes: GRPCContiguousBytes>(_ bytes: Bytes) throws -> [UInt8] { bytes.withUnsafeBytes { Array($0) } }
}
