import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymTesting
import Testing

@testable import GymGateway

/// What the public door does per connection and per call: a cap on connections, an
/// access log line for every call.
@Suite struct GatewayConnectionTests {
  @Test func connectionsPastTheCapAreClosedAndOthersKeepWorking() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.maxConnections = 2 },
        at: { address in
          try await withClient(to: address) { first in
            try await withClient(to: address) { second in
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: first).getSigningKeys(.init())
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: second).getSigningKeys(.init())
              let third = await rpcError {
                try await withClient(to: address) { third in
                  _ = try await Gym_Auth_V1_AuthService.Client(wrapping: third).getSigningKeys(.init())
                }
              }
              #expect(third?.code == .unavailable)
              // The two admitted connections still serve.
              _ = try await Gym_Auth_V1_AuthService.Client(wrapping: first).getSigningKeys(.init())
            }
          }
          // A closed connection frees its place.
          #expect(try await eventually {
            (try? await withClient(to: address) { client in
              try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(.init())
            }) != nil
          })
        })
    }
  }

  @Test func headersPastSixteenKiBAreRefusedAndTheGatewayServesOn() async throws {
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(auth: auth.address, credential: auth.credential, at: { address in
        // HTTP/2's SETTINGS_MAX_HEADER_LIST_SIZE, which NIO advertises and enforces: 16 KiB.
        let oversized = await rpcError {
          try await withClient(to: address) { client in
            _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(
              .init(), metadata: ["x-padding": .string(String(repeating: "x", count: 32 * 1024))])
          }
        }
        #expect(oversized != nil)
        try await withClient(to: address) { client in
          _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getSigningKeys(
            .init(), metadata: ["x-padding": .string(String(repeating: "x", count: 1024))])
        }
      })
    }
  }

  @Test func everyCallHasAnAccessLogLine() async throws {
    let logs = CapturedLogs()
    try await withRunningAuth { auth in
      try await GatewayFixture.runGateway(
        auth: auth.address, credential: auth.credential, configure: { $0.common.accessLog = true },
        logger: logs.logger(label: "gateway"),
        at: { address in
          try await withClient(to: address) { client in
            let service = Gym_Auth_V1_AuthService.Client(wrapping: client)
            let registered = try await service.register(newAccount("lou_logged"))
            _ = try await service.getMe(.init(), metadata: bearer(registered.tokens.accessToken))
            _ = await rpcError { _ = try await service.getMe(.init(), metadata: bearer("not-a-token")) }
            let lines = logs.all.filter { $0.message == "rpc" }
            let getMe = lines.filter { $0.metadata["method"] == "gym.auth.v1.AuthService/GetMe" }
            #expect(getMe.map { $0.metadata["code"] } == ["OK", "UNAUTHENTICATED"])
            #expect(getMe.first?.metadata["user_id"] == registered.user.id)
            #expect(getMe.last?.metadata["user_id"] == "-")
            #expect(getMe.allSatisfy { ($0.metadata["request_id"]?.count ?? 0) == 32 && Double($0.metadata["ms"] ?? "") != nil })
            #expect(lines.contains { $0.metadata["method"] == "gym.auth.v1.AuthService/Register" })
          }
        })
    }
  }
}
