import Foundation
import GRDB
import GRPCCore
import GymStore
import Logging
import ServiceLifecycle

extension BuiltProcess {
  /// Where a process gets what it checks access tokens against.
  public enum Identity: Sendable {
    /// The process signs the tokens itself (auth): its own keys and its own sessions.
    case issuer(keys: any VerificationKeySource, sessionCheck: AuthInterceptor.SessionCheck)
    /// Auth's published keys and revocation stream, over `client` (which sends the
    /// service credential); `revocations` is the list the stream keeps.
    case follower(client: GymGRPCClient, revocations: RevocationList)
  }

  /// A process's own database: its hold on the data directory, the SQLite file, and
  /// where a backup run puts them.
  public struct Storage: Sendable {
    public var lock: DirectoryLock
    public var dataDirectory: String
    public var path: String
    public var writer: any DatabaseWriter
    public var backup: BackupRoot
    /// Files kept beside the database that a backup copies and a restore puts back.
    public var backupDirectories: [BackupRoot.Directory]
    /// Adds what only this service knows to `Ops.GetInfo` (messaging: push delivery).
    public var info: OpsService.Details?

    /// - Parameter lock: taken before the database was opened; let go after it is
    ///   closed. Its service names the process's part of a backup run.
    public init(
      lock: DirectoryLock, dataDirectory: String, path: String, writer: any DatabaseWriter, backup: BackupRoot,
      backupDirectories: [BackupRoot.Directory] = [], info: OpsService.Details? = nil
    ) {
      self.info = info
      self.lock = lock
      self.dataDirectory = dataDirectory
      self.path = path
      self.writer = writer
      self.backup = backup
      self.backupDirectories = backupDirectories
    }
  }

  /// The one way every gym process is put together, so the ordering rules live here:
  /// tokens verified and revocations heard as `identity` says; with `storage`, the
  /// operator service, health probing the database and the disk, and the pool closed
  /// last, after every service has stopped, then the directory let go; the process's
  /// own services (`before`) started before the server and stopped after it has
  /// drained; `stoppingFirst` told of shutdown before the server; the health monitor
  /// last, so NOT_SERVING is reported before anything drains.
  ///
  /// - Parameters:
  ///   - healthNames: the services reported by `grpc.health.v1` besides "".
  ///   - trustsForwarding: whether `x-forwarded-for` from the gateway (proved with the
  ///     credential) is believed; false for the public door itself.
  ///   - access: what each method asks of its caller (the gateway admits the credential
  ///     to the operator tasks it relays).
  ///   - probe: the process's own health, after the database and the revocation lag;
  ///     names it returns are reported down.
  ///   - door: the public listener in front of the gRPC server (`GymServer`'s `door`).
  ///   - relayedServices: what the door serves besides the server (`GymServer`'s).
  public static func compose(
    name: String, common: CommonSettings, credential: ServiceCredential, identity: Identity, storage: Storage?,
    healthNames: [String], trustsForwarding: Bool = true,
    access: @escaping @Sendable (MethodDescriptor) -> MethodAccess = MethodAccess.of,
    interceptors: (beforeAuth: [any ServerInterceptor], afterAuth: [any ServerInterceptor]) = ([], []),
    metrics: RPCMetrics = RPCMetrics(), logger: Logger,
    before: [any Service] = [], stoppingFirst: [any Service] = [], probe: @escaping HealthMonitor.Probe = { [] },
    door: FrontDoorFactory? = nil, relayedServices: [String] = [],
    services: [any RegistrableRPCService]
  ) async throws -> BuiltProcess {
    let source: any VerificationKeySource
    let sessionCheck: AuthInterceptor.SessionCheck
    var following: [any Service] = []
    var revocations: RevocationList? = nil
    switch identity {
    case .issuer(let keys, let check):
      source = keys
      sessionCheck = check
    case .follower(let client, let list):
      source = AuthKeySource(client: client)
      sessionCheck = list.sessionCheck
      following = [ClientConnections(client), RevocationFollower(client: client, list: list, logger: logger)]
      revocations = list
    }
    let verifier = TokenVerifier(source: source, cacheEntries: common.tokenCacheEntries, logger: logger)
    // The issuer's keys are at hand: verify from the first request on.
    if case .issuer = identity { try await verifier.refresh() }
    var ops: [any RegistrableRPCService] = []
    if let storage {
      ops.append(
        OpsService(
          process: name, database: (storage.path, storage.writer),
          backup: .init(root: storage.backup, service: storage.lock.service, directories: storage.backupDirectories),
          details: storage.info))
    }
    let server = try GymServer(
      name: name,
      settings: common,
      services: services + ops,
      healthNames: healthNames,
      auth: AuthInterceptor(verifier: verifier, credential: credential, access: access, sessionCheck: sessionCheck),
      forwardingProof: trustsForwarding ? credential.forwardingProof : nil,
      interceptors: interceptors,
      metrics: metrics,
      dataDirectory: storage?.dataDirectory,
      door: door,
      relayedServices: relayedServices,
      logger: logger)
    let writer = storage?.writer
    let checkedRevocations = revocations
    if let storage {
      metrics.addGauges { await StorageGauges.read(path: storage.path, reader: storage.writer) }
    }
    if let revocations {
      metrics.addGauges {
        [
          MetricSample(
            "gym_revocation_lag_seconds", "Seconds since auth's revocation stream was last heard (a heartbeat every 2 s).",
            value: revocations.silence().inSeconds)
        ]
      }
    }
    return BuiltProcess(
      server: server,
      services: server.lifecycle(
        before: following + before,
        stoppingFirst: stoppingFirst,
        probe: {
          if let writer { try await GymDatabase.probe(writer) }
          // Until it has auth's signing keys a process refuses every call: not ready yet.
          if !verifier.hasKeys { try await verifier.refresh() }
          // Tokens cannot be vouched for while auth's revocations are not heard.
          try checkedRevocations?.checkLag()
          return try await probe()
        }),
      close: {
        guard let storage else { return }
        defer { storage.lock.release() }
        try (storage.writer as? DatabasePool)?.close()
      })
  }
}
