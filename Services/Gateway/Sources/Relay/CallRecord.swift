import GRPCCore
import GymService
import Logging

/// Where the door counts and logs each call to a routed method, whatever the protocol
/// and whoever answers it (the backend through the relay, or a door protocol that
/// refuses it itself): one metric and one access-log line per call.
struct CallRecord: Sendable {
  let metrics: RPCMetrics
  let accessLog: Bool
  let logger: Logger

  /// A call to `method` reached the door (counted once, whoever answers it).
  func started(_ method: MethodDescriptor) {
    metrics.started(method)
  }

  /// The call ended; `forwarded`: the backend answered it (counted on the client side too);
  /// `traceID`: its trace, when the gateway exports traces.
  func record(
    _ method: MethodDescriptor, code: String, duration: Duration, userID: String?, requestID: String, protocol name: String,
    forwarded: Duration? = nil, traceID: String? = nil
  ) {
    metrics.record(method: method, code: code, duration: duration)
    if let forwarded { metrics.record(method: method, code: code, duration: forwarded, side: .client) }
    guard accessLog else { return }
    var metadata: Logger.Metadata = [
      "method": "\(method)", "code": "\(code)", "ms": "\((duration.inSeconds * 10_000).rounded() / 10)",
      "user_id": "\(userID ?? "-")", "request_id": "\(requestID)", "protocol": "\(name)",
    ]
    if let traceID { metadata["trace_id"] = "\(traceID)" }
    logger.info("rpc", metadata: metadata)
  }
}
