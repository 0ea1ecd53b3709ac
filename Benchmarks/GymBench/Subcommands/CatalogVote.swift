import ArgumentParser
import GRPCCore
import GymAPI

/// RateProgram by many users on random programs: every call is a durable write.
struct CatalogVote: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "RateProgram throughput (UP/DOWN by several users).")
  @OptionGroup var options: LoadOptions
  @Option var voters = 16

  func run() async throws {
    var tokens: [String] = []
    for _ in 0..<voters { tokens.append(try await Load.registerUser(at: options.registerAddr).token) }
    let client = try Load.client(options.addr)
    let programs = try await withThrowingTaskGroup(of: [String].self) { group in
      group.addTask {
        try await client.runConnections(); return []
      }
      defer { client.beginGracefulShutdown() }
      var ids: [String] = []
      var token = ""
      repeat {
        let page = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listPrograms(
          .with {
            $0.orderBy = .newest; $0.pageSize = 100; $0.pageToken = token
          },
          metadata: Load.bearer(tokens[0]))
        ids += page.programs.map(\.id)
        token = page.nextPageToken
      } while !token.isEmpty && ids.count < 5_000
      return ids
    }
    let voterTokens = tokens
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).rateProgram(
        .with {
          $0.programID = programs.randomElement()!
          $0.vote = Bool.random() ? .up : .down
        }, metadata: Load.bearer(voterTokens.randomElement()!))
    }
    figures.report("RateProgram via \(options.addr) x\(options.concurrency) (\(programs.count) programs, \(voters) voters)")
  }
}
