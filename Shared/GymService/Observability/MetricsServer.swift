import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// A tiny HTTP/1.1 server that answers `GET /metrics` with the Prometheus text
/// exposition of `RPCMetrics`, and the probes of those that cannot speak gRPC over TLS,
/// such as Kubernetes' kubelet: `GET /livez`, 200 whenever the process's event loop
/// answers (liveness: restart only a process that cannot answer at all), and
/// `GET /readyz` (also `/healthz`), the serving status with what it depends on (200
/// SERVING, else 503: readiness, so a lost dependency takes a process out of rotation
/// and never gets it restarted). Everything else is 404.
public struct MetricsServer: Service {
  private let address: HostPort
  private let metrics: RPCMetrics
  private let health: HealthStatus?
  private let logger: Logger

  public init(address: HostPort, metrics: RPCMetrics, health: HealthStatus? = nil, logger: Logger) {
    self.address = address
    self.metrics = metrics
    self.health = health
    self.logger = logger
  }

  public func run() async throws {
    let metrics = self.metrics
    let health = self.health
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(MetricsHTTPHandler(metrics: metrics, health: health))
        }
      }
      .bind(host: address.host, port: address.port).get()
    logger.info("metrics listening", metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
    // Cancelled or shut down, the listener closes; a close that fails leaves nothing to undo.
    try? await gracefulShutdown()
    try? await channel.close()
  }
}

private final class MetricsHTTPHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let metrics: RPCMetrics
  private let health: HealthStatus?
  private var path = ""
  private var keepAlive = false

  init(metrics: RPCMetrics, health: HealthStatus?) {
    self.metrics = metrics
    self.health = health
  }

  private func answer() -> (HTTPResponseStatus, contentType: String, body: String) {
    switch path {
    case "/livez":
      return (.ok, "text/plain", "ALIVE\n")
    case "/readyz" where health != nil, "/healthz" where health != nil:
      let status = health?.status(of: "") ?? .unknown
      // Reads go on while the disk is full, so the process stays up; the body says so.
      let disk = health?.status(of: DiskHealth.healthName) == .notServing ? "disk full: writes fail\n" : ""
      return (status == .serving ? .ok : .serviceUnavailable, "text/plain", "\(status)".uppercased() + "\n" + disk)
    default:
      return (.notFound, "text/plain", "not found: try /metrics, /livez or /readyz\n")
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      path = head.uri.split(separator: "?").first.map(String.init) ?? head.uri
      keepAlive = head.isKeepAlive
    case .body:
      break
    case .end:
      guard path == "/metrics" else {
        let (status, contentType, body) = answer()
        respond(context: context, status: status, contentType: contentType, body: body)
        return
      }
      // Gauges may read the database: off the event loop, answered back on it.
      let metrics = self.metrics
      let promise = context.eventLoop.makePromise(of: String.self)
      promise.completeWithTask { await metrics.exposition() }
      promise.futureResult.assumeIsolated().whenSuccess { body in
        self.respond(context: context, status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", body: body)
      }
    }
  }

  private func respond(context: ChannelHandlerContext, status: HTTPResponseStatus, contentType: String, body: String) {
    var headers = HTTPHeaders()
    headers.add(name: "content-type", value: contentType)
    headers.add(name: "content-length", value: "\(body.utf8.count)")
    let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
    let keepAlive = self.keepAlive
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in
      if !keepAlive { channel.close(promise: nil) }
    }
  }
}
