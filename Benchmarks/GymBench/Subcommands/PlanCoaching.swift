import ArgumentParser
import Foundation
import GRPCCore
import GymAPI

/// One trainer with many clients: ListClients (searching names) and GetClientOverview.
struct PlanCoaching: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan-coaching", abstract: "ListClients and GetClientOverview for a trainer with many clients.")
  @OptionGroup var options: LoadOptions
  @Option(help: "Clients of the trainer.") var clients = 5000

  func run() async throws {
    let client = try Load.client(options.addr)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let auth = Gym_Auth_V1_AuthService.Client(wrapping: client)
      let plan = Gym_Plan_V1_PlanService.Client(wrapping: client)
      let trainerName = "coach_" + String(UUID().uuidString.prefix(8)).lowercased()
      let trainer = try await auth.register(
        .with {
          $0.email = "\(trainerName)@bench.example.com"; $0.username = trainerName; $0.password = Load.password
          $0.acceptTerms = true; $0.termsVersion = "2026-01"; $0.role = .trainer
        }
      ).tokens.accessToken

      let start = ContinuousClock.now
      var ids: [String] = []
      try await withThrowingTaskGroup(of: String.self) { add in
        for index in 0..<clients {
          if index >= 16 { ids.append(try await add.next()!) }
          add.addTask {
            let name = "client_\(index)_" + String(UUID().uuidString.prefix(6)).lowercased()
            let member = try await auth.register(
              .with {
                $0.email = "\(name)@bench.example.com"; $0.username = name; $0.password = Load.password
                $0.acceptTerms = true; $0.termsVersion = "2026-01"; $0.displayName = "Client \(index)"
              })
            let invitation = try await plan.inviteClient(.with { $0.email = "\(name)@bench.example.com" }, metadata: Load.bearer(trainer))
            _ = try await plan.respondTrainerRequest(
              .with {
                $0.requestID = invitation.invitation.id; $0.accept = true
              }, metadata: Load.bearer(member.tokens.accessToken))
            return member.user.id
          }
        }
        for try await id in add { ids.append(id) }
      }
      print(String(format: "registered, invited and accepted %d clients in %.1f s", ids.count, seconds(since: start)))

      let clientIDs = ids
      for concurrency in [options.concurrency, 1] {
        var run = options
        run.concurrency = concurrency
        let list = try await Load.run(run) { client in
          _ = try await Gym_Plan_V1_PlanService.Client(wrapping: client).listClients(
            .with {
              $0.query = "client \(Int.random(in: 0..<100))"; $0.pageSize = 20
            }, metadata: Load.bearer(trainer))
        }
        list.report("ListClients (name search, \(clientIDs.count) clients) via \(options.addr) x\(concurrency)")
        let overview = try await Load.run(run) { client in
          _ = try await Gym_Plan_V1_PlanService.Client(wrapping: client).getClientOverview(
            .with { $0.clientID = clientIDs.randomElement()! }, metadata: Load.bearer(trainer))
        }
        overview.report("GetClientOverview via \(options.addr) x\(concurrency)")
      }
    }
  }
}
