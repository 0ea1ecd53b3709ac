import Foundation
import GRDB
import GRPCCore
import GymStore
import Logging
import ServiceLifecycle

extension BuiltProcess {
  /// How a backend that serves users is assembled: a client to auth holding the service
  /// credential, tokens verified with auth's published keys, revocations followed from
  /// auth's stream, the operator service, health probing the database, and the pool
  /// closed last.
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
    backupDirectories: [BackupRoot.Directory] = [], healthName: String,
    logger: Logger, extraServices: (GymGRPCClient) -> [any Service] = { _ in [] }, stoppingFirst: [any Service] = [],
    revocations: RevocationList? = nil,
    services: (GymGRPCClient) -> [any RegistrableRPCService]
  ) throws -> BuiltProcess {
    let credential = settings.credential
    let revocations = revocations ?? RevocationList(maxLag: settings.common.revocationMaxLag)
    let authClient = try InternalClient.make(to: settings.auth, settings: settings)
    let verifier = TokenVerifier(
      source: AuthKeySource(client: authClient), cacheEntries: settings.common.tokenCacheEntries, logger: logger)
    let server = try GymServer(
      name: name,
      settings: settings.common,
      services: services(authClient) + [
        OpsService(
          process: name, database: database,
          backup: .init(root: settings.backup, service: lock.service, directories: backupDirectories))
      ],
      healthNames: [healthName],
      auth: AuthInterceptor(verifier: verifier, credential: credential, sessionCheck: revocations.sessionCheck),
      forwardingProof: credential.forwardingProof,
      dataDirectory: settings.dataDirectory,
      logger: logger)
    let writer = database.writer
    return BuiltProcess(
      server: server,
      services: server.lifecycle(
        before: [ClientConnections(authClient), RevocationFollower(client: authClient, list: revocations, logger: logger)]
          + extraServices(authClient),
        stoppingFirst: stoppingFirst,
        probe: {
          try await GymDatabase.probe(writer)
          try revocations.checkLag()
          return []
        }),
      close: {
        defer { lock.release() }
        try (writer as? DatabasePool)?.close()
      })
  }
}
