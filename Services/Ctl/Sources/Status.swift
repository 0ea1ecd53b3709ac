import ArgumentParser
import GymService

/// `gymctl status`: each process's health, address and probe latency.
struct Status: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Show the health of every service of a local stack.")

  @OptionGroup var stack: StackOptions

  func run() async throws {
    var allServing = true
    print("SERVICE".padding(toLength: 12, withPad: " ", startingAt: 0) + "ADDRESS".padding(toLength: 18, withPad: " ", startingAt: 0) + "STATUS        LATENCY")
    for service in ManagedService.all {
      let address = service.address(in: stack.layout)
      let result = await HealthProbe.check(address)
      allServing = allServing && result.serving
      let status = result.status.map { "\($0)".uppercased() } ?? "DOWN"
      let latency = result.status == nil ? "-" : String(format: "%.1f ms", result.latency.inSeconds * 1000)
      print(service.name.padding(toLength: 12, withPad: " ", startingAt: 0)
        + "\(address)".padding(toLength: 18, withPad: " ", startingAt: 0)
        + status.padding(toLength: 14, withPad: " ", startingAt: 0) + latency)
    }
    if !allServing { throw ExitCode.failure }
  }
}
