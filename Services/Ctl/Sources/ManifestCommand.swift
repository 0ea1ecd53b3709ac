import ArgumentParser
import Foundation
import GymService

/// `gymctl manifest`: the platform's services as JSON (names, ports, who calls whom,
/// volumes, address keys), what scripts/validate-k8s checks deploy/k8s/ against.
struct ManifestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manifest", abstract: "Print the platform's manifest (services, ports, calls, volumes) as JSON.")

  func run() throws {
    FileHandle.standardOutput.write(try PlatformManifest.json())
    FileHandle.standardOutput.write(Data("\n".utf8))
  }
}
