import Foundation
import GRDB
import GRPCCore
import GymStore
import Logging
import ServiceLifecycle

extension BuiltProcess {
  /// How a backend that serves users is assembled (through `compose`): a client to auth
  /// holding the service credential, tokens verified with auth's published keys,
  /// revocations followed from auth's stream, its database.
  ///
  /// - Parameters:
  ///   - extraServices: the backend's own lifecycle services (its clients' connections,
  ///     an outbox worker), given the client to auth; started before the server.
  ///   - stoppingFirst: services told of graceful shutdown before the server.
  ///   - revocations: the list the auth interceptor consults, when the backend needs to
  ///     hear of revocations itself (to end open streams); a plain one by default.
  ///   - services: the backend's own RPC services, given the client to auth.
  ///   - lock: the backend's hold on its data directory, taken before the database was
  ///     opened; let go after the database is closed. Its service names the backend's
  ///     part of a backup run.
  ///   - backupDirectories: files kept beside the database that a backup copies and a
  ///     restore puts back (messaging's attachments).
  public static func backend(
    name: String, settings: BackendSettings, lock: DirectoryLock, database: (path: String, writer: any DatabaseWriter),
    backupDirectories: [BackupRoot.Directory] = [], info: OpsService.Details? = nil, healthName: String,
    logger: Logger, extraServices: (GymGRPCClient) -> [any Service] = { _ in [] }, stoppingFirst: [any Service] = [],
    revocations: RevocationList? = nil, metrics: RPCMetrics = RPCMetrics(),
    services: (GymGRPCClient) -> [any RegistrableRPCService]
  ) async throws -> BuiltProcess {
    let authClient = try InternalClient.make(to: settings.auth, settings: settings, metrics: metrics)
    return try await compose(
      name: name, common: settings.common, credential: settings.credential,
      identity: .follower(
        client: authClient, revocations: revocations ?? RevocationList(maxLag: settings.common.revocationMaxLag)),
      storage: Storage(
        lock: lock, dataDirectory: settings.dataDirectory, path: database.path, writer: database.writer,
        backup: settings.backup, backupDirectories: backupDirectories, info: info),
      healthNames: [healthName], metrics: metrics, logger: logger,
      before: extraServices(authClient), stoppingFirst: stoppingFirst,
      services: services(authClient))
  }
}
