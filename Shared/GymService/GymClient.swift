import GRPCCore
import GRPCNIOTransportHTTP2
import ServiceLifecycle

/// A gRPC client to another gym process, with the request id propagated on every call.
public typealias GymGRPCClient = GRPCClient<HTTP2ClientTransport.Posix>

public enum GymClient {
  /// A plaintext HTTP/2 client to `address`; run it with `ClientConnections`.
  public static func make(
    to address: HostPort,
    interceptors: [any ClientInterceptor] = []
  ) throws -> GymGRPCClient {
    let transport = try HTTP2ClientTransport.Posix(
      target: .dns(host: address.host, port: address.port),
      transportSecurity: .plaintext,
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
    return GRPCClient(transport: transport, interceptors: [RequestIDClientInterceptor()] + interceptors)
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
