import Foundation
import GRPCCore
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// On a stack `gymctl up` wires, messaging reaches the catalog: a room about a
  /// published program is made through the gateway, one about no program is NOT_FOUND.
  @Test func aRoomsProgramIsCheckedWithTheCatalogOfTheRunningStack() async throws {
    try await Self.withStack(environment: ["GYM_REQUIRE_VERIFIED_EMAIL": "false"]) { _, gateway in
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let catalog = Gym_Catalog_V1_CatalogService.Client(wrapping: client)
        let messaging = Gym_Messaging_V1_MessagingService.Client(wrapping: client)
        let registered = try await auth.register(
          .with {
            $0.email = "ana@example.com"; $0.username = "ana"; $0.password = "violet staircase under a quiet harbour"
            $0.acceptTerms = true; $0.termsVersion = "1"
          })
        let ana: Metadata = ["authorization": "Bearer \(registered.tokens.accessToken)"]
        let squat = try await catalog.getExercise(.with { $0.id = "back-squat" }, metadata: ana).exercise.id
        let program = try await catalog.createProgram(
          .with { $0.program = .fiveByFive(squat: squat) }, metadata: ana
        ).program
        let room = try await messaging.createRoom(
          .with {
            $0.name = "Five by Five talk"; $0.programID = program.id
          }, metadata: ana
        ).room
        #expect(room.programID == program.id)
        let unknown = await rpcError {
          _ = try await messaging.createRoom(
            .with {
              $0.name = "Ghost talk"; $0.programID = "no-such-program"
            }, metadata: ana)
        }
        #expect(unknown?.code == .notFound)
        #expect(unknown?.message.contains("program_id") == true)
      }
    }
  }
}
