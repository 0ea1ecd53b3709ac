import ArgumentParser
import GRPCCore
import GymAPI

struct GetProfile: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "GetProfile by username at a fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let metadata = try await Load.signedIn(at: options.registerAddr)
    let subject = try await Load.registerUser(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).getProfile(
        .with { $0.username = subject.username }, metadata: metadata)
    }
    figures.report("GetProfile via \(options.addr) x\(options.concurrency)")
  }
}
