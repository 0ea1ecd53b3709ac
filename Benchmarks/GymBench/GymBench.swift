import ArgumentParser
import GymService
import GymVersion

/// `gym-bench`: load client that prints throughput and latency figures. Run it
/// against a running stack (`gymctl up`); it is a program, not a test. One file per
/// subcommand under `Subcommands/`; the load loop and shared helpers in `Load.swift`.
@main
struct GymBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gym-bench",
    abstract: "Measure gym RPC throughput and latency against a running stack.",
    version: BuildVersion.description,
    subcommands: [
      GetMe.self, Login.self, GetProfile.self, BanLatency.self, OutboxDrain.self, PlacesImport.self, PlacesSearch.self,
      PlacesBaseline.self, CatalogFill.self, CatalogList.self, CatalogSearch.self, CatalogVote.self,
      EchoServer.self, Token.self, PlanLoad.self, LoginFlood.self, MessagingStreams.self, PlanCoaching.self, PlanReminders.self,
      BackupRestore.self, Soak.self, PushBurst.self, PlanImport.self,
    ])

  /// ArgumentParser's own entry, after the owner-only umask every gym process sets (the
  /// benchmarks that fill or back up databases write them here).
  static func main() async {
    FileCreationMask.restrictToOwner()
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      Self.exit(withError: error)
    }
  }
}
