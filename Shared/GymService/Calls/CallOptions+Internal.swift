import GRPCCore
import Synchronization

/// Milliseconds of `CallOptions.internalCallTimeout`, process-wide.
private let internalCallMilliseconds = Atomic<Int64>(5000)

extension CallOptions {
  /// How long one gym process waits for another's answer unless a call says otherwise
  /// (GYM_INTERNAL_CALL_TIMEOUT_SECONDS, set once at start-up; 5 s: long enough for a
  /// peer under a burst, short enough that the caller's own deadline usually outlasts it).
  public static var internalCallTimeout: Duration {
    get { .milliseconds(internalCallMilliseconds.load(ordering: .relaxed)) }
    set {
      let (seconds, attoseconds) = newValue.components
      internalCallMilliseconds.store(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000), ordering: .relaxed)
    }
  }

  /// A call from one gym process to another within `internalCallTimeout`.
  public static func internalCall() -> CallOptions {
    internalCall(timeout: internalCallTimeout)
  }

  /// A call from one gym process to another: a bounded deadline, never longer than the
  /// RPC being served has left (its caller stops waiting then), and an immediate
  /// UNAVAILABLE when the peer is down rather than waiting for it.
  /// - Parameter timeout: nil for no deadline of its own (a long-lived stream).
  public static func internalCall(timeout: Duration?) -> CallOptions {
    var options = CallOptions.defaults
    options.timeout = timeout
    if let deadline = RequestContext.current?.deadline {
      // At least a millisecond: the call then fails with DEADLINE_EXCEEDED at once.
      let remaining = max(deadline - .now, .milliseconds(1))
      options.timeout = min(timeout ?? remaining, remaining)
    }
    options.waitForReady = false
    return options
  }

  /// gRPC's `grpc-timeout` header: up to 8 digits and a unit (H, M, S, m, u, n).
  public static func parseTimeout(_ text: String) -> Duration? {
    guard let unit = text.last, let value = Int64(text.dropLast()), value >= 0, text.count <= 9 else { return nil }
    switch unit {
    case "H": return .seconds(value * 3600)
    case "M": return .seconds(value * 60)
    case "S": return .seconds(value)
    case "m": return .milliseconds(value)
    case "u": return .microseconds(value)
    case "n": return .nanoseconds(value)
    default: return nil
    }
  }
}
