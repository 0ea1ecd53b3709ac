import ArgumentParser
import Foundation
import GymService

/// `gymctl credential init`: a service credential file for containers or a new stack.
struct Credential: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Manage the service credential.", subcommands: [Init.self])

  struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a new service credential file (mode 600) unless one exists.")

    @Option(help: "Where to write it.")
    var path = "./.gym-data/service-credential"

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
      let existed = FileManager.default.fileExists(atPath: path)
      _ = try ServiceCredential.loadOrCreate(path: path)
      if json {
        print(Output.jsonLine(["path": path, "created": !existed]))
      } else {
        print(existed ? "\(path) already holds a credential; left as it is" : "wrote a new service credential to \(path)")
      }
    }
  }
}
