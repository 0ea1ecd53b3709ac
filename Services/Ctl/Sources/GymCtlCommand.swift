import ArgumentParser

/// `gymctl`: run and inspect the gym platform.
public struct GymCtlCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "gymctl",
    abstract: "Run and inspect the gym platform.",
    subcommands: [Up.self, Status.self, Health.self, Mail.self, OutboxCommand.self, Users.self, Credential.self, Import.self, Backup.self]
  )

  public init() {}
}

/// Options naming where a local stack lives.
struct StackOptions: ParsableArguments {
  @Option(help: "Base port: the gateway listens here, auth on +1, catalog +2, …")
  var basePort = 7000

  @Option(help: "Directory for the SQLite files, keys and logs.")
  var dataDir = "./.gym-data"

  var layout: StackLayout { StackLayout(basePort: basePort, dataDirectory: dataDir) }
}
