import ArgumentParser
import GRPCCore
import GymAPI

struct Login: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Login (password hash cost) at a fixed concurrency.")
  @OptionGroup var options: LoadOptions

  func run() async throws {
    let user = try await Load.registerUser(at: options.registerAddr)
    let figures = try await Load.run(options) { client in
      _ = try await Gym_Auth_V1_AuthService.Client(wrapping: client).login(
        .with {
          $0.identifier = user.username
          $0.password = user.password
          $0.clientDescription = "gym-bench"
        })
    }
    figures.report("Login via \(options.addr) x\(options.concurrency)")
  }
}
