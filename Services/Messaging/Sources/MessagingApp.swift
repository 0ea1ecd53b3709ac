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
  public static let listen = PlatformManifest.messaging.listenKey("HOST:PORT the messaging gRPC server listens on")
  public static let authAddress = PlatformManifest.messaging.addressKey(
    of: PlatformManifest.auth, default: nil, "HOST:PORT of gym-auth (signing keys, revocations, users)")
  public static let streamBuffer = ConfigKey(
    "GYM_MESSAGING_STREAM_BUFFER", default: "1000", "Events a Subscribe stream may hold unread before it is told to resume")
  public static let streamBufferBytes = ConfigKey(
    "GYM_MESSAGING_STREAM_BUFFER_BYTES", default: "\(EventHub.Limits().bufferBytes)",
    "Bytes of events a Subscribe stream may hold unread before it is told to resume (one event larger than this still passes alone)")
  public static let streamsPerUser = ConfigKey(
    "GYM_MESSAGING_STREAMS_PER_USER", default: "\(EventHub.Limits().streamsPerUser)",
    "Subscribe streams one user may hold open at once; the next is RESOURCE_EXHAUSTED until one closes")

  public static let maxAttachmentBytes = ConfigKey(
    "GYM_MESSAGING_MAX_ATTACHMENT_BYTES", default: "10485760", "Largest attachment accepted, in bytes")

  public static let eventRetention = ConfigKey(
    "GYM_MESSAGING_EVENT_RETENTION_DAYS", default: "30", "How long a Subscribe cursor can resume from; older events are trimmed")

  public static let reportsPerDay = ConfigKey(
    "GYM_MESSAGING_REPORTS_PER_DAY", default: "20", "Reports of users, messages and posts one member may file in 24 hours")

  public static let placeReviewsPerUser = ConfigKey(
    "GYM_MESSAGING_PLACE_REVIEWS_PER_USER", default: "100",
    "Place reviews one member may hold (rewriting one is free); writing more is RESOURCE_EXHAUSTED")

  public static let progressPhotosPerUser = ConfigKey(
    "GYM_MESSAGING_PROGRESS_PHOTOS_PER_USER", default: "1000",
    "Progress photos one member may hold; adding more is RESOURCE_EXHAUSTED (their bytes count against the attachment quota too)")

  public static let reportRetention = ConfigKey(
    "GYM_MESSAGING_REPORT_RETENTION_DAYS", default: "90",
    "How long a resolved report case (its reports and the reported content's snapshot) is kept")

  public static let catalogAddress = PlatformManifest.messaging.addressKey(
    of: PlatformManifest.catalog, default: "",
    "HOST:PORT of gym-catalog, which says whether a room's program_id exists; empty = rooms about a program are refused (UNAVAILABLE)")

  public static let placesAddress = PlatformManifest.messaging.addressKey(
    of: PlatformManifest.places, default: "",
    "HOST:PORT of gym-places, which says whether a place exists (its room, its reviews) and shows its review figures; empty = places' rooms and reviews are refused (UNAVAILABLE)"
  )

  public static let roomMembers = ConfigKey(
    "GYM_MESSAGING_ROOM_MEMBERS_MAX", default: "\(MessagingStore.RoomLimits().membersPerRoom)",
    "Members one room may hold; joining a full room is RESOURCE_EXHAUSTED")
  public static let roomPostsPerMinute = ConfigKey(
    "GYM_MESSAGING_ROOM_POSTS_PER_MINUTE", default: "\(MessagingStore.RoomLimits().postsPerMinute)",
    "Room messages one member may post in a minute, across rooms; more is RESOURCE_EXHAUSTED with when to retry")
  public static let roomsPerOwner = ConfigKey(
    "GYM_MESSAGING_ROOMS_PER_USER", default: "\(MessagingStore.RoomLimits().roomsPerOwner)",
    "Rooms one user may own (closed ones count); creating more is RESOURCE_EXHAUSTED")

  public static let attachmentQuota = ConfigKey(
    "GYM_MESSAGING_ATTACHMENT_QUOTA_BYTES", default: "\(AttachmentLimits().quotaBytes)",
    "Bytes of attachments one user may hold; an upload past it is RESOURCE_EXHAUSTED naming what is used")
  public static let uploadsInFlight = ConfigKey(
    "GYM_MESSAGING_UPLOADS_IN_FLIGHT", default: "\(AttachmentLimits().inFlight)",
    "Uploads one user may have open at once; the next is RESOURCE_EXHAUSTED until one finishes")
  public static let unattachedUploadHours = ConfigKey(
    "GYM_MESSAGING_UNATTACHED_UPLOAD_HOURS", default: "24",
    "Hours an upload never attached to a message or post is kept; then its row and (unshared) file are deleted")

  public static let keys: [ConfigKey] =
    [
      listen, authAddress, catalogAddress, placesAddress, streamBuffer, streamBufferBytes, streamsPerUser, maxAttachmentBytes, eventRetention,
      reportsPerDay, placeReviewsPerUser, progressPhotosPerUser, reportRetention, roomMembers, roomPostsPerMinute, roomsPerOwner, attachmentQuota,
      uploadsInFlight,
      unattachedUploadHours,
    ] + PushSettings.keys + [
      CommonKeys.dataDir, CommonKeys.backupDir, CommonKeys.backupMinFree, CommonKeys.backupKeep, ServiceCredential.fileKey,
    ]
    + CommonKeys.all

  public struct Settings: Sendable {
    public var backend: BackendSettings
    public var streamBuffer = EventHub.Limits().bufferEvents
    public var streamBufferBytes = EventHub.Limits().bufferBytes
    public var streamsPerUser = EventHub.Limits().streamsPerUser
    public var maxAttachmentBytes = 10 << 20
    public var eventRetention: Duration = .seconds(30 * 86_400)
    public var reportsPerDay = 20
    public var placeReviewsPerUser = 100
    /// Progress photos one member may hold.
    public var progressPhotosPerUser = 1000
    public var reportRetention: Duration = .seconds(90 * 86_400)
    /// How often the event log and resolved report cases are trimmed (and unattached uploads deleted).
    public var trimEvery: Duration = .seconds(3600)
    /// gym-catalog, for rooms about a program; nil refuses those rooms.
    public var catalog: HostPort?
    /// gym-places, for places' rooms and reviews; nil refuses those.
    public var places: HostPort?
    public var rooms = MessagingStore.RoomLimits()
    public var attachments = AttachmentLimits()
    /// How long an upload never attached is kept.
    public var unattachedUploadLifetime: Duration = .seconds(24 * 3600)
    /// How often the outbox (friendship changes for auth) looks for due jobs.
    public var outboxPollInterval: Duration = .milliseconds(500)
    /// Push providers and limits; none configured by default.
    public var push = PushSettings()

    public init(backend: BackendSettings) {
      self.backend = backend
    }

    public init(config: Config) throws {
      backend = try BackendSettings(config: config, listenKey: MessagingApp.listen, authKey: MessagingApp.authAddress)
      streamBuffer = try config.int(MessagingApp.streamBuffer, in: 10...100_000)
      streamBufferBytes = try config.int(MessagingApp.streamBufferBytes, in: 1024...(1 << 30))
      streamsPerUser = try config.int(MessagingApp.streamsPerUser, in: 1...1000)
      maxAttachmentBytes = try config.int(MessagingApp.maxAttachmentBytes, in: 1024...(1 << 30))
      eventRetention = .seconds(try config.int(MessagingApp.eventRetention, in: 1...3650) * 86_400)
      reportsPerDay = try config.int(MessagingApp.reportsPerDay, in: 1...1_000_000)
      placeReviewsPerUser = try config.int(MessagingApp.placeReviewsPerUser, in: 1...1_000_000)
      progressPhotosPerUser = try config.int(MessagingApp.progressPhotosPerUser, in: 1...1_000_000)
      // At least a day: the daily allowance counts the reports of the last 24 hours.
      reportRetention = .seconds(try config.int(MessagingApp.reportRetention, in: 1...3650) * 86_400)
      if !(try config.string(MessagingApp.catalogAddress)).isEmpty { catalog = try config.address(MessagingApp.catalogAddress) }
      if !(try config.string(MessagingApp.placesAddress)).isEmpty { places = try config.address(MessagingApp.placesAddress) }
      rooms = MessagingStore.RoomLimits(
        membersPerRoom: try config.int(MessagingApp.roomMembers, in: 2...10_000_000),
        postsPerMinute: try config.int(MessagingApp.roomPostsPerMinute, in: 1...100_000),
        roomsPerOwner: try config.int(MessagingApp.roomsPerOwner, in: 1...1_000_000))
      attachments = AttachmentLimits(
        quotaBytes: Int64(try config.int(MessagingApp.attachmentQuota, in: 1024...(1 << 50))),
        inFlight: try config.int(MessagingApp.uploadsInFlight, in: 1...1000))
      unattachedUploadLifetime = .seconds(try config.int(MessagingApp.unattachedUploadHours, in: 1...87_600) * 3600)
      push = try PushSettings(config: config)
    }
  }

  public static func settings(_ config: Config) throws -> Settings { try Settings(config: config) }

  /// - Parameter users: names and account status; by default auth's `LookupUsers`.
  /// - Parameter programs: whether a program exists; by default gym-catalog at `settings.catalog`.
  public static func build(
    _ settings: Settings, users: (any UserDirectory)? = nil, programs: (any ProgramDirectory)? = nil, logger: Logger
  ) async throws -> BuiltProcess {
    // Before the database opens: one gym-messaging per data directory, and none during a restore.
    let lock = try DirectoryLock.acquire(service: "messaging", in: settings.backend.dataDirectory)
    let path = settings.backend.databasePath("messaging.sqlite")
    let hub = EventHub(
      limits: .init(bufferEvents: settings.streamBuffer, bufferBytes: settings.streamBufferBytes, streamsPerUser: settings.streamsPerUser))
    // Push: events for users with no stream open are written as jobs with the event and
    // sent by the push worker through each configured provider.
    let push = try PushDelivery(settings: settings.push)
    let store = try MessagingStore(
      path: path, tuning: settings.backend.common.database, publish: hub.publish,
      push: push.routing { hub.openStreams(of: $0) > 0 })
    let files = try AttachmentFiles(directory: settings.backend.databasePath("attachments"))
    let metrics = RPCMetrics()
    let catalogConnection = try settings.catalog.map { try InternalClient.make(to: $0, settings: settings.backend, metrics: metrics) }
    let programs = programs ?? catalogConnection.map { CatalogProgramDirectory(client: $0, logger: logger) } ?? NoProgramDirectory()
    if settings.catalog == nil {
      logger.notice("no catalog address: rooms about a program are refused")
    }
    let placesConnection = try settings.places.map { try InternalClient.make(to: $0, settings: settings.backend, metrics: metrics) }
    let places = placesConnection.map { PlacesPlaceDirectory(client: $0, logger: logger) } as (any PlaceDirectory)? ?? NoPlaceDirectory()
    if placesConnection == nil { logger.notice("no places address: places' rooms and reviews are refused") }
    // Open streams checked their token when they began: each batch of revocations ends
    // those whose caller the list now refuses. A phone belongs to the session that
    // registered it: an ended session's phones hear nothing more.
    let revocations = RevocationList(maxLag: settings.backend.common.revocationMaxLag) { list, sessionIDs in
      hub.end(where: list.isRevoked)
      guard !sessionIDs.isEmpty else { return }
      Task {
        // The list moves on past this batch: a failed removal is tried again (a full disk
        // frees up), and a restart reads the retained revocations anew.
        for attempt in 0..<6 {
          do {
            try await store.removeDevices(ofSessions: sessionIDs)
            return
          } catch {
            logger.error("removing the devices of ended sessions failed", metadata: ["error": "\(error)", "attempt": "\(attempt + 1)"])
            try? await Task.sleep(for: .seconds(1 << attempt))
          }
        }
      }
    }
    metrics.addGauges {
      [MetricSample("gym_streams_open", "Subscribe streams open now.", value: Double(hub.openStreamCount))]
    }
    push.addMetrics(to: metrics, store: store)
    return try await BuiltProcess.backend(
      name: "gym-messaging", settings: settings.backend, lock: lock, database: (path, store.writer),
      backupDirectories: [.init(name: "attachments", path: files.directory)], info: push.opsDetails(store: store),
      healthName: Gym_Messaging_V1_MessagingService.descriptor.fullyQualifiedService, logger: logger,
      extraServices: { authClient in
        let delivery = OutboxDelivery(
          auth: Gym_Auth_V1_AuthInternal.Client(wrapping: authClient),
          places: placesConnection.map { Gym_Places_V1_PlacesInternal.Client(wrapping: $0) }, logger: logger)
        var services: [any Service] = [
          OutboxWorker(writer: store.writer, pollInterval: settings.outboxPollInterval, logger: logger, deliver: delivery.deliver),
          DigestWorker(store: store, logger: logger),
          RetentionTrimmer(
            store: store, files: files, eventRetention: settings.eventRetention, reportRetention: settings.reportRetention,
            unattachedUploadLifetime: settings.unattachedUploadLifetime, every: settings.trimEvery, logger: logger),
        ]
        if let catalogConnection { services.append(ClientConnections(catalogConnection)) }
        if let placesConnection { services.append(ClientConnections(placesConnection)) }
        if let worker = push.worker(store: store, logger: logger) { services.append(worker) }
        return services
      },
      stoppingFirst: [StreamsClosing(hub: hub)], revocations: revocations, metrics: metrics
    ) { authClient in
      [
        MessagingService(
          store: store, hub: hub, files: files, maxAttachmentBytes: settings.maxAttachmentBytes,
          users: users ?? AuthUserDirectory(client: authClient, logger: logger), reportsPerDay: settings.reportsPerDay,
          placeReviewsPerUser: settings.placeReviewsPerUser, progressPhotosPerUser: settings.progressPhotosPerUser,
          programs: programs, places: places, rooms: settings.rooms, attachmentLimits: settings.attachments, uploads: PerUserSlots(),
          push: settings.push, pictures: AuthProfilePictures(client: authClient, logger: logger), logger: logger),
        MessagingInternalService(store: store),
        UserLifecycleService(MessagingLifecycle(store: store, files: files, logger: logger), logger: logger),
      ]
    }
  }
}

/// Ends every open stream as graceful shutdown begins, so they do not hold the grace
/// period; clients reconnect (to another instance, or this one once it is back).
struct StreamsClosing: Service {
  let hub: EventHub

  func run() async throws {
    // Cancellation also means shutting down: either way the streams close now.
    try? await gracefulShutdown()
    hub.shutdown()
  }
}

/// Trims the event log and resolved report cases to their retention periods, and
/// deletes uploads never attached, now and then every `every`.
struct RetentionTrimmer: Service {
  let store: MessagingStore
  let files: AttachmentFiles
  let eventRetention: Duration
  let reportRetention: Duration
  let unattachedUploadLifetime: Duration
  let every: Duration
  let logger: Logger

  func run() async throws {
    try await PeriodicService(every: every, failure: "retention trim failed", logger: logger) {
      let now = Date()
      let trimmed = try await store.trimEvents(olderThan: now.addingTimeInterval(-eventRetention.inSeconds))
      if trimmed > 0 { logger.info("trimmed the event log", metadata: ["events": "\(trimmed)"]) }
      let pruned = try await store.pruneReportCases(resolvedBefore: now.addingTimeInterval(-reportRetention.inSeconds))
      if pruned > 0 { logger.info("deleted resolved report cases past their retention", metadata: ["cases": "\(pruned)"]) }
      let expired = try await store.deleteUnattachedUploads(
        madeBefore: now.addingTimeInterval(-unattachedUploadLifetime.inSeconds), files: files)
      if expired > 0 { logger.info("deleted uploads never attached", metadata: ["uploads": "\(expired)"]) }
      let keys = try await store.pruneIdempotencyKeys(before: IdempotencyKeys.cutoff(now: now))
      if keys > 0 { logger.info("forgot old create keys", metadata: ["keys": "\(keys)"]) }
    }.run()
  }
}
