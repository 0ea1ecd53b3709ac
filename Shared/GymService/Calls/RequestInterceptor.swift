import GRPCCore
import GymStore
import Instrumentation
import Logging
import Tracing

/// The outermost server interceptor of every process: gives each RPC a request id
/// (the caller's `x-request-id`, or a new one) and, when the process exports traces, a
/// server span under the caller's `traceparent`; records metrics, logs failures, and
/// turns any error that is not an `RPCError` into INTERNAL so UNKNOWN never reaches a
/// client.
public struct RequestInterceptor: ServerInterceptor {
  private let metrics: RPCMetrics
  private let logger: Logger
  /// A backend believes `x-forwarded-for` only from a caller that also sends this proof
  /// (the gateway, which overwrites the header); anyone else who reaches a backend
  /// directly is known by its peer address. nil (the gateway itself) = never trusted.
  private let forwardingProof: String?
  /// One line per call: method, status, latency, user, request id.
  private let accessLog: Bool
  /// Told of every call that failed on the disk, so health probes it at once.
  private let disk: DiskHealth?
  /// What a page of this server's lists may encode to (`Paging.byteBudget`).
  private let pageByteBudget: Int

  public init(
    metrics: RPCMetrics, logger: Logger, forwardingProof: String?, accessLog: Bool = false, disk: DiskHealth? = nil,
    pageByteBudget: Int = Paging.defaultByteBudget
  ) {
    self.metrics = metrics
    self.logger = logger
    self.forwardingProof = forwardingProof
    self.accessLog = accessLog
    self.disk = disk
    self.pageByteBudget = pageByteBudget
  }

  public func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingServerRequest<Input>,
    context: ServerContext,
    next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
  ) async throws -> StreamingServerResponse<Output> {
    let incomingID = request.metadata[stringValues: RequestContext.requestIDKey].first { Self.isValidRequestID($0) }
    let forwarded = Self.trustedForwardedFor(request.metadata, proof: forwardingProof)
    var incoming = RequestContext(
      requestID: incomingID ?? RequestContext.newRequestID(),
      clientAddress: forwarded ?? Self.host(ofPeer: context.remotePeer)
    )
    let start = ContinuousClock.now
    if let timeout = request.metadata[stringValues: "grpc-timeout"].first(where: { _ in true }).flatMap(CallOptions.parseTimeout) {
      incoming.deadline = start + timeout
    }
    let requestContext = incoming
    let accessLog = self.accessLog
    let record = requestContext.record
    let method = context.descriptor
    let metrics = self.metrics
    let logger = self.logger
    let disk = self.disk
    let pageByteBudget = self.pageByteBudget
    metrics.started(method)
    let span = Self.serverSpan(method, metadata: request.metadata, requestID: requestContext.requestID)

    @Sendable func finish(_ error: (any Error)?) -> RPCError? {
      let mapped = error.map { Self.map($0, method: method, logger: logger, disk: disk) }
      let code = mapped?.code.canonicalName ?? "OK"
      let elapsed = ContinuousClock.now - start
      metrics.record(method: method, code: code, duration: elapsed)
      if let span { RPCSpan.end(span, code: mapped?.code) }
      if accessLog {
        logger.info(
          "rpc",
          metadata: [
            "method": "\(method)", "code": "\(code)", "ms": "\((elapsed.inSeconds * 10_000).rounded() / 10)",
            "user_id": "\(record.userID ?? "-")",
          ])
      }
      if let mapped, mapped.code == .internalError {
        logger.error("rpc failed", metadata: ["method": "\(method)", "code": "\(mapped.code)"])
      }
      return mapped
    }

    return try await Self.within(span, requestContext, pageByteBudget) {
      let response: StreamingServerResponse<Output>
      do {
        response = try await next(request, context)
      } catch {
        throw finish(error)!
      }
      // A handler's error usually arrives here, as a rejected response: the client hears
      // it mapped (INTERNAL for the unexpected, bounded for every client's limits).
      if case .failure(let error) = response.accepted {
        return StreamingServerResponse(error: finish(error)!)
      }
      return response.wrappingProducer { produce in
        try await Self.within(span, requestContext, pageByteBudget) {
          do {
            let trailers = try await produce()
            _ = finish(nil)
            return trailers
          } catch {
            throw finish(error)!
          }
        }
      }
    }
  }

  /// The call's span, a child of the caller's `traceparent` (a new trace without one);
  /// nil when the process exports no traces.
  static func serverSpan(_ method: MethodDescriptor, metadata: Metadata, requestID: String) -> (any Span)? {
    guard TraceContext.isEnabled else { return nil }
    var parent = ServiceContext.topLevel
    InstrumentationSystem.instrument.extract(metadata, into: &parent, using: MetadataCarrier())
    return RPCSpan.start(method, parent: parent, kind: .server, requestID: requestID)
  }

  /// Runs `body` with the request context, and the span's trace context when there is one.
  private static func within<T: Sendable>(
    _ span: (any Span)?, _ context: RequestContext, _ pageByteBudget: Int, _ body: () async throws -> T
  ) async throws -> T {
    try await Paging.$byteBudget.withValue(pageByteBudget) {
      try await RequestContext.$current.withValue(context) {
        guard let span else { return try await body() }
        return try await ServiceContext.withValue(span.context) { try await body() }
      }
    }
  }

  /// Any error → an `RPCError`; a failing disk is the server's condition (every
  /// service's store errors fall through to here); unexpected ones become INTERNAL and
  /// are logged with the request id so an operator can find them.
  static func map(_ error: any Error, method: MethodDescriptor, logger: Logger, disk: DiskHealth? = nil) -> RPCError {
    if let rpcError = error as? RPCError {
      // grpc-swift hands an interceptor a handler's (or an inner interceptor's) error that
      // is not an RPCError as UNKNOWN with that error as its cause: map what was thrown.
      if rpcError.code == .unknown {
        if let cause = rpcError.cause { return map(cause, method: method, logger: logger, disk: disk) }
        return internalError(rpcError, method: method, logger: logger)
      }
      return rpcError.bounded()
    }
    if let convertible = error as? any RPCErrorConvertible { return RPCError(convertible).bounded() }
    if error is CancellationError { return RPCError(code: .cancelled, message: "the call was cancelled") }
    if let fault = StorageFault(error) {
      disk?.note(fault)
      logger.warning("storage fault", metadata: ["method": "\(method)", "fault": "\(fault)", "error": "\(error)"])
      return fault.rpcError
    }
    return internalError(error, method: method, logger: logger)
  }

  private static func internalError(_ error: any Error, method: MethodDescriptor, logger: Logger) -> RPCError {
    let requestID = RequestContext.current?.requestID ?? "-"
    logger.error("unexpected error", metadata: ["method": "\(method)", "error": "\(String(reflecting: error))"])
    return RPCError(code: .internalError, message: "internal error; request id \(requestID)")
  }

  static func trustedForwardedFor(_ metadata: Metadata, proof: String?) -> String? {
    guard let proof, let presented = metadata[stringValues: ServiceCredential.forwardedByHeader].first(where: { _ in true }),
      ServiceCredential.constantTimeEqual(proof, presented)
    else { return nil }
    return metadata[stringValues: "x-forwarded-for"].first(where: { _ in true })
  }

  public static func isValidRequestID(_ id: String) -> Bool {
    !id.isEmpty && id.count <= 128 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  /// "ipv4:127.0.0.1:5000" → "127.0.0.1"; "ipv6:[::1]:5000" → "::1".
  static func host(ofPeer peer: String) -> String {
    var rest = Substring(peer)
    if let colon = rest.firstIndex(of: ":"), rest.hasPrefix("ipv") { rest = rest[rest.index(after: colon)...] }
    if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[rest.index(after: rest.startIndex)..<close]) }
    if let colon = rest.lastIndex(of: ":") { return String(rest[..<colon]) }
    return String(rest)
  }
}
