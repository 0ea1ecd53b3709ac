import GRPCCore
import GymService
import Logging

/// Where the door counts and logs the calls it refuses by itself (a body that is not the
/// method's JSON, one too large, the wrong media type): as the relay counts and logs
/// those it relays, with the same metric and the same access-log line, so a routed
/// method's figures hold every call to it whatever the protocol.
struct JSONCallRecord: Sendable {
  let metrics: RPCMetrics
  let accessLog: Bool
  let logger: Logger

  func refused(_ method: MethodDescriptor, code: RPCError.Code, since started: ContinuousClock.Instant, requestID: String) {
    let elapsed = ContinuousClock.now - started
    metrics.record(method: method, code: code.canonicalName, duration: elapsed)
    guard accessLog else { return }
    logger.info(
      "rpc",
      metadata: [
        "method": "\(method)", "code": "\(code.canonicalName)", "ms": "\((elapsed.inSeconds * 10_000).rounded() / 10)",
        "user_id": "-", "request_id": "\(requestID)", "protocol": "json",
      ])
  }
}
