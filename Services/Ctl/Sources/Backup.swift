import ArgumentParser
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import GymAPI
import GymService

/// `gymctl backup --dest DIR`: an online, consistent copy of every service's database
/// (`Ops.Backup`, VACUUM INTO) while the stack keeps serving.
struct Backup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Back up every service's database into a directory.")

  @OptionGroup var stack: StackOptions
  @Option(help: "Absolute directory for the copies.") var dest: String

  func run() async throws {
    let destination = dest.hasPrefix("/") ? dest : FileManager.default.currentDirectoryPath + "/" + dest
    let credential = try ServiceCredential.load(path: stack.layout.credentialFile)
    var failed = false
    for service in ManagedService.all where service.name != "gateway" {
      let address = service.address(in: stack.layout)
      let transport = try HTTP2ClientTransport.Posix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)
      do {
        let result = try await withGRPCClient(transport: transport, interceptors: [credential.clientInterceptor]) { client in
          try await Gym_Ops_V1_Ops.Client(wrapping: client).backup(.with { $0.destinationDir = destination })
        }
        print("\(service.name): \(result.path) (\(result.sizeBytes) bytes)")
      } catch {
        print("\(service.name): backup failed: \((error as? RPCError)?.message ?? "\(error)")")
        failed = true
      }
    }
    if failed { throw ExitCode.failure }
  }
}
