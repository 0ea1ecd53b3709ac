import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymCtl
import GymService
import GymTesting
import Testing

extension SystemTests {
  /// gymctl knows only the gateway's address (`--gateway`; the base port points where no
  /// backend listens) and still does every operator task: the gateway relays each to its
  /// backend. Through the same door, a user's token reaches no internal method, the
  /// credential reaches no internal method that is not an operator task, and a call with
  /// the credential to a method that is not one reaches its backend without it.
  @Test func gymctlDoesEveryOperatorTaskKnowingOnlyTheGatewaysAddress() async throws {
    try await Self.withStack { supervisor, gateway in
      let gymctl = Supervisor.defaultBinDirectory() + "/gymctl"
      let secret = try temporaryDirectory("gym-secret") + "/service-credential"
      try FileManager.default.copyItem(atPath: supervisor.layout.credentialFile, toPath: secret)
      // Port 1 + offsets: nothing listens there, so only the gateway can answer.
      let stack = ["--gateway", "\(gateway)", "--base-port", "1", "--data-dir", "/nonexistent", "--credential-file", secret]
      @Sendable func ctl(_ arguments: String...) async throws -> String {
        let (status, output, errors) = try await Self.runSeparately(gymctl, arguments + stack)
        #expect(status == 0, "gymctl \(arguments.joined(separator: " ")): \(errors)")
        return output
      }
      let password = "violet staircase under a quiet harbour"

      let (created, createdOutput) = try await Self.run(
        gymctl, ["users", "create-admin", "--email", "root@example.com", "--username", "root"] + stack, input: password + "\n")
      #expect(created == 0, "\(createdOutput)")
      #expect(try await ctl("users", "list").contains("root@example.com"))
      #expect(try await ctl("users", "show", "root").contains("root"))
      #expect(try await ctl("mail", "--to", "nobody@example.com").contains("(no mail)"))
      #expect(try await ctl("programs", "queue").contains("the moderation queue is empty"))
      #expect(try await ctl("reports", "list").contains("no open reports"))
      #expect(try await ctl("users", "approve-trainer").contains("no pending"))

      let places = supervisor.layout.dataDirectory + "/gyms.geojson"
      try
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.12,51.5]},"properties":{"@id":"node/7","name":"Gym 7","leisure":"fitness_centre"}}]}"#
        .write(toFile: places, atomically: true, encoding: .utf8)
      #expect(try await ctl("import", "places", places, "--time-zone", "Europe/London").contains("created 1, updated 0, rejected 0"))
      let exercises = supervisor.layout.dataDirectory + "/exercises.json"
      try #"""
      [{"slug": "sandbag-carry", "name": "Sandbag Bear-Hug Carry", "instructions": ["Hug the bag to your chest.", "Walk tall for 30 metres."],
        "primary_muscles": ["UPPER_BACK", "ABS"], "equipment": ["BODYWEIGHT"], "category": "STRENGTH", "difficulty": "BEGINNER"}]
      """#
      .write(toFile: exercises, atomically: true, encoding: .utf8)
      #expect(try await ctl("import", "exercises", exercises).contains("created 1"))
      let out = try temporaryDirectory("gym-export") + "/root"
      #expect(try await ctl("users", "export", "root", "--out", out).contains("exported root"))
      #expect(FileManager.default.fileExists(atPath: out + "/export.jsonl"))

      // The same calls from a user, even an administrator: internal methods are the
      // credential's alone, and to anyone else absent at the gateway.
      try await withClient(to: gateway) { client in
        let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
        let root = try await auth.login(
          .with {
            $0.identifier = "root"; $0.password = password
          }
        ).tokens
        let asAdmin: Metadata = ["authorization": "Bearer \(root.accessToken)"]
        let lookup = await rpcError {
          _ = try await Gym_Auth_V1_AuthInternal.Client(wrapping: client).lookupUsers(.with { $0.usernames = ["root"] }, metadata: asAdmin)
        }
        #expect(lookup?.code == .unimplemented, "\(String(describing: lookup))")
        // An administrator's token still reaches the public admin methods, as a user's call.
        #expect(try await auth.listUsers(.with { $0.pageSize = 10 }, metadata: asAdmin).users.map(\.username) == ["root"])
      }

      let credential = try ServiceCredential.load(path: secret)
      let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: gateway.host, port: gateway.port), transportSecurity: .plaintext)
      try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
        // An internal method that is no operator task is not served at the gateway.
        let purge = await rpcError {
          _ = try await Gym_Common_V1_UserLifecycleInternal.Client(wrapping: client).purgeUser(.with { $0.userID = "someone" })
        }
        #expect(purge?.code == .unimplemented, "\(String(describing: purge))")
        // A user method reaches its backend without the credential: no caller there.
        let routines = await rpcError {
          _ = try await Gym_Plan_V1_PlanService.Client(wrapping: client).listRoutines(.init())
        }
        #expect(routines?.code == .unauthenticated, "\(String(describing: routines))")
      }
    }
  }
}
