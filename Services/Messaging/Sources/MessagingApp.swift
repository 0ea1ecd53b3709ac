import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging
import ServiceLifecycle

/// The composition root of gym-messaging.
public enum MessagingApp {
  public static let listen = ConfigKey(
    "GYM_MESSAGING_LISTEN", default: "127.0.0.1:7004", "HOST:PORT the messaging gRPC server listens on")
  public static let authAddress = ConfigKey("GYM_AUTH_ADDR", default: nil, "HOST:PORT of gym-auth (signing keys, revocations, users)")
  public static let streamBuffer = ConfigKey(
    "GYM_MESSAGING_STREAM_BUFFER", default: "1000", "Events a Subscribe stream may hold unread before it is told to resume")

  public static let maxAttachmentBytes = ConfigKey(
    "GYM_MESSAGING_MAX_ATTACHMENT_BYTES", default: "10485760", "Largest attachment accepted, in bytes")

  public static let eventRetention = ConfigKey(
    "GYM_MESSAGING_EVENT_RETENTION_DAYS", default: "30", "How long a Subscribe cursor can resume from; older events are trimmed")

  public static let keys: [ConfigKey] =
    [listen, authAddress, streamBuffer, maxAttachmentBytes, eventRetention, CommonKeys.dataDir, ServiceCredential.fileKey]
    + CommonKeys.all

  public struct Settings: Sendable {
    public var backend: BackendSettings
    public var streamBuffer = 1000
    public var maxAttachmentBytes = 10 << 20
    public var eventRetention: Duration = .seconds(30 * 86_400)
    public var trimEvery: Duration = .seconds(3600)

    public init(backend: BackendSettings) {
      self.backend = backend
    }

    public init(config: Config) throws {
      backend = try BackendSettings(config: config, listenKey: MessagingApp.listen, authKey: MessagingApp.authAddress)
      streamBuffer = try config.int(MessagingApp.streamBuffer, in: 10...100_000)
      maxAttachmentBytes = try config.int(MessagingApp.maxAttachmentBytes, in: 1024...(1 << 30))
      eventRetention = .seconds(try config.int(MessagingApp.eventRetention, in: 1...3650) * 86_400)
    }
  }

  public static func settings(_ config: Config) throws -> Settings { try Settings(config: config) }

  /// - Parameter users: names and account status; by default auth's `LookupUsers`.
  public static func build(_ settings: Settings, users: (any UserDirectory)? = nil, logger: Logger) async throws -> BuiltProcess {
    let path = settings.backend.databasePath("messaging.sqlite")
    let hub = EventHub(bufferLimit: settings.streamBuffer)
    let store = try MessagingStore(path: path, tuning: settings.backend.common.database, publish: hub.publish)
    let files = try AttachmentFiles(directory: settings.backend.databasePath("attachments"))
    // Open streams checked their token when they began: each batch of revocations ends
    // those whose caller the list now refuses.
    let revocations = RevocationList(maxLag: settings.backend.common.revocationMaxLag) { list in hub.end(where: list.isRevoked) }
    return try BuiltProcess.backend(
      name: "gym-messaging", settings: settings.backend, database: (path, store.writer),
      healthName: Gym_Messaging_V1_MessagingService.descriptor.fullyQualifiedService, logger: logger,
      extraServices: { _ in [EventTrimmer(store: store, retention: settings.eventRetention, every: settings.trimEvery, logger: logger)] },
      stoppingFirst: [StreamsClosing(hub: hub)], revocations: revocations
    ) { authClient in
      [
        MessagingService(
          store: store, hub: hub, files: files, maxAttachmentBytes: settings.maxAttachmentBytes,
          users: users ?? AuthUserDirectory(client: authClient, logger: logger), logger: logger),
        MessagingInternalService(store: store, files: files, logger: logger),
      ]
    }
  }
}

/// Ends every open stream as graceful shutdown begins, so they do not hold the grace
/// period; clients reconnect (to another instance, or this one once it is back).
struct StreamsClosing: Service {
  let hub: EventHub

  func run() async throws {
    try? await gracefulShutdown()
    hub.shutdown()
  }
}

/// Trims the event log to the retention period, now and then every `every`.
struct EventTrimmer: Service {
  let store: MessagingStore
  let retention: Duration
  let every: Duration
  let logger: Logger

  func run() async throws {
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
      do {
        let trimmed = try await store.trimEvents(olderThan: Date().addingTimeInterval(-retention.inSeconds))
        if trimmed > 0 { logger.info("trimmed the event log", metadata: ["events": "\(trimmed)"]) }
      } catch {
        logger.error("event log trim failed", metadata: ["error": "\(error)"])
      }
      _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: every) }
    }
  }
}
