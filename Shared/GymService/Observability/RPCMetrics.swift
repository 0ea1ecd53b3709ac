import GRPCCore
import Prometheus
import Synchronization

/// RPC counters and latency histograms, labelled by method and status code,
/// exported by `MetricsServer` in Prometheus text format.
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

  private struct Key: Hashable {
    var metric: String
    var label: String
    var code: String
  }

  public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
    self.registry = registry
  }

  public func record(method: MethodDescriptor, code: String, duration: Duration) {
    let name = method.fullyQualifiedMethod
    record(
      counting: ("grpc_server_handled_total", "RPCs completed, by method and status code"),
      timing: ("grpc_server_handling_seconds", "RPC latency, by method"), label: ("method", name), code: code, duration: duration)
  }

  /// A call the gateway forwarded, by backend and the status the backend answered: which
  /// backend is slow or failing, seen from the door.
  public func recordForwarded(backend: String, code: String, duration: Duration) {
    record(
      counting: ("gym_gateway_backend_calls_total", "Calls forwarded, by backend and status code"),
      timing: ("gym_gateway_backend_seconds", "Forwarded call latency, by backend"), label: ("backend", backend), code: code,
      duration: duration)
  }

  /// One count by label and code, one latency by label; collectors made on first use.
  private func record(
    counting: (name: String, help: String), timing: (name: String, help: String), label: (String, String), code: String,
    duration: Duration
  ) {
    let counterKey = Key(metric: counting.name, label: label.1, code: code)
    let counter = counters.withLock { counters in
      if let existing = counters[counterKey] { return existing }
      let made = registry.makeCounter(
        descriptor: .init(metricName: counting.name, helpText: counting.help), labels: [label, ("code", code)])
      counters[counterKey] = made
      return made
    }
    counter.increment()
    let histogramKey = Key(metric: timing.name, label: label.1, code: "")
    let histogram = histograms.withLock { histograms in
      if let existing = histograms[histogramKey] { return existing }
      let made = registry.makeDurationHistogram(
        descriptor: .init(metricName: timing.name, helpText: timing.help), labels: [label], buckets: Self.buckets)
      histograms[histogramKey] = made
      return made
    }
    histogram.record(duration)
  }

  /// Prometheus text exposition of everything recorded so far.
  /// The registry's figures, and the log lines this process had to drop (a full disk,
  /// a closed pipe), which no registry call could count without logging.
  public func exposition() -> String {
    registry.emitToString()
      + "# TYPE gym_log_lines_dropped_total counter\ngym_log_lines_dropped_total \(LogOutput.standardError.dropped)\n"
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
