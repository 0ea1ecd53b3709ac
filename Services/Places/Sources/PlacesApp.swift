import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// The composition root of gym-places.
public enum PlacesApp {
  public static let listen = PlatformManifest.places.listenKey("HOST:PORT the places gRPC server listens on")
  public static let authAddress = PlatformManifest.places.addressKey(
    of: PlatformManifest.auth, default: nil, "HOST:PORT of gym-auth (signing keys, revocations, account status)")

  public static let keys: [ConfigKey] =
    [listen, authAddress, CommonKeys.dataDir, CommonKeys.backupDir, CommonKeys.backupMinFree, CommonKeys.backupKeep, ServiceCredential.fileKey] + CommonKeys.all

  public typealias Settings = BackendSettings

  public static func settings(_ config: Config) throws -> Settings {
    try Settings(config: config, listenKey: listen, authKey: authAddress)
  }

  /// - Parameter users: accounts places' projection of users lacks; by default auth's `LookupUsers`.
  public static func build(_ settings: Settings, users: (any UserDirectory)? = nil, logger: Logger) async throws -> BuiltProcess {
    // Before the database opens: one gym-places per data directory, and none during a restore.
    let lock = try DirectoryLock.acquire(service: "places", in: settings.dataDirectory)
    let path = settings.databasePath("places.sqlite")
    let store = try PlacesStore(path: path, tuning: settings.common.database)
    return try await BuiltProcess.backend(
      name: "gym-places", settings: settings, lock: lock, database: (path, store.writer),
      healthName: Gym_Places_V1_PlacesService.descriptor.fullyQualifiedService, logger: logger,
      extraServices: { _ in [IdempotencyKeys.pruner(store.writer, logger: logger)] }
    ) { authClient in
      [
        PlacesService(store: store, users: users ?? AuthUserDirectory(client: authClient, logger: logger), logger: logger),
        PlacesInternalService(store: store),
        UserLifecycleService(PlacesLifecycle(store: store), logger: logger),
      ]
    }
  }
}
