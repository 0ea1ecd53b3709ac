import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging
import ServiceLifecycle

/// The composition root of gym-plan.
public enum PlanApp {
  public static let listen = PlatformManifest.plan.listenKey("HOST:PORT the plan gRPC server listens on")
  public static let authAddress = PlatformManifest.plan.addressKey(
    of: PlatformManifest.auth, default: nil, "HOST:PORT of gym-auth (signing keys, revocations, time zones)")
  public static let catalogAddress = PlatformManifest.plan.addressKey(
    of: PlatformManifest.catalog, default: nil, "HOST:PORT of gym-catalog (exercises, program snapshots, publishing, save counts)")

  public static let messagingAddress = PlatformManifest.plan.addressKey(
    of: PlatformManifest.messaging, default: "", "HOST:PORT of gym-messaging, which delivers workout reminders; empty = no reminders")
  public static let placesAddress = PlatformManifest.plan.addressKey(
    of: PlatformManifest.places, default: "",
    "HOST:PORT of gym-places, which shows trainers' client counts and ratings; empty = those figures are not sent")

  public static let reminderInterval = ConfigKey(
    "GYM_PLAN_REMINDER_INTERVAL_SECONDS", default: "20", "How often due workout reminders are sent (the most they can be late)")

  public static let reminderMaxLate = ConfigKey(
    "GYM_PLAN_REMINDER_MAX_LATE_SECONDS", default: "3600",
    "A reminder more than this past due (the worker was down, messaging refused it) is dropped, not sent late")

  // Per-user caps (PlanLimits): over one, RESOURCE_EXHAUSTED saying what to delete.
  static let defaults = PlanLimits()
  public static let maxRoutines = ConfigKey(
    "GYM_PLAN_MAX_ROUTINES", default: "\(defaults.routines)", "routines one user may own (own, copied, assigned)")
  public static let maxScheduleEntries = ConfigKey(
    "GYM_PLAN_MAX_SCHEDULE_ENTRIES", default: "\(defaults.scheduleEntries)", "schedule entries one user may have")
  public static let maxReminders = ConfigKey(
    "GYM_PLAN_MAX_REMINDERS", default: "\(defaults.reminders)", "schedule entries with a reminder one user may have")
  public static let maxSessionExercises = ConfigKey(
    "GYM_PLAN_MAX_SESSION_EXERCISES", default: "\(defaults.sessionItems)", "exercises one session may hold")
  public static let maxSessionSets = ConfigKey(
    "GYM_PLAN_MAX_SESSION_SETS", default: "\(defaults.setsPerSession)", "sets one session may hold")
  public static let maxSessionsPerDay = ConfigKey(
    "GYM_PLAN_MAX_SESSIONS_PER_DAY", default: "\(defaults.sessionsPerDay)",
    "sessions (started, abandoned or logged later) one user may have on one day")
  public static let maxSessions = ConfigKey(
    "GYM_PLAN_MAX_SESSIONS", default: "\(defaults.sessions)", "sessions one user may have in all (past days can be logged)")
  public static let maxFoodEntries = ConfigKey(
    "GYM_PLAN_MAX_FOOD_ENTRIES", default: "\(defaults.foodEntries)", "food log entries one user may have in all")
  public static let maxBodyWeights = ConfigKey(
    "GYM_PLAN_MAX_BODY_WEIGHTS", default: "\(defaults.bodyWeights)",
    "weigh-ins (one per day) one user may have in all, and as many days of body measurements")
  public static let maxFoodEntriesPerDay = ConfigKey(
    "GYM_PLAN_MAX_FOOD_ENTRIES_PER_DAY", default: "\(defaults.foodEntriesPerDay)", "food log entries one user may have on one day")
  public static let maxNutritionPlans = ConfigKey(
    "GYM_PLAN_MAX_NUTRITION_PLANS", default: "\(defaults.nutritionPlans)", "nutrition plans one user may own")
  public static let maxGoals = ConfigKey("GYM_PLAN_MAX_GOALS", default: "\(defaults.goals)", "goals one user may have")
  public static let maxSavedExercises = ConfigKey(
    "GYM_PLAN_MAX_SAVED_EXERCISES", default: "\(defaults.savedExercises)", "exercises one user may save")

  public static let keys: [ConfigKey] =
    [
      listen, authAddress, catalogAddress, messagingAddress, placesAddress, reminderInterval, reminderMaxLate, maxRoutines, maxScheduleEntries,
      maxReminders, maxSessionExercises, maxSessionSets, maxSessionsPerDay, maxSessions, maxFoodEntriesPerDay, maxFoodEntries,
      maxBodyWeights, maxNutritionPlans, maxGoals, maxSavedExercises, CommonKeys.dataDir, CommonKeys.backupDir, CommonKeys.backupMinFree, CommonKeys.backupKeep,
      ServiceCredential.fileKey,
    ]
    + CommonKeys.all

  public struct Settings: Sendable {
    public var backend: BackendSettings
    public var catalog: HostPort
    /// Where reminders go; none without it.
    public var messaging: HostPort?
    /// Where trainers' figures go; none without it.
    public var places: HostPort?
    public var outboxPollInterval: Duration = .milliseconds(500)
    public var reminderInterval: Duration = .seconds(20)
    public var reminderMaxLate: TimeInterval = 3600
    /// How often deletions older than `PlanStore.changeRetentionDays` leave the change log.
    public var changePruneInterval: Duration = .seconds(3600)
    public var limits = PlanLimits()

    public init(backend: BackendSettings, catalog: HostPort) {
      self.backend = backend
      self.catalog = catalog
    }

    public init(config: Config) throws {
      backend = try BackendSettings(config: config, listenKey: PlanApp.listen, authKey: PlanApp.authAddress)
      catalog = try config.address(PlanApp.catalogAddress)
      if !(try config.string(PlanApp.messagingAddress)).isEmpty { messaging = try config.address(PlanApp.messagingAddress) }
      if !(try config.string(PlanApp.placesAddress)).isEmpty { places = try config.address(PlanApp.placesAddress) }
      reminderInterval = .seconds(try config.int(PlanApp.reminderInterval, in: 1...3600))
      reminderMaxLate = TimeInterval(try config.int(PlanApp.reminderMaxLate, in: 60...86_400))
      let cap = { (key: ConfigKey) in try config.int(key, in: 1...1_000_000) }
      limits.routines = try cap(PlanApp.maxRoutines)
      limits.scheduleEntries = try cap(PlanApp.maxScheduleEntries)
      limits.reminders = try cap(PlanApp.maxReminders)
      limits.sessionItems = try cap(PlanApp.maxSessionExercises)
      limits.setsPerSession = try cap(PlanApp.maxSessionSets)
      limits.sessionsPerDay = try cap(PlanApp.maxSessionsPerDay)
      limits.foodEntriesPerDay = try cap(PlanApp.maxFoodEntriesPerDay)
      limits.sessions = try cap(PlanApp.maxSessions)
      limits.foodEntries = try cap(PlanApp.maxFoodEntries)
      limits.bodyWeights = try cap(PlanApp.maxBodyWeights)
      limits.nutritionPlans = try cap(PlanApp.maxNutritionPlans)
      limits.goals = try cap(PlanApp.maxGoals)
      limits.savedExercises = try cap(PlanApp.maxSavedExercises)
    }
  }

  public static func settings(_ config: Config) throws -> Settings { try Settings(config: config) }

  /// - Parameters:
  ///   - catalog: exercises and programs; by default gym-catalog's internal service.
  ///   - users: accounts (and time zones for users plan's projection lacks); by default
  ///     auth's `LookupUsers`.
  ///   - notifier: where reminders go; by default messaging's `Notify` when configured.
  public static func build(
    _ settings: Settings, catalog: (any ProgramCatalog)? = nil, users: (any UserDirectory)? = nil,
    notifier: (any Notifier)? = nil, logger: Logger
  ) async throws -> BuiltProcess {
    // Before the database opens: one gym-plan per data directory, and none during a restore.
    let lock = try DirectoryLock.acquire(service: "plan", in: settings.backend.dataDirectory)
    let path = settings.backend.databasePath("plan.sqlite")
    let store = try PlanStore(path: path, tuning: settings.backend.common.database, limits: settings.limits)
    let metrics = RPCMetrics()
    let catalogConnection = try InternalClient.make(to: settings.catalog, settings: settings.backend, metrics: metrics)
    let catalog = catalog ?? CatalogClient(client: catalogConnection, logger: logger)
    // Saves reach the catalog through plan's own outbox, so a catalog outage delays the
    // count and never loses it.
    let messagingConnection = try settings.messaging.map { try InternalClient.make(to: $0, settings: settings.backend, metrics: metrics) }
    let notifier = notifier ?? messagingConnection.map(MessagingNotifier.init)
    if notifier == nil { logger.notice("no messaging address: workout reminders, coaching notifications and blocks are off") }
    let blocks: any BlockList = messagingConnection.map { MessagingBlockList(client: $0, logger: logger) } ?? NoBlockList()
    let placesConnection = try settings.places.map { try InternalClient.make(to: $0, settings: settings.backend, metrics: metrics) }
    if placesConnection == nil { logger.notice("no places address: trainers' listings show no client counts or ratings") }
    return try await BuiltProcess.backend(
      name: "gym-plan", settings: settings.backend, lock: lock, database: (path, store.writer),
      healthName: Gym_Plan_V1_PlanService.descriptor.fullyQualifiedService, logger: logger,
      extraServices: { authClient in
        let coaching = CoachingDelivery(
          auth: Gym_Auth_V1_AuthInternal.Client(wrapping: authClient),
          messaging: messagingConnection.map { Gym_Messaging_V1_MessagingInternal.Client(wrapping: $0) },
          places: placesConnection.map { Gym_Places_V1_PlacesInternal.Client(wrapping: $0) }, logger: logger)
        let outbox = OutboxWorker(writer: store.writer, pollInterval: settings.outboxPollInterval, logger: logger) { job in
          try await deliver(job, to: catalog, notifier: notifier, coaching: coaching, logger: logger)
        }
        // ListChanges keeps deletions, and creates their idempotency keys, for 90 days: a
        // client away longer starts again.
        let pruner = PeriodicService(every: settings.changePruneInterval, failure: "change log pruning failed", logger: logger) {
          let removed = try await store.pruneChanges(before: Date().addingTimeInterval(-Double(PlanStore.changeRetentionDays) * 86_400))
          let keys = try await store.pruneIdempotencyKeys(before: IdempotencyKeys.cutoff())
          if removed + keys > 0 {
            logger.info("old deletions and create keys pruned", metadata: ["deletions": "\(removed)", "keys": "\(keys)"])
          }
          return .done
        }
        var services: [any Service] = [ClientConnections(catalogConnection), outbox, pruner]
        if let messagingConnection { services.append(ClientConnections(messagingConnection)) }
        if let placesConnection { services.append(ClientConnections(placesConnection)) }
        if let notifier {
          let projection = ProjectedUsers(writer: store.writer, auth: users ?? AuthUserDirectory(client: authClient, logger: logger))
          services.append(
            ReminderWorker(
              store: store, notifier: notifier, zone: { try await projection.timeZone(of: $0) },
              every: settings.reminderInterval, maxLate: settings.reminderMaxLate, logger: logger))
        }
        return services
      },
      metrics: metrics
    ) { authClient in
      [
        PlanService(
          store: store, catalog: catalog, users: users ?? AuthUserDirectory(client: authClient, logger: logger), blocks: blocks,
          logger: logger),
        UserLifecycleService(PlanLifecycle(store: store), logger: logger),
      ]
    }
  }

  static func deliver(
    _ job: Outbox.Job, to catalog: any ProgramCatalog, notifier: (any Notifier)?, coaching: CoachingDelivery, logger: Logger
  ) async throws {
    switch (job.kind, job.destination) {
    case (.coaching, .auth), (.coaching, .messaging):
      try await coaching.setCoaching(job)
    case (.trainerStats, .places):
      try await coaching.setTrainerStats(job)
    case (.notification, .messaging):
      let note = try JSONDecoder().decode(NotificationJob.self, from: job.payload)
      guard let notifier else {
        logger.notice("notification dropped: no messaging address", metadata: ["kind": "\(note.kind)"])
        return
      }
      try await notifier.notify(
        userID: note.userID, kind: note.kind, title: note.title, body: note.body, reference: note.reference, key: note.key,
        aboutUserID: note.aboutUserID ?? "")
    case (.programSaved, .catalog):
      let saved = try JSONDecoder().decode(ProgramSavedJob.self, from: job.payload)
      do {
        try await catalog.recordSaved(programID: saved.programID, userID: saved.userID)
      } catch let error as RPCError where error.code == .notFound {
        // The program was deleted since: there is nothing left to count.
        return
      }
    default:
      throw Outbox.UnknownJob(job, process: "plan")
    }
  }
}
