import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

/// Streams N synthetic places through ImportPlaces (direct to gym-places, with the
/// service credential as `gymctl import` does) and reports places per second.
struct PlacesImport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Import N synthetic places and report the rate.")

  @Option(help: "gym-places address.") var addr = "127.0.0.1:7005"
  @Option(help: "The stack's service credential file.") var credentialFile = "./.gym-data/service-credential"
  @Option var count = 1_000_000
  @Option(help: "Places per stream.") var batch = 100_000

  func run() async throws {
    let credential = try ServiceCredential.load(path: credentialFile)
    let hostPort = HostPort(addr)!
    let client = GRPCClient(
      transport: try .http2NIOPosix(
        target: .ipv4(address: hostPort.host, port: hostPort.port), transportSecurity: .plaintext),
      interceptors: [credential.clientInterceptor])
    let hours = ["24/7", "Mo-Fr 06:00-22:00; Sa,Su 08:00-20:00", "Mo-Su 05:00-23:00", "Mo-Fr 07:00-21:00; Sa 09:00-17:00; Su off"]
    let kinds: [Gym_Places_V1_PlaceKind] = [.gym, .gym, .gym, .sportsCentre, .leisureCentre, .swimmingPool, .climbingGym, .yogaStudio, .martialArts]
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await client.runConnections() }
      defer { client.beginGracefulShutdown() }
      let places = Gym_Places_V1_PlacesService.Client(wrapping: client)
      let start = ContinuousClock.now
      var created = 0, updated = 0, rejected = 0
      let run = Int.random(in: 0..<1_000_000)
      for offset in stride(from: 0, to: count, by: batch) {
        let size = min(batch, count - offset)
        let response = try await places.importPlaces { writer in
          try await writer.write(
            .with {
              $0.options = .with {
                $0.defaultTimeZone = "Europe/London"; $0.defaultCurrency = "GBP"
              }
            })
          for i in offset..<(offset + size) {
            let (lat, lng) = Country.randomPoint()
            try await writer.write(
              .with {
                $0.place = .with { p in
                  p.name = "Bench Gym \(i)"
                  p.kind = kinds[i % kinds.count]
                  p.location = .with {
                    $0.latitude = lat; $0.longitude = lng
                  }
                  p.openingHours = .with { $0.osm = hours[i % hours.count] }
                  p.price = .with { $0.monthly = Double(15 + i % 90) }
                  p.source = "bench:\(run):\(i)"
                }
              })
          }
        }
        created += Int(response.created)
        updated += Int(response.updated)
        rejected += response.rejected.count
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "  %d/%d imported, %.0f places/s", offset + size, count, Double(offset + size) / seconds))
      }
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(
        String(
          format: "ImportPlaces: %d places (created %d, updated %d, rejected %d) in %.1f s = %.0f places/s",
          count, created, updated, rejected, seconds, Double(count) / seconds))
    }
  }
}
