import ArgumentParser
import GRPCCore
import GymAPI

struct GetMe: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "GetMe at a fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getMe(.init(), metadata: metadata)
    }
    figures.report("GetMe via \(options.addr) x\(options.concurrency)")
  }
}
