import ArgumentParser
import Foundation
import GymService
import GymVersion

/// `gymctl`: run and inspect the gym platform.
public struct GymCtlCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "gymctl",
    abstract: "Run and inspect the gym platform.",
    version: BuildVersion.description,
    subcommands: [
      Up.self, Status.self, Health.self, Users.self, Programs.self, Reports.self, OutboxCommand.self, Import.self, Backup.self,
      Restore.self, Mail.self, Credential.self, TLSCommand.self, ManifestCommand.self, PrometheusTargets.self, PushCommand.self,
    ]
  )

  public init() {}

  /// Parses and runs a command; a failure of the run is one line on stderr and exit
  /// status 1 (usage errors and help keep ArgumentParser's own output).
  public static func main() async {
    // Before any command writes: backups, keys, logs and the services it starts (which
    // inherit the mask) create owner-only files.
    FileCreationMask.restrictToOwner()
    var command: any ParsableCommand
    do {
      command = try parseAsRoot()
    } catch {
      Self.exit(withError: error)
    }
    do {
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let exit as ExitCode {
      Self.exit(withError: exit)
    } catch let error as ValidationError {
      Self.exit(withError: error)
    } catch  where Self.exitCode(for: error) == .success {
      // `--help` parses to ArgumentParser's help command, whose run "fails" with the
      // help request: ArgumentParser prints the help and exits 0.
      Self.exit(withError: error)
    } catch {
      FileHandle.standardError.write(Data("gymctl: \(OperatorFailure.line(for: error))\n".utf8))
      Foundation.exit(1)
    }
  }
}

/// Options naming where a local stack lives and how to talk to it.
struct StackOptions: ParsableArguments {
  @Option(help: "Base port: the gateway listens here, auth on +1, catalog +2, …")
  var basePort = 7000

  @Option(help: "Directory for the SQLite files, keys and logs.")
  var dataDir = "./.gym-data"

  @Option(help: "The service credential (default: $GYM_SERVICE_CREDENTIAL_FILE, else DATA_DIR/service-credential).")
  var credentialFile: String?

  @Option(help: "HOST:PORT of the gateway (default: $GYM_GATEWAY_ADDR, else 127.0.0.1:BASE_PORT), e.g. gateway:7000 from another container.")
  var gateway: String?

  @Flag(help: "The stack serves TLS with the certificates of --tls-dir (made by `gymctl tls init`, or by `gymctl up --tls`).")
  var tls = false

  @Option(help: "The stack's certificates (default: DATA_DIR/tls).")
  var tlsDir: String?

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  var layout: StackLayout {
    var layout = StackLayout(basePort: basePort, dataDirectory: dataDir)
    // Inside a container the processes' own setting names the mounted secret.
    if let file = credentialFile ?? ProcessInfo.processInfo.environment[ServiceCredential.fileKey.name] {
      layout.credentialFile = file
    }
    if tls { layout.tls = TLSDirectory(path: tlsDir ?? (dataDir as NSString).appendingPathComponent("tls")) }
    // Beside a gateway that serves TLS (in its container), the same setting names its certificate.
    if let file = ProcessInfo.processInfo.environment[CommonKeys.tlsCertificateFile.name], !file.isEmpty {
      layout.gatewayCertificateFile = file
    }
    return layout
  }

  /// Where `service` answers: the layout's loopback port, or `--gateway` for the gateway.
  func address(of service: ManagedService) throws -> HostPort {
    // The tools container (docker-compose.tools.yml) names the gateway in its environment.
    let named = gateway ?? ProcessInfo.processInfo.environment["GYM_GATEWAY_ADDR"].flatMap { $0.isEmpty ? nil : $0 }
    guard service.name == ManagedService.gateway.name, let gateway = named else { return service.address(in: layout) }
    guard let address = HostPort(gateway) else { throw ValidationError("--gateway must be HOST:PORT, e.g. gateway:7000") }
    return address
  }

  func credential() throws -> ServiceCredential {
    try ServiceCredential.load(path: layout.credentialFile)
  }
}
