import GRPCCore
import GymService
import GymStore
import Instrumentation
import NIOHPACK
import Tracing

/// The gateway's span of each relayed call, when the gateway exports traces: a child of
/// the client's `traceparent` (or the root of a new trace), and the parent the backend
/// hears of, since the relay sends the backend this span's `traceparent` instead of the
/// client's. Started and ended on the stream's event loop.
enum RelayTracing {
  /// nil when the gateway exports no traces.
  static func start(_ method: MethodDescriptor, headers: HPACKHeaders, requestID: String, protocol name: String?) -> (any Span)? {
    guard TraceContext.isEnabled else { return nil }
    var parent = ServiceContext.topLevel
    InstrumentationSystem.instrument.extract(headers, into: &parent, using: HPACKCarrier())
    let span = RPCSpan.start(method, parent: parent, kind: .server, requestID: requestID)
    span.attributes["gym.protocol"] = name ?? "grpc"
    return span
  }

  /// The span's context in the backend's request headers (the client's own was dropped).
  static func inject(_ span: any Span, into headers: inout HPACKHeaders) {
    InstrumentationSystem.instrument.inject(span.context, into: &headers, using: HPACKCarrier())
  }

  /// The trace id of the span, for the access log line.
  static func traceID(_ span: any Span) -> String? {
    TraceContext.traceparent(of: span.context).flatMap(TraceContext.traceID(of:))
  }

  /// Ends the span with the call's status, given by its canonical name.
  static func end(_ span: any Span, code: String) {
    RPCSpan.end(span, status: codeNumbers[code] ?? 2, name: code)
  }

  /// "OK" → 0 … "UNAUTHENTICATED" → 16, as the relay names codes.
  private static let codeNumbers: [String: Int] = Dictionary(
    uniqueKeysWithValues: (0...16).map { value in (GRPCWire.codeName(String(value)), value) })
}

/// HTTP/2 headers as the carrier of W3C trace context.
struct HPACKCarrier: Extractor, Injector {
  func extract(key: String, from carrier: HPACKHeaders) -> String? { carrier.first(name: key) }

  func inject(_ value: String, forKey key: String, into carrier: inout HPACKHeaders) {
    carrier.replaceOrAdd(name: key, value: value)
  }
}
