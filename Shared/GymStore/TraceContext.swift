import Instrumentation
import Synchronization
import Tracing

/// W3C trace context (`traceparent`) as every layer of a process sees it: whether the
/// process exports traces at all (GYM_OTLP_ENDPOINT), the header of the current span,
/// and the context a stored header stands for (an outbox job carries its change's).
public enum TraceContext {
  private static let on = Atomic<Bool>(false)

  /// Off unless the process bootstrapped an exporter: request paths then skip every
  /// span, extraction and injection.
  public static var isEnabled: Bool { on.load(ordering: .relaxed) }

  /// Called once, after `InstrumentationSystem.bootstrap`, before any database is opened.
  public static func enable() { on.store(true, ordering: .relaxed) }

  /// The `traceparent` of `context`'s span ("00-TRACEID-SPANID-FLAGS"); nil when it holds none.
  public static func traceparent(of context: ServiceContext?) -> String? {
    guard isEnabled, let context else { return nil }
    var carrier: [String: String] = [:]
    InstrumentationSystem.instrument.inject(context, into: &carrier, using: DictionaryInjector())
    return carrier["traceparent"]
  }

  /// The context a `traceparent` names, to start a child span under it; a missing or
  /// malformed header gives the top level (a new trace).
  public static func context(traceparent: String?) -> ServiceContext {
    var context = ServiceContext.topLevel
    guard let traceparent else { return context }
    InstrumentationSystem.instrument.extract(["traceparent": traceparent], into: &context, using: DictionaryExtractor())
    return context
  }

  /// The trace id of the current span, for log lines; nil outside a traced call.
  public static var currentTraceID: String? { traceparent(of: ServiceContext.current).flatMap(traceID(of:)) }

  /// "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" → "4bf92f3577b34da6a3ce929d0e0e4736".
  public static func traceID(of traceparent: String) -> String? {
    let parts = traceparent.split(separator: "-")
    guard parts.count == 4, parts[1].utf8.count == 32 else { return nil }
    return String(parts[1])
  }
}

struct DictionaryInjector: Injector {
  func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
}

struct DictionaryExtractor: Extractor {
  func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
}
