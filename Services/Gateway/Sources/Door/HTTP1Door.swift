import NIOCore
import NIOHPACK
import NIOHTTP1
import NIOHTTP2

/// An HTTP/1.1 client at the door (a browser's gRPC-Web or JSON call, curl): each
/// request becomes the frames of one HTTP/2 stream for a fresh `RelayStream`, and what
/// that answers becomes the HTTP/1.1 response, so every protocol's handler serves both
/// versions unchanged. Requests are answered one at a time, in order (NIO's pipelining
/// handler holds the next until the response before it has ended). gRPC itself needs
/// HTTP/2 trailers and is refused with 505.
final class HTTP1Door: ChannelDuplexHandler, RemovableChannelHandler, DoorConnection {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTP2Frame.FramePayload
  typealias OutboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTPServerResponsePart

  private let makeRelay: () -> RelayStream
  private let limits: RelayConnection.Limits
  private let scheme: String
  private var context: ChannelHandlerContext?
  /// A request's head came and its response has not ended.
  private var busy = false
  /// The request is refused here: its body is dropped.
  private var refused = false
  private var responseStarted = false
  private var keepAlive = true
  private var draining = false
  private var idleTimer: Scheduled<Void>?
  private var ageTimer: Scheduled<Void>?
  private var graceTimer: Scheduled<Void>?

  init(limits: RelayConnection.Limits, scheme: String, makeRelay: @escaping () -> RelayStream) {
    self.limits = limits
    self.scheme = scheme
    self.makeRelay = makeRelay
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    scheduleIdle()
    if let maxAge = limits.maxAge {
      ageTimer = context.eventLoop.assumeIsolated().scheduleTask(in: maxAge) { self.drain() }
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    idleTimer?.cancel()
    ageTimer?.cancel()
    graceTimer?.cancel()
    self.context = nil
  }

  // MARK: Requests

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      begin(head, context: context)
    case .body(let body):
      guard !refused else { return }
      context.fireChannelRead(wrapInboundOut(.data(.init(data: .byteBuffer(body)))))
    case .end:
      guard !refused else { return }
      context.fireChannelRead(wrapInboundOut(.data(.init(data: .byteBuffer(ByteBuffer()), endStream: true))))
    }
  }

  private func begin(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
    idleTimer?.cancel()
    idleTimer = nil
    busy = true
    responseStarted = false
    // A request that offers an upgrade (h2c, which curl --http2 and Java's HttpClient
    // offer) is answered in HTTP/1.1 and then the connection is closed: NIO's decoder
    // reads nothing after such a request, so a next one on it would never be answered.
    keepAlive = head.isKeepAlive && !Self.offersUpgrade(head.headers)
    // The previous request's handlers have answered: a fresh relay for this one.
    let sync = context.pipeline.syncOperations
    for name in [DoorHandlerName.door, DoorHandlerName.relay] {
      if (try? sync.context(name: name)) != nil { sync.removeHandler(name: name, promise: nil) }
    }
    if GRPCWire.isGRPC(contentType: head.headers["content-type"].first) {
      refused = true
      respond(.httpVersionNotSupported, "gRPC needs HTTP/2; over HTTP/1.1 use gRPC-Web (application/grpc-web) or the JSON API\n")
      return
    }
    refused = false
    var headers = HPACKHeaders()
    headers.reserveCapacity(head.headers.count + 4)
    headers.add(name: ":method", value: head.method.rawValue)
    headers.add(name: ":scheme", value: scheme)
    headers.add(name: ":path", value: head.uri)
    if let host = head.headers["host"].first { headers.add(name: ":authority", value: host) }
    for (name, value) in head.headers {
      let lowered = name.lowercased()
      if !Self.hopByHop.contains(lowered) { headers.add(name: lowered, value: value) }
    }
    do {
      try sync.addHandler(makeRelay(), name: DoorHandlerName.relay, position: .after(self))
    } catch {
      refused = true
      respond(.internalServerError, "the gateway could not take the request\n")
      return
    }
    context.fireChannelRead(wrapInboundOut(.headers(.init(headers: headers, endStream: false))))
  }

  /// Whether the request offers to switch protocols (`Connection: upgrade` with `Upgrade`).
  static func offersUpgrade(_ headers: HTTPHeaders) -> Bool {
    !headers["upgrade"].isEmpty && headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
  }

  /// Headers that describe this HTTP/1.1 connection, not the request.
  private static let hopByHop: Set<String> = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host", "te"]

  // MARK: Responses

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .headers(let frame):
      if !responseStarted {
        responseStarted = true
        let status = frame.headers[":status"].first.flatMap(Int.init) ?? 200
        var headers = HTTPHeaders()
        headers.reserveCapacity(frame.headers.count + 2)
        for (name, value, _) in frame.headers where !name.hasPrefix(":") { headers.add(name: name, value: value) }
        if frame.endStream, headers["content-length"].isEmpty { headers.add(name: "content-length", value: "0") }
        if !keepAlive || draining { headers.add(name: "connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        if frame.endStream {
          context.write(wrapOutboundOut(.head(head)), promise: nil)
          end(context: context, trailers: nil, promise: promise)
        } else {
          context.write(wrapOutboundOut(.head(head)), promise: promise)
        }
      } else {
        // Trailers; the protocols translated here put theirs in the body, so these are rare.
        var trailers = HTTPHeaders()
        for (name, value, _) in frame.headers where !name.hasPrefix(":") { trailers.add(name: name, value: value) }
        end(context: context, trailers: trailers.isEmpty ? nil : trailers, promise: promise)
      }
    case .data(let frame):
      let body: IOData = frame.data
      if frame.endStream {
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        end(context: context, trailers: nil, promise: promise)
      } else {
        context.write(wrapOutboundOut(.body(body)), promise: promise)
      }
    case .rstStream:
      // An HTTP/1.1 response cannot be cut short otherwise.
      promise?.succeed()
      context.close(promise: nil)
    default:
      promise?.succeed()
    }
  }

  private func end(context: ChannelHandlerContext, trailers: HTTPHeaders?, promise: EventLoopPromise<Void>?) {
    busy = false
    let close = !keepAlive || draining
    context.writeAndFlush(wrapOutboundOut(.end(trailers)), promise: promise)
    if close {
      context.close(promise: nil)
    } else {
      scheduleIdle()
    }
  }

  private func respond(_ status: HTTPResponseStatus, _ text: String) {
    guard let context else { return }
    responseStarted = true
    var body = context.channel.allocator.buffer(capacity: text.utf8.count)
    body.writeString(text)
    var headers: HTTPHeaders = ["content-type": "text/plain; charset=utf-8", "content-length": "\(body.readableBytes)"]
    if !keepAlive || draining { headers.add(name: "connection", value: "close") }
    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    end(context: context, trailers: nil, promise: nil)
  }

  // MARK: The connection

  private func scheduleIdle() {
    guard let idle = limits.idle, let context else { return }
    idleTimer?.cancel()
    idleTimer = context.eventLoop.assumeIsolated().scheduleTask(in: idle) { self.close() }
  }

  func close() { context?.close(promise: nil) }

  /// Closes the connection now if no request is in flight, else once its response ends
  /// or the grace is over (a live stream never ends by itself).
  func drain() {
    guard !draining else { return }
    draining = true
    guard busy else {
      close()
      return
    }
    graceTimer = context?.eventLoop.assumeIsolated().scheduleTask(in: limits.grace) { self.close() }
  }
}
