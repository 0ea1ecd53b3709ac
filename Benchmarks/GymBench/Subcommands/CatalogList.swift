import ArgumentParser
import GRPCCore
import GymAPI

/// ListPrograms TOP_RATED with a random combination of filters.
struct CatalogList: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "ListPrograms TOP_RATED with filters, fixed concurrency.")
  @OptionGroup var options: LoadOptions
  @Flag(help: "Ask for PROGRAM_VIEW_SUMMARY (no days), the browsing form.") var summary = false

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let summary = summary
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Catalog_V1_CatalogService.Client(wrapping: client).listPrograms(
        .with {
          $0.orderBy = .topRated
          switch Int.random(in: 0..<4) {
          case 0: $0.goal = Gym_Catalog_V1_Goal(rawValue: Int.random(in: 1...7))!
          case 1: $0.difficulty = Gym_Catalog_V1_Difficulty(rawValue: Int.random(in: 1...3))!
          case 2: $0.muscle = Gym_Catalog_V1_Muscle(rawValue: Int.random(in: 1...22))!
          default:
            $0.goal = Gym_Catalog_V1_Goal(rawValue: Int.random(in: 1...7))!
            $0.difficulty = Gym_Catalog_V1_Difficulty(rawValue: Int.random(in: 1...3))!
          }
          $0.pageSize = 20
          if summary { $0.view = .summary }
        }, metadata: metadata)
    }
    figures.report("ListPrograms TOP_RATED+filters\(summary ? " (summary)" : "") via \(options.addr) x\(options.concurrency)")
  }
}
