import AuthTesting
import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

@testable import GymAuth

/// A data export asks each service for its part; a service that is still starting (its
/// connection refused, or waiting out a reconnect backoff) is asked again for a few
/// seconds before the export fails.
@Suite struct ExportRetryTests {
  /// A service's lifecycle receiver whose export part is one document naming it.
  struct OneDocumentLifecycle: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
    let service: String

    func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
      .init()
    }
    func setUserStanding(
      request: Gym_Common_V1_SetUserStandingRequest, context: ServerContext
    ) async throws -> Gym_Common_V1_SetUserStandingResponse { .init() }
    func setUserVisibility(
      request: Gym_Common_V1_SetUserVisibilityRequest, context: ServerContext
    ) async throws -> Gym_Common_V1_SetUserVisibilityResponse { .init() }
    func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
      .init()
    }
    func exportUser(
      request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
    ) async throws {
      try await response.write(
        .with {
          $0.part.document = .with {
            $0.service = service; $0.table = "rows"; $0.rowsJson = #"[{"user_id":"\#(request.userID)"}]"#
          }
        })
    }
  }

  /// Runs `service`'s receiver on `port` (0 for any) for the duration of `body`.
  static func withReceiver<T: Sendable>(
    _ service: String, port: Int = 0, _ body: @Sendable (HostPort) async throws -> T
  ) async throws -> T {
    try await withBareServer("receiver-\(service)", services: [OneDocumentLifecycle(service: service)], port: port, body)
  }

  /// Every destination's receiver but places, which listens nowhere yet at `placesPort`.
  static func withReceiversButPlaces<T: Sendable>(
    placesPort: Int, _ body: @Sendable (RunningAuth) async throws -> T
  ) async throws -> T {
    try await withReceiver("catalog") { catalog in
      try await withReceiver("plan") { plan in
        try await withReceiver("messaging") { messaging in
          try await withRunningAuth(
            outboxReceivers: [
              "catalog": catalog, "plan": plan, "messaging": messaging, "places": HostPort(host: "127.0.0.1", port: placesPort),
            ], body)
        }
      }
    }
  }

  static func exportedServices(_ auth: RunningAuth, userID: String) async throws -> [String] {
    try await auth.internalAuth.exportUser(.with { $0.userID = userID }) { response in
      var services: [String] = []
      for try await message in response.messages where message.part.document.table == "rows" {
        services.append(message.part.document.service)
      }
      return services
    }
  }

  @Test func aServiceThatComesUpDuringTheExportGivesItsPart() async throws {
    let placesPort = try freePort()
    try await Self.withReceiversButPlaces(placesPort: placesPort) { auth in
      let user = try await auth.register("esme_export")
      // Places starts a second after the export began; the export waits for it.
      let late = Task {
        try await Task.sleep(for: .seconds(1))
        try await Self.withReceiver("places", port: placesPort) { _ in try await Task.sleep(for: .seconds(120)) }
      }
      defer { late.cancel() }
      let services = try await Self.exportedServices(auth, userID: user.id)
      #expect(services.sorted() == ["catalog", "messaging", "places", "plan"])
    }
  }

  @Test func aServiceThatStaysDownFailsTheExportUnavailableNamingIt() async throws {
    try await Self.withReceiversButPlaces(placesPort: try freePort()) { auth in
      let user = try await auth.register("otto_export")
      let started = ContinuousClock.now
      let failure = await rpcError { _ = try await Self.exportedServices(auth, userID: user.id) }
      #expect(failure?.code == .unavailable)
      #expect(failure?.message.contains("gym-places") == true)
      // Asked again for about 7 s, not forever (the bound leaves room for a loaded machine).
      #expect(ContinuousClock.now - started < .seconds(60))
    }
  }
}
