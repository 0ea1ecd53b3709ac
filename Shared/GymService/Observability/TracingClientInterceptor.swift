import GRPCCore
import GymStore
import Instrumentation
import Tracing

/// A client span for each call made inside a traced call or outbox delivery, its
/// `traceparent` sent so the callee's span is its child; nothing when the process
/// exports no traces or the call is made outside any trace (a background poll).
public struct TracingClientInterceptor: ClientInterceptor {
  public init() {}

  public func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingClientRequest<Input>,
    context: ClientContext,
    next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
  ) async throws -> StreamingClientResponse<Output> {
    guard TraceContext.isEnabled, let parent = ServiceContext.current, TraceContext.traceparent(of: parent) != nil else {
      return try await next(request, context)
    }
    let span = RPCSpan.start(context.descriptor, parent: parent, kind: .client)
    var request = request
    InstrumentationSystem.instrument.inject(span.context, into: &request.metadata, using: MetadataCarrier())
    return try await ClientCallEnd.observe({ try await next(request, context) }) { error in
      RPCSpan.end(span, code: error.map { ($0 as? RPCError)?.code ?? .unknown })
    }
  }
}

/// gRPC metadata as the carrier of W3C trace context (`traceparent`, `tracestate`).
struct MetadataCarrier: Extractor, Injector {
  func extract(key: String, from carrier: Metadata) -> String? {
    carrier[stringValues: key].first(where: { _ in true })
  }

  func inject(_ value: String, forKey key: String, into carrier: inout Metadata) {
    carrier.replaceOrAddString(value, forKey: key)
  }
}
