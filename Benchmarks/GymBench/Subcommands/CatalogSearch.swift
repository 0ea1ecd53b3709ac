import ArgumentParser
import GRPCCore
import GymAPI

/// ListExercises with text queries lifters type.
struct CatalogSearch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "ListExercises text search, fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listExercises(
        .with {
          $0.query = CatalogWords.queries.randomElement()!
          $0.pageSize = 20
        }, metadata: metadata)
    }
    figures.report("ListExercises search via \(options.addr) x\(options.concurrency)")
  }
}
