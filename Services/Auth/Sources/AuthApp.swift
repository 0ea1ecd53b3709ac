import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// The composition root of gym-auth: configuration keys, settings, and `build`, which
/// the executable and the tests both call.
public enum AuthApp {
  public static let listen = PlatformManifest.auth.listenKey("HOST:PORT the auth gRPC server listens on")
  public static let passwordMinLength = ConfigKey(
    "GYM_PASSWORD_MIN_LENGTH", default: "15", "Shortest password accepted (NIST: at least 8)")
  public static let hashLogN = ConfigKey(
    "GYM_PASSWORD_HASH_LOG_N", default: "17",
    "scrypt cost as log2(N), r=8, p=1; 17 is OWASP's figure (128 MiB per hash). Lower only in tests")
  public static let hashConcurrency = ConfigKey(
    "GYM_PASSWORD_HASH_CONCURRENCY", default: "0", "Password hashes computed at once; 0 = one per CPU core")
  public static let hashQueue = ConfigKey(
    "GYM_PASSWORD_HASH_QUEUE", default: "32",
    "Password checks that may wait for a hash; beyond it RESOURCE_EXHAUSTED with a retry delay")
  /// Per client address: sized for shared addresses (a gym's Wi-Fi, a campus, a
  /// carrier's NAT); floods are stopped by cost (the hash queue) and by the gateway.
  public static let registrationsPerAddress = ConfigKey(
    "GYM_AUTH_REGISTRATIONS_PER_ADDRESS", default: "\(LoginThrottle.Limits.registrations.perAddress)",
    "Accounts registered from one client address in an hour, then RESOURCE_EXHAUSTED with a retry delay")
  public static let wrongPasswordsPerAddress = ConfigKey(
    "GYM_AUTH_WRONG_PASSWORDS_PER_ADDRESS", default: "\(LoginThrottle.Limits().perAddress)",
    "Wrong passwords from one client address, all accounts, in 15 minutes, then RESOURCE_EXHAUSTED (each account still allows \(LoginThrottle.Limits().perPair) per address)"
  )
  public static let resetsPerAddress = ConfigKey(
    "GYM_AUTH_RESETS_PER_ADDRESS", default: "\(LoginThrottle.Limits.resets.perAddress)",
    "Password reset requests from one client address, all accounts, in an hour (each account still \(LoginThrottle.Limits.resets.perPair) per address and \(LoginThrottle.Limits.resets.perAccount) in all)"
  )
  public static let accessTokenTTL = ConfigKey(
    "GYM_ACCESS_TOKEN_TTL_SECONDS", default: "900", "Lifetime of an access token")
  public static let sessionLifetime = ConfigKey(
    "GYM_SESSION_LIFETIME_DAYS", default: "30", "Absolute lifetime of a session and its refresh tokens")

  public static let requireVerifiedEmail = ConfigKey(
    "GYM_REQUIRE_VERIFIED_EMAIL", default: "true",
    "Publishing and messaging need a verified email; false only for development stacks whose clients cannot read mail")
  public static let minimumAge = ConfigKey(
    "GYM_MINIMUM_AGE", default: "0", "Youngest age that may register, checked against the date of birth; 0 = no minimum")

  public static let smtpAddress = ConfigKey(
    "GYM_SMTP_ADDR", default: "", "HOST:PORT of the SMTP server that delivers mail; empty = keep it in the development sink (gymctl mail)")
  public static let smtpFrom = ConfigKey("GYM_SMTP_FROM", default: "gym@localhost", "Sender address of the platform's mail")
  public static let smtpTLS = ConfigKey(
    "GYM_SMTP_TLS", default: "starttls",
    "starttls: STARTTLS, required unless the relay is on loopback (port 587 or 25); tls: TLS from the first byte (SMTPS, port 465); none: plaintext, to a loopback relay only"
  )
  public static let smtpCAFile = ConfigKey(
    "GYM_SMTP_CA_FILE", default: "", "PEM CA the relay's certificate must chain to; empty = the system's trust store")
  public static let smtpUsername = ConfigKey(
    "GYM_SMTP_USERNAME", default: "", "User for SMTP AUTH (PLAIN, else LOGIN, as the relay offers; only over TLS); empty = no AUTH")
  public static let smtpPasswordFile = ConfigKey(
    "GYM_SMTP_PASSWORD_FILE", default: "", "File holding the SMTP AUTH password (read at start-up, never logged); needed with GYM_SMTP_USERNAME")
  public static let mailPerRecipientPerDay = ConfigKey(
    "GYM_AUTH_MAIL_PER_RECIPIENT_PER_DAY", default: "10",
    "Mails queued to one address in 24 hours at most, whoever asks; more are dropped and logged, and RPCs answer as usual")
  public static let viewFlushInterval = ConfigKey(
    "GYM_AUTH_VIEW_FLUSH_SECONDS", default: "5",
    "How often profile views noted by GetProfile are counted (each viewer once per profile and day), in one write")
  public static let pruneInterval = ConfigKey(
    "GYM_AUTH_PRUNE_INTERVAL_SECONDS", default: "3600",
    "How often spent sessions, refresh tokens, reset and verification codes, old mail and revocations are deleted")

  /// Where outbox jobs go, one key per lifecycle destination of the manifest; a service
  /// without an address keeps its jobs queued. Messaging's also answers whether two users
  /// are friends (private profiles).
  public static let destinationAddresses: [(destination: ServiceManifest, key: ConfigKey)] =
    PlatformManifest.lifecycleDestinations.map { peer in
      (
        peer,
        PlatformManifest.auth.addressKey(
          of: peer, default: "", "HOST:PORT of gym-\(peer.name), which receives every user-lifecycle event; empty = keep them queued")
      )
    }

  public static let keys: [ConfigKey] =
    [
      listen, CommonKeys.dataDir, CommonKeys.backupDir, CommonKeys.backupMinFree, CommonKeys.backupKeep, ServiceCredential.fileKey, passwordMinLength, hashLogN,
      hashConcurrency, hashQueue, registrationsPerAddress, wrongPasswordsPerAddress, resetsPerAddress, accessTokenTTL, sessionLifetime, requireVerifiedEmail,
      minimumAge, smtpAddress, smtpFrom, smtpTLS,
      smtpCAFile, smtpUsername, smtpPasswordFile, mailPerRecipientPerDay, pruneInterval, viewFlushInterval,
    ]
    + destinationAddresses.map(\.key) + CommonKeys.all

  public struct Settings: Sendable {
    public var common: CommonSettings
    public var dataDirectory: String
    /// Where auth's part of a backup run goes (GYM_BACKUP_DIR).
    public var backup: BackupRoot
    public var passwordMinLength = 15
    public var hashParameters = PasswordHasher.Parameters.owasp
    public var hashConcurrency = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var hashQueue = 32
    public var accessTokenTTL: TimeInterval = 900
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// Password checks, reset mail and new accounts.
    public var throttle = LoginThrottle.Limits()
    public var resets = LoginThrottle.Limits.resets
    public var registrations = LoginThrottle.Limits.registrations
    public var requireVerifiedEmail = true
    public var minimumAge = 0
    /// nil = mail stays in the development sink.
    public var smtp: SMTPClient? = nil
    public var mailRetry = MailRetryPolicy()
    public var mailPerRecipientPerDay = 10
    /// Between two verification mails to one account; tests shorten it.
    public var verificationGap: TimeInterval = 60
    public var credential: ServiceCredential
    public var outboxPollInterval: Duration = .milliseconds(500)
    public var pruneInterval: Duration = .seconds(3600)
    public var viewFlushInterval: Duration = .seconds(5)
    /// Outbox receivers by destination ("places", "catalog", …).
    public var outboxReceivers: [Outbox.Destination: HostPort] = [:]

    public init(common: CommonSettings, dataDirectory: String, credential: ServiceCredential = .generate()) {
      self.common = common
      self.dataDirectory = dataDirectory
      self.backup = BackupRoot(dataDirectory: dataDirectory)
      self.credential = credential
    }

    public init(config: Config) throws {
      self.init(
        common: try CommonSettings(config: config, listenKey: AuthApp.listen),
        dataDirectory: try config.string(CommonKeys.dataDir),
        credential: try ServiceCredential.load(path: try config.string(ServiceCredential.fileKey)))
      backup = try BackupRoot(config: config, dataDirectory: dataDirectory)
      passwordMinLength = try config.int(AuthApp.passwordMinLength, in: PasswordPolicy.lowestMinimum...64)
      hashParameters = .init(logN: try config.int(AuthApp.hashLogN, in: 4...20))
      let concurrency = try config.int(AuthApp.hashConcurrency, in: 0...64)
      if concurrency > 0 { hashConcurrency = concurrency }
      hashQueue = try config.int(AuthApp.hashQueue, in: 0...10_000)
      registrations = .registrations(perAddress: try config.int(AuthApp.registrationsPerAddress, in: 1...1_000_000))
      throttle.perAddress = try config.int(AuthApp.wrongPasswordsPerAddress, in: 1...1_000_000)
      resets.perAddress = try config.int(AuthApp.resetsPerAddress, in: 1...1_000_000)
      accessTokenTTL = TimeInterval(try config.int(AuthApp.accessTokenTTL, in: 60...86_400))
      sessionLifetime = TimeInterval(try config.int(AuthApp.sessionLifetime, in: 1...365) * 86_400)
      requireVerifiedEmail = try config.bool(AuthApp.requireVerifiedEmail)
      minimumAge = try config.int(AuthApp.minimumAge, in: 0...120)
      pruneInterval = .seconds(try config.int(AuthApp.pruneInterval, in: 60...86_400))
      viewFlushInterval = .seconds(try config.int(AuthApp.viewFlushInterval, in: 1...3600))
      mailPerRecipientPerDay = try config.int(AuthApp.mailPerRecipientPerDay, in: 1...1000)
      if !(try config.string(AuthApp.smtpAddress)).isEmpty {
        smtp = try AuthApp.smtpClient(config: config)
      }
      for (destination, key) in AuthApp.destinationAddresses where !(try config.string(key)).isEmpty {
        outboxReceivers[destination.outboxDestination] = try config.address(key)
      }
    }
  }

  /// The relay's client from `GYM_SMTP_*`, checked (TLS mode, CA file, password file) before
  /// anything listens. The password goes into the client only: no error or log shows it.
  static func smtpClient(config: Config) throws -> SMTPClient {
    let address = try config.address(AuthApp.smtpAddress)
    let mode = try config.string(AuthApp.smtpTLS).lowercased()
    guard let security = SMTPClient.Security(rawValue: mode) else {
      throw ConfigError("\(AuthApp.smtpTLS.name)=\(mode) must be starttls, tls or none")
    }
    let caFile = try config.string(AuthApp.smtpCAFile)
    let username = try config.string(AuthApp.smtpUsername)
    var password: String? = nil
    if !username.isEmpty {
      let path = try config.string(AuthApp.smtpPasswordFile)
      guard !path.isEmpty else {
        throw ConfigError("\(AuthApp.smtpUsername.name) needs \(AuthApp.smtpPasswordFile.name), the file holding its password")
      }
      password = try smtpPassword(path: path)
    }
    let client = SMTPClient(
      host: address.host, port: address.port, security: security, caFile: caFile.isEmpty ? nil : caFile,
      username: username.isEmpty ? nil : username, password: password, from: try config.string(AuthApp.smtpFrom))
    do { try client.validateConfiguration() } catch { throw ConfigError("GYM_SMTP_*: \(error)") }
    return client
  }

  /// The password in `path`, without the line break an editor or `echo` leaves at its end.
  static func smtpPassword(path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigError("\(AuthApp.smtpPasswordFile.name): \(path) cannot be read (missing, or not readable by this user)")
    }
    var password = String(decoding: data, as: UTF8.self)
    while let last = password.unicodeScalars.last, last == "\n" || last == "\r" { password.unicodeScalars.removeLast() }
    guard !password.isEmpty else { throw ConfigError("\(AuthApp.smtpPasswordFile.name): \(path) is empty") }
    return password
  }

  public static func build(_ settings: Settings, logger: Logger) async throws -> BuiltProcess {
    // Before the database opens: one gym-auth per data directory, and none during a restore.
    let lock = try DirectoryLock.acquire(service: "auth", in: settings.dataDirectory)
    let path = (settings.dataDirectory as NSString).appendingPathComponent("auth.sqlite")
    let store = try AuthStore(
      path: path, tuning: settings.common.database, mailSeal: MailSeal(key: settings.credential.derivedKey(purpose: "mail at rest")),
      mailPerRecipientPerDay: settings.mailPerRecipientPerDay)
    let keyStore = SigningKeyStore(dataDirectory: settings.dataDirectory)
    let keys = try keyStore.loadOrCreate()
    let issuer = await TokenIssuer(keys: keys, accessTokenLifetime: settings.accessTokenTTL)
    var serviceSettings = AuthService.Settings()
    serviceSettings.sessionLifetime = settings.sessionLifetime
    serviceSettings.requireVerifiedEmail = settings.requireVerifiedEmail
    serviceSettings.minimumAge = settings.minimumAge
    serviceSettings.verificationGap = settings.verificationGap
    serviceSettings.signPurgeDryRuns(with: settings.credential.derivedKey(purpose: "purge dry run"))
    let hasher = try PasswordHasher(
      parameters: settings.hashParameters, maxConcurrent: settings.hashConcurrency, queueLimit: settings.hashQueue)
    let policy = PasswordPolicy(minimumLength: settings.passwordMinLength)
    let metrics = RPCMetrics()
    let receivers = try OutboxReceivers(
      addresses: settings.outboxReceivers, tls: settings.common.internalTLS, credential: settings.credential, metrics: metrics)
    let views = ProfileViewCounter(store: store, interval: settings.viewFlushInterval, logger: logger)
    let destinations = serviceSettings.lifecycleDestinations
    let export = PlatformExport(
      store: store, destinations: destinations,
      clients: Dictionary(uniqueKeysWithValues: destinations.compactMap { destination in receivers.client(for: destination).map { (destination, $0) } }),
      logger: logger)
    let service = AuthService(
      store: store,
      hasher: hasher,
      policy: policy,
      issuer: issuer,
      throttle: LoginThrottle(limits: settings.throttle),
      resets: LoginThrottle(limits: settings.resets),
      registrations: LoginThrottle(limits: settings.registrations),
      settings: serviceSettings,
      views: views,
      export: export,
      logger: logger)
    if let smtp = settings.smtp {
      // The client's description never holds the password.
      logger.info("mail goes out through the SMTP relay", metadata: ["relay": "\(smtp)"])
    }
    let outbox = OutboxWorker(writer: store.writer, pollInterval: settings.outboxPollInterval, logger: logger) { job in
      try await receivers.deliver(job)
    }
    metrics.addGauges {
      [
        MetricSample(
          "gym_password_hash_queue", "Sign-ins and registrations waiting for a password hash (refused past GYM_HASH_QUEUE).",
          value: Double(hasher.waiting))
      ]
    }
    return try await BuiltProcess.compose(
      name: "gym-auth", common: settings.common, credential: settings.credential,
      // Auth signs the tokens and keeps the sessions: no stream to follow.
      identity: .issuer(keys: issuer, sessionCheck: service.sessionCheck),
      storage: .init(
        lock: lock, dataDirectory: settings.dataDirectory, path: path, writer: store.writer, backup: settings.backup,
        // A restore without the signing keys would end every session's access tokens.
        backupDirectories: [.init(name: (keyStore.directory as NSString).lastPathComponent, path: keyStore.directory)]),
      healthNames: [Gym_Auth_V1_AuthService.descriptor.fullyQualifiedService], metrics: metrics, logger: logger,
      // The view counter stops after the server has drained, so the last views are counted.
      before: receivers.connections + [outbox, views, AuthHousekeeping(store: store, interval: settings.pruneInterval, logger: logger)]
        + (settings.smtp.map { [MailSender(store: store, client: $0, retry: settings.mailRetry, logger: logger)] } ?? []),
      services: [
        service,
        AuthInternalService(
          store: store, hasher: hasher, policy: policy, export: export, requireVerifiedEmail: settings.requireVerifiedEmail,
          lifecycleDestinations: destinations, logger: logger),
      ])
  }
}
