import GymStore

/// Keys every gym process reads; a process adds its own beside them.
public enum CommonKeys {
  public static let logLevel = ConfigKey(
    "GYM_LOG_LEVEL", default: "info", "trace, debug, info, notice, warning, error or critical")
  public static let logFormat = ConfigKey(
    "GYM_LOG_FORMAT", default: "logfmt", "logfmt (one key=value line per event) or json (one JSON object per line, for log pipelines)")
  public static let otlpEndpoint = ConfigKey(
    "GYM_OTLP_ENDPOINT", default: "",
    "URL of an OTLP/gRPC receiver (e.g. http://otel-collector:4317) this process sends its traces to; empty = no tracing. OTEL_* variables tune the exporter"
  )
  public static let internalCallTimeout = ConfigKey(
    "GYM_INTERNAL_CALL_TIMEOUT_SECONDS", default: "5",
    "How long this process waits for another gym process to answer (a user lookup, a delivery) before saying that one did not answer in time")
  public static let metricsListen = ConfigKey(
    "GYM_METRICS_LISTEN", default: "", "HOST:PORT for Prometheus /metrics over HTTP; empty = the gRPC port + 2000")
  public static let shutdownGrace = ConfigKey(
    "GYM_SHUTDOWN_GRACE_SECONDS", default: "10", "How long SIGTERM/SIGINT waits for in-flight RPCs before cancelling them")
  public static let shutdownUnready = ConfigKey(
    "GYM_SHUTDOWN_UNREADY_SECONDS", default: "0",
    "On SIGTERM/SIGINT, how long the process reports NOT_SERVING while it still serves, before it stops taking calls (so load balancers and Kubernetes take it out of rotation first); part of GYM_SHUTDOWN_GRACE_SECONDS, and less than it"
  )
  public static let maxMessageBytes = ConfigKey(
    "GYM_MAX_MESSAGE_BYTES", default: "4194304",
    "Largest request message accepted, in bytes; a list's page holds items of at most a quarter of it (1 MiB at most)")
  public static let maxConcurrentStreams = ConfigKey(
    "GYM_MAX_CONCURRENT_STREAMS", default: "1000",
    "Concurrent RPCs one HTTP/2 connection may carry; advertised in SETTINGS so clients queue beyond it")
  public static let tokenCacheEntries = ConfigKey(
    "GYM_TOKEN_CACHE_ENTRIES", default: "10000",
    "Verified access tokens remembered until they expire, so each is verified once per process; 0 = verify every call")
  public static let sqliteCacheKiB = ConfigKey(
    "GYM_SQLITE_CACHE_KIB", default: "\(GymDatabase.Tuning().cacheKiB)",
    "SQLite page cache per database connection, in KiB; a process holds at most (readers + 1) times this")
  public static let sqliteReaders = ConfigKey(
    "GYM_SQLITE_READERS", default: "\(GymDatabase.Tuning().readers)", "Concurrent SQLite read connections of the service's database")
  public static let revocationMaxLag = ConfigKey(
    "GYM_REVOCATION_MAX_LAG_SECONDS", default: "15",
    "Silence from auth's revocation stream after which tokens issued before it are refused and the process is NOT_SERVING")
  public static let maxConnections = ConfigKey(
    "GYM_MAX_CONNECTIONS", default: "10000", "Open client connections at most; more are closed as they arrive")
  public static let connectionIdle = ConfigKey(
    "GYM_CONNECTION_IDLE_SECONDS", default: "600", "A connection with no call for this long is closed (GOAWAY)")
  public static let connectionMaxAge = ConfigKey(
    "GYM_CONNECTION_MAX_AGE_SECONDS", default: "0",
    "Connections older than this are asked to go away (so clients spread over new replicas); 0 = never")
  public static let accessLog = ConfigKey(
    "GYM_ACCESS_LOG", default: "true", "true: one log line per call (method, status, latency, user id, request id); false: none")
  public static let tlsCertificateFile = ConfigKey(
    "GYM_TLS_CERT_FILE", default: "",
    "PEM certificate chain this process serves on its gRPC listener (TLS); empty = plaintext")
  public static let tlsKeyFile = ConfigKey("GYM_TLS_KEY_FILE", default: "", "PEM private key of GYM_TLS_CERT_FILE")
  public static let tlsClientCAFile = ConfigKey(
    "GYM_TLS_CLIENT_CA_FILE", default: "",
    "PEM CA whose certificate every caller must present (mutual TLS, for internal listeners); empty = none asked")
  public static let tlsReload = ConfigKey(
    "GYM_TLS_RELOAD_SECONDS", default: "60",
    "How often the certificate and key files are read again (SIGHUP reloads at once); a renewed pair serves new connections")
  public static let internalTLSCAFile = ConfigKey(
    "GYM_INTERNAL_TLS_CA_FILE", default: "",
    "PEM CA of the other gym processes: when set, calls to them use TLS and check their certificates; empty = plaintext")
  public static let internalTLSCertificateFile = ConfigKey(
    "GYM_INTERNAL_TLS_CERT_FILE", default: "", "PEM certificate this process presents when calling other gym processes (mutual TLS)")
  public static let internalTLSKeyFile = ConfigKey(
    "GYM_INTERNAL_TLS_KEY_FILE", default: "", "PEM private key of GYM_INTERNAL_TLS_CERT_FILE")
  public static let dataDir = ConfigKey(
    "GYM_DATA_DIR", default: "./.gym-data", "Directory holding this service's SQLite file and keys")
  public static let backupDir = ConfigKey(
    "GYM_BACKUP_DIR", default: "",
    "Directory backup runs are written under, one directory per run with manifest.json (callers name only the run); empty = GYM_DATA_DIR/backups")
  public static let backupKeep = ConfigKey(
    "GYM_BACKUP_KEEP", default: "0",
    "Complete backup runs to keep: after each run, this service's parts of older ones are removed (0 = keep every run)")
  public static let backupMinFree = ConfigKey(
    "GYM_BACKUP_MIN_FREE_MIB", default: "\(BackupRoot.defaultMinimumFreeMiB)",
    "Free space, in MiB, a backup must leave on GYM_BACKUP_DIR's file system; a copy that would leave less is refused")

  public static let diskProbe = ConfigKey(
    "GYM_DISK_PROBE_SECONDS", default: "5",
    "How often a small file is written and synced in GYM_DATA_DIR to tell whether the disk has room (health name `disk`); after a write failed on the disk, every second until one succeeds"
  )

  public static let all: [ConfigKey] = [
    logLevel, logFormat, otlpEndpoint, internalCallTimeout, diskProbe, metricsListen, shutdownGrace, shutdownUnready, maxMessageBytes, maxConcurrentStreams,
    tokenCacheEntries,
    sqliteCacheKiB, sqliteReaders, revocationMaxLag, maxConnections, connectionIdle, connectionMaxAge, accessLog,
    tlsCertificateFile, tlsKeyFile, tlsClientCAFile, tlsReload, internalTLSCAFile, internalTLSCertificateFile, internalTLSKeyFile,
  ]
}

/// The settings every process derives from `CommonKeys`.
public struct CommonSettings: Sendable {
  public var listen: HostPort
  public var metricsListen: HostPort
  public var shutdownGrace: Duration
  /// How long a stopping process reports NOT_SERVING before it stops taking calls.
  public var shutdownUnready: Duration = .zero
  public var maxMessageBytes: Int
  /// Advertised to every client: without it NIO still enforces 100 and drops the whole
  /// connection of a client that opens the 101st stream.
  public var maxConcurrentStreams: Int
  public var tokenCacheEntries: Int
  public var revocationMaxLag: Duration
  public var database: GymDatabase.Tuning
  public var logLevel: String
  public var maxConnections = 10_000
  /// nil = never.
  public var connectionIdle: Duration? = .seconds(600)
  public var connectionMaxAge: Duration? = nil
  public var accessLog = true
  /// nil = plaintext.
  public var tls: ServerTLS? = nil
  /// nil = plaintext calls to other processes.
  public var internalTLS: InternalTLS? = nil
  public var certificateReload: Duration = .seconds(60)
  /// Between two disk probes while writes succeed (GYM_DISK_PROBE_SECONDS).
  public var diskProbeInterval: Duration = .seconds(5)

  /// Every certificate pair the process holds, for `CertificateWatcher`.
  public var certificateFiles: [CertificateFiles] {
    [tls?.identity, internalTLS?.identity].compactMap { $0 }
  }

  public init(
    listen: HostPort, metricsListen: HostPort? = nil, shutdownGrace: Duration = .seconds(10),
    maxMessageBytes: Int = 4 << 20, maxConcurrentStreams: Int = 1000, tokenCacheEntries: Int = 10_000,
    database: GymDatabase.Tuning = GymDatabase.Tuning(), logLevel: String = "info", revocationMaxLag: Duration = .seconds(15)
  ) {
    self.revocationMaxLag = revocationMaxLag
    self.listen = listen
    self.metricsListen = metricsListen ?? HostPort(host: listen.host, port: listen.port == 0 ? 0 : listen.port + 2000)
    self.shutdownGrace = shutdownGrace
    self.maxMessageBytes = maxMessageBytes
    self.maxConcurrentStreams = maxConcurrentStreams
    self.tokenCacheEntries = tokenCacheEntries
    self.database = database
    self.logLevel = logLevel
  }

  public init(config: Config, listenKey: ConfigKey) throws {
    let listen = try config.address(listenKey)
    let metrics = try config.string(CommonKeys.metricsListen)
    var metricsAddress: HostPort? = nil
    if !metrics.isEmpty {
      guard let parsed = HostPort(metrics) else {
        throw ConfigError("GYM_METRICS_LISTEN=\(metrics) must be HOST:PORT")
      }
      metricsAddress = parsed
    }
    self.init(
      listen: listen,
      metricsListen: metricsAddress,
      shutdownGrace: try config.seconds(CommonKeys.shutdownGrace),
      maxMessageBytes: try config.int(CommonKeys.maxMessageBytes, in: 1024...(64 << 20)),
      maxConcurrentStreams: try config.int(CommonKeys.maxConcurrentStreams, in: 1...100_000),
      tokenCacheEntries: try config.int(CommonKeys.tokenCacheEntries, in: 0...1_000_000),
      database: GymDatabase.Tuning(
        cacheKiB: try config.int(CommonKeys.sqliteCacheKiB, in: 64...(4 << 20)),
        readers: try config.int(CommonKeys.sqliteReaders, in: 1...64)),
      logLevel: try config.string(CommonKeys.logLevel),
      revocationMaxLag: .seconds(try config.int(CommonKeys.revocationMaxLag, in: 3...3600))
    )
    maxConnections = try config.int(CommonKeys.maxConnections, in: 1...1_000_000)
    let idle = try config.int(CommonKeys.connectionIdle, in: 0...86_400)
    connectionIdle = idle == 0 ? nil : .seconds(idle)
    let age = try config.int(CommonKeys.connectionMaxAge, in: 0...(30 * 86_400))
    connectionMaxAge = age == 0 ? nil : .seconds(age)
    accessLog = try config.bool(CommonKeys.accessLog)
    tls = try ServerTLS(config: config)
    internalTLS = try InternalTLS(config: config)
    certificateReload = .seconds(try config.int(CommonKeys.tlsReload, in: 1...86_400))
    diskProbeInterval = try config.seconds(CommonKeys.diskProbe)
    let graceSeconds = Int(shutdownGrace.components.seconds)
    let unready = try config.int(CommonKeys.shutdownUnready, in: 0...3600)
    guard unready == 0 || unready < graceSeconds else {
      throw ConfigError(
        "GYM_SHUTDOWN_UNREADY_SECONDS=\(unready) must be less than GYM_SHUTDOWN_GRACE_SECONDS=\(graceSeconds): the drain after it needs time too")
    }
    shutdownUnready = .seconds(unready)
  }
}
