import GRPCCore
import Prometheus
import Synchronization

/// RPC counters and latency histograms in the names and labels of go-grpc-prometheus and
/// the stock dashboards built on it (`grpc_server_handled_total{grpc_service,
/// grpc_method,grpc_type,grpc_code}`, …), the process's own figures, and gauges read at
/// each scrape; exported by `MetricsServer` in Prometheus text format.
public final class RPCMetrics: Sendable {
  public let registry: PrometheusCollectorRegistry

  private static let buckets: [Duration] = [
    .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
    .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
    .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
  ]

  /// Collectors already registered, so the hot path is one dictionary lookup (by a key
  /// of its parts: no string is built per call).
  private let counters = Mutex<[Key: Counter]>([:])
  private let histograms = Mutex<[Key: DurationHistogram]>([:])
  /// Read at each scrape, in the order added.
  private let gauges = Mutex<[@Sendable () async -> [MetricSample]]>([])

  private struct Key: Hashable {
    var metric: Family
    var method: MethodDescriptor
    var code: String
  }

  /// Which side of a call is counted: `grpc_server_*` for calls this process answers,
  /// `grpc_client_*` for calls it makes (the gateway's relayed calls among them).
  public enum Side: Sendable {
    case server, client

    var prefix: String { self == .server ? "grpc_server" : "grpc_client" }
  }

  /// The RPC metric families.
  private enum Family: Hashable, Sendable {
    case serverStarted, serverHandled, serverHandling, clientStarted, clientHandled, clientHandling

    var side: RPCMetrics.Side {
      switch self {
      case .serverStarted, .serverHandled, .serverHandling: .server
      case .clientStarted, .clientHandled, .clientHandling: .client
      }
    }

    var metric: String {
      switch self {
      case .serverStarted, .clientStarted: self.side.prefix + "_started_total"
      case .serverHandled, .clientHandled: self.side.prefix + "_handled_total"
      case .serverHandling, .clientHandling: self.side.prefix + "_handling_seconds"
      }
    }

    var help: String {
      switch self {
      case .serverStarted: "Total number of RPCs started on the server."
      case .serverHandled: "Total number of RPCs completed on the server, regardless of success or failure."
      case .serverHandling: "Histogram of response latency (seconds) of gRPC that had been application-level handled by the server."
      case .clientStarted: "Total number of RPCs started on the client."
      case .clientHandled: "Total number of RPCs completed by the client, regardless of success or failure."
      case .clientHandling: "Histogram of response latency (seconds) of the gRPC until it is finished by the application."
      }
    }
  }

  public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
  }

  /// A call began.
  public func started(_ method: MethodDescriptor, side: Side = .server) {
    counter(side == .server ? .serverStarted : .clientStarted, method: method, code: nil).increment()
  }

  /// A call ended with `code` (the canonical upper-case name, as `canonicalName` gives).
  public func record(method: MethodDescriptor, code: String, duration: Duration, side: Side = .server) {
    counter(side == .server ? .serverHandled : .clientHandled, method: method, code: code).increment()
    let name: Family = side == .server ? .serverHandling : .clientHandling
    let key = Key(metric: name, method: method, code: "")
    let histogram = histograms.withLock { histograms in
      if let existing = histograms[key] { return existing }
      let made = registry.makeDurationHistogram(
        descriptor: .init(metricName: name.metric, helpText: name.help), labels: Self.labels(of: method),
        buckets: Self.buckets)
      histograms[key] = made
      return made
    }
    histogram.record(duration)
  }

  /// Adds figures read at each scrape (a queue's length, a file's size).
  public func addGauges(_ read: @escaping @Sendable () async -> [MetricSample]) {
    gauges.withLock { $0.append(read) }
  }

  private func counter(_ name: Family, method: MethodDescriptor, code: String?) -> Counter {
    let key = Key(metric: name, method: method, code: code ?? "")
    return counters.withLock { counters in
      if let existing = counters[key] { return existing }
      var labels = Self.labels(of: method)
      if let code { labels.append(("grpc_code", Self.goName[code] ?? "Unknown")) }
      let made = registry.makeCounter(descriptor: .init(metricName: name.metric, helpText: name.help), labels: labels)
      counters[key] = made
      return made
    }
  }

  private static func labels(of method: MethodDescriptor) -> [(String, String)] {
    [
      ("grpc_service", method.service.fullyQualifiedService), ("grpc_method", method.method),
      ("grpc_type", ReflectionFiles.platform.methodTypes[method.fullyQualifiedMethod] ?? "unary"),
    ]
  }

  /// The code's name as Go's grpc spells it, which is what `grpc_code` holds in the
  /// ecosystem's dashboards and alerts (`grpc_code!="OK"`).
  static let goName: [String: String] = [
    "OK": "OK", "CANCELLED": "Canceled", "UNKNOWN": "Unknown", "INVALID_ARGUMENT": "InvalidArgument",
    "DEADLINE_EXCEEDED": "DeadlineExceeded", "NOT_FOUND": "NotFound", "ALREADY_EXISTS": "AlreadyExists",
    "PERMISSION_DENIED": "PermissionDenied", "RESOURCE_EXHAUSTED": "ResourceExhausted",
    "FAILED_PRECONDITION": "FailedPrecondition", "ABORTED": "Aborted", "OUT_OF_RANGE": "OutOfRange",
    "UNIMPLEMENTED": "Unimplemented", "INTERNAL": "Internal", "UNAVAILABLE": "Unavailable", "DATA_LOSS": "DataLoss",
    "UNAUTHENTICATED": "Unauthenticated",
  ]

  /// Prometheus text exposition of everything recorded so far, the process's figures,
  /// the gauges, and the log lines this process had to drop (a full disk, a closed pipe),
  /// which no registry call could count without logging.
  public func exposition() async -> String {
    var samples = ProcessMetrics.sample()
    for read in gauges.withLock({ $0 }) { samples += await read() }
    samples.append(
      MetricSample(
        "gym_log_lines_dropped_total", "Log lines this process could not write.", kind: .counter,
        value: Double(LogOutput.standardError.dropped)))
    return registry.emitToString() + MetricSample.exposition(samples)
  }
}

extension RPCError.Code {
  /// The canonical upper-case gRPC name, e.g. "INVALID_ARGUMENT".
  public var canonicalName: String {
    switch self {
    case .cancelled: "CANCELLED"
    case .unknown: "UNKNOWN"
    case .invalidArgument: "INVALID_ARGUMENT"
    case .deadlineExceeded: "DEADLINE_EXCEEDED"
    case .notFound: "NOT_FOUND"
    case .alreadyExists: "ALREADY_EXISTS"
    case .permissionDenied: "PERMISSION_DENIED"
    case .resourceExhausted: "RESOURCE_EXHAUSTED"
    case .failedPrecondition: "FAILED_PRECONDITION"
    case .aborted: "ABORTED"
    case .outOfRange: "OUT_OF_RANGE"
    case .unimplemented: "UNIMPLEMENTED"
    case .internalError: "INTERNAL"
    case .unavailable: "UNAVAILABLE"
    case .dataLoss: "DATA_LOSS"
    case .unauthenticated: "UNAUTHENTICATED"
    default: "UNKNOWN"
    }
  }
}
