import GRPCCore
import GRPCNIOTransportHTTP2
import ServiceLifecycle

/// A gRPC client to another gym process, with the request id propagated on every call.
public typealias GymGRPCClient = GRPCClient<HTTP2ClientTransport.Posix>

public enum GymClient {
  /// An HTTP/2 client to `address`, with TLS when `tls` is given; run it with `ClientConnections`.
  public static func make(
    to address: HostPort,
    tls: InternalTLS?,
    interceptors: [any ClientInterceptor] = [],
    metrics: RPCMetrics? = nil
  ) throws -> GymGRPCClient {
    let transport = try HTTP2ClientTransport.Posix(
      target: address.target,
      transportSecurity: try tls?.transportSecurity ?? .plaintext,
      config: .defaults { config in
        // Reconnect quickly after a backend restart; callers fail fast meanwhile.
        config.backoff.initial = .milliseconds(100)
        config.backoff.max = .seconds(2)
        // Finds a connection that died without a reset (long streams such as the
        // revocation feed would otherwise wait on it). 30 s: servers refuse pings more
        // often than every 20 s.
        config.connection.keepalive = .init(time: .seconds(30), timeout: .seconds(10), allowWithoutCalls: false)
      }
    )
    let counting: [any ClientInterceptor] = metrics.map { [ClientMetricsInterceptor(metrics: $0)] } ?? []
    return GRPCClient(
      transport: transport, interceptors: counting + [RequestIDClientInterceptor(), TracingClientInterceptor()] + interceptors)
  }
}

/// Forwards the current request id to the next hop.
public struct RequestIDClientInterceptor: ClientInterceptor {
  public init() {}

  public func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingClientRequest<Input>,
    context: ClientContext,
    next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
  ) async throws -> StreamingClientResponse<Output> {
    var request = request
    if let id = RequestContext.current?.requestID,
      request.metadata[stringValues: RequestContext.requestIDKey].first(where: { _ in true }) == nil
    {
      request.metadata.addString(id, forKey: RequestContext.requestIDKey)
    }
    return try await next(request, context)
  }
}

/// Runs a client's connections as a lifecycle service; closes them on shutdown.
public struct ClientConnections<Transport: ClientTransport>: Service {
  let client: GRPCClient<Transport>

  public init(_ client: GRPCClient<Transport>) { self.client = client }

  public func run() async throws {
    try await withGracefulShutdownHandler {
      try await client.runConnections()
    } onGracefulShutdown: {
      client.beginGracefulShutdown()
    }
  }
}

extension HostPort {
  /// Where a client dials: an IP literal as an address, a name through DNS. A literal must
  /// not become a DNS target: its authority would be sent as the TLS server name, which
  /// TLS forbids for addresses, and the handshake would fail.
  public var target: any ResolvableTarget {
    switch Self.addressBytes(host)?.count {
    case 4: .ipv4(address: host, port: port)
    case 16: .ipv6(address: host, port: port)
    default: .dns(host: host, port: port)
    }
  }
}

/// Counts this process's calls to another gym process as its client
/// (`grpc_client_started_total`, `grpc_client_handled_total`,
/// `grpc_client_handling_seconds`): which peer is slow or failing, seen from the caller.
public struct ClientMetricsInterceptor: ClientInterceptor {
  let metrics: RPCMetrics

  public init(metrics: RPCMetrics) { self.metrics = metrics }

  public func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingClientRequest<Input>,
    context: ClientContext,
    next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
  ) async throws -> StreamingClientResponse<Output> {
    let method = context.descriptor
    let start = ContinuousClock.now
    let metrics = self.metrics
    metrics.started(method, side: .client)
    return try await ClientCallEnd.observe({ try await next(request, context) }) { error in
      metrics.record(method: method, code: error.map(Self.code) ?? "OK", duration: .now - start, side: .client)
    }
  }
}

extension ClientMetricsInterceptor {
  static func code(_ error: any Error) -> String {
    if let error = error as? RPCError { return error.code.canonicalName }
    return error is CancellationError ? "CANCELLED" : "UNKNOWN"
  }
}
