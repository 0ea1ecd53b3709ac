import ArgumentParser

/// `gym-bench token`: a fresh benchmark user's access token on stdout, for load tools
/// that are not gRPC clients (h2load, curl in scripts/bench-paths).
struct Token: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Register a fresh benchmark user and print its access token (one line, nothing else).")

  @Option(help: "HOST:PORT used to register the benchmark user (the gateway).")
  var registerAddr = "127.0.0.1:7000"

  func run() async throws {
    print(try await Load.registerUser(at: registerAddr).token)
  }
}
