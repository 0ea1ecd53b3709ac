import ArgumentParser
import GRPCCore
import GymAPI

/// SearchNearby (4 km) from random points of the country through the gateway.
struct PlacesSearch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "SearchNearby at 4 km, random points, fixed concurrency.")
  @OptionGroup var options: LoadOptions
  @Option var radius = 4_000.0

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let radius = self.radius
    let figures = try await Load.run(options) { client in
      let (lat, lng) = Country.randomPoint()
      _ = try await Gym_Places_V1_PlacesService.Client(wrapping: client).searchNearby(
        .with {
          $0.location = .with {
            $0.latitude = lat; $0.longitude = lng
          }
          $0.radiusM = radius
          $0.pageSize = 20
        }, metadata: metadata)
    }
    figures.report("SearchNearby \(Int(radius)) m via \(options.addr) x\(options.concurrency)")
  }
}
