import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// The composition root of gym-catalog.
public enum CatalogApp {
  public static let listen = PlatformManifest.catalog.listenKey("HOST:PORT the catalog gRPC server listens on")
  public static let authAddress = PlatformManifest.catalog.addressKey(
    of: PlatformManifest.auth, default: nil, "HOST:PORT of gym-auth (signing keys, revocations, profiles)")
  public static let hideBelowScore = ConfigKey(
    "GYM_CATALOG_HIDE_BELOW_SCORE", default: "0.1", "A program whose score (Wilson lower bound, 0-1) falls below this is hidden…")
  public static let hideMinimumVotes = ConfigKey(
    "GYM_CATALOG_HIDE_MIN_VOTES", default: "10", "…once at least this many users have voted on it")
  public static let hideAfterReports = ConfigKey(
    "GYM_CATALOG_HIDE_AFTER_REPORTS", default: "5", "Distinct open reports that hide a program until an admin reviews it")
  public static let reportsPerDay = ConfigKey(
    "GYM_CATALOG_REPORTS_PER_DAY", default: "20", "Reports one user may file in 24 hours")

  public static let keys: [ConfigKey] =
    [
      listen, authAddress, CommonKeys.dataDir, CommonKeys.backupDir, CommonKeys.backupMinFree, CommonKeys.backupKeep, ServiceCredential.fileKey, hideBelowScore,
      hideMinimumVotes,
      hideAfterReports, reportsPerDay,
    ]
    + CommonKeys.all

  public struct Settings: Sendable {
    public var backend: BackendSettings
    public var rules = ModerationRules()

    public init(common: CommonSettings, dataDirectory: String, auth: HostPort, credential: ServiceCredential) {
      backend = BackendSettings(common: common, dataDirectory: dataDirectory, auth: auth, credential: credential)
    }

    public init(config: Config) throws {
      backend = try BackendSettings(config: config, listenKey: CatalogApp.listen, authKey: CatalogApp.authAddress)
      guard let score = Double(try config.string(CatalogApp.hideBelowScore)), (0...1).contains(score) else {
        throw ConfigError("\(CatalogApp.hideBelowScore.name) must be a number from 0 to 1")
      }
      rules = ModerationRules(
        hideBelowScore: score,
        minimumVotes: try config.int(CatalogApp.hideMinimumVotes, in: 1...1_000_000),
        hideAfterReports: try config.int(CatalogApp.hideAfterReports, in: 1...1_000_000),
        reportsPerDay: try config.int(CatalogApp.reportsPerDay, in: 1...1_000_000))
    }
  }

  /// - Parameter users: profiles by id; by default auth's `LookupUsers`.
  public static func build(_ settings: Settings, users: (any UserDirectory)? = nil, logger: Logger) async throws -> BuiltProcess {
    // Before the database opens: one gym-catalog per data directory, and none during a restore.
    let lock = try DirectoryLock.acquire(service: "catalog", in: settings.backend.dataDirectory)
    let path = settings.backend.databasePath("catalog.sqlite")
    let store = try CatalogStore(path: path, rules: settings.rules, tuning: settings.backend.common.database)
    try await ExerciseLibrary.seed(store, logger: logger)
    return try await BuiltProcess.backend(
      name: "gym-catalog", settings: settings.backend, lock: lock, database: (path, store.writer),
      healthName: Gym_Catalog_V1_CatalogService.descriptor.fullyQualifiedService, logger: logger,
      extraServices: { _ in [IdempotencyKeys.pruner(store.writer, logger: logger)] }
    ) { authClient in
      let service = CatalogService(store: store, users: users ?? AuthUserDirectory(client: authClient, logger: logger), logger: logger)
      return [service, CatalogInternalService(store: store, programs: service), UserLifecycleService(CatalogLifecycle(store: store), logger: logger)]
    }
  }
}
