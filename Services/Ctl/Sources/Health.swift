import ArgumentParser
import GRPCNIOTransportHTTP2
import GymService

/// `gymctl health --addr HOST:PORT`: exit 0 only when serving (container health checks).
struct Health: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Exit 0 when the process at --addr reports SERVING.")

  @Option(help: "HOST:PORT of a gym process.")
  var addr: String

  @Option(help: "Service name to check; empty = the whole process.")
  var service = ""

  @Option(help: "Check over TLS with the stack's certificates in this directory (gymctl tls init).")
  var tlsDir: String?

  @Flag(help: "Print JSON.")
  var json = false

  func run() async throws {
    guard let address = HostPort(addr) else {
      throw ValidationError("--addr must be HOST:PORT, e.g. 127.0.0.1:7000")
    }
    let security = try tlsDir.map { try TLSDirectory(path: $0).clientSecurity() } ?? .plaintext
    let result = await HealthProbe.check(address, service: service, security: security)
    let status = result.status.map { "\($0)".uppercased() } ?? "DOWN"
    if json {
      print(Output.jsonLine(["address": addr, "status": status, "error": result.error ?? ""]))
      if !result.serving { throw ExitCode.failure }
    } else if result.serving {
      print("SERVING")
    } else {
      print(result.status == nil ? "DOWN: \(result.error ?? "no answer")" : status)
      throw ExitCode.failure
    }
  }
}
