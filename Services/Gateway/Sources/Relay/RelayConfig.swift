import GRPCCore
import GymService
import Logging
import NIOCore

/// What every relayed stream needs, shared by all of them: routes, the door's checks,
/// limits, and where figures and log lines go.
struct RelayConfig: Sendable {
  struct Deadlines: Sendable {
    var defaultTimeout: Duration
    var maximumTimeout: Duration
  }

  let routes: RelayRoutes
  let admission: RelayAdmission
  let streamQuota: StreamQuota
  let deadlines: Deadlines
  let maxMessageBytes: Int
  /// Sent with `x-forwarded-for` so backends believe it (clients' own copies are dropped).
  let forwardingProof: String
  /// Each routed call's metric and access-log line.
  let calls: CallRecord
  /// The protocols besides gRPC the door speaks, asked in order.
  var doors: [any DoorProtocol] = []
  /// Which web pages may call from a browser (gRPC-Web, JSON).
  var cors = CORSPolicy.sameOriginOnly

  /// The client's deadline (`grpc-timeout`), or the default, never above the maximum;
  /// a long-lived stream or an operator task gets only what the client asked for (nil = none).
  func timeout(requested: String?, unbounded: Bool) -> Duration? {
    let asked = requested.flatMap(CallOptions.parseTimeout)
    if unbounded { return asked }
    return min(asked ?? deadlines.defaultTimeout, deadlines.maximumTimeout)
  }

  /// Headers the relay sets itself, that only it may set, or that no client may pass
  /// through (the service credential, unless `keepCredential`); everything else
  /// (authorization, custom metadata, `grpc-encoding`, binary headers) passes on.
  static func isDropped(_ name: String) -> Bool {
    name.hasPrefix(":") || dropped.contains(name)
  }

  /// Built once: every header of every call is checked against it.
  private static let dropped: Set<String> = [
    // The body's length changes when another protocol is translated (base64, JSON).
    "content-length",
    "content-type", "te", "user-agent", "host", "connection", "grpc-timeout", "x-forwarded-for",
    ServiceCredential.forwardedByHeader, RequestContext.requestIDKey, ServiceCredential.header, FrameRelay.reachedAddressHeader,
  ]
}

/// One event loop's links to every backend: the calls' connections, the long-lived
/// streams' own, and the gateway's local gRPC server (health, the operator service).
struct RelayLoop: Sendable {
  let eventLoop: any EventLoop
  let calls: [String: BackendLink]
  let streams: [String: BackendLink]
  let local: BackendLink
}
