import GRPCCore
import GymService
import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2
import Tracing

/// One client stream at the door, relayed frame by frame to one backend stream: the
/// request headers are checked (route, rate limits, token) and rewritten (request id,
/// client address, bounded deadline, credential dropped), DATA frames pass through
/// untouched but for the size check of each message, response headers and trailers
/// come back with the request id added, and a reset on either side resets the other.
///
/// Flow control is end to end: a side is read only while the other can take more, so
/// HTTP/2 windows, not the gateway's memory, hold a fast writer back.
final class RelayStream: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias OutboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload
  typealias InboundOut = HTTP2Frame.FramePayload

  private enum Phase {
    /// Waiting for the request headers.
    case idle
    /// The door's checks and the backend stream's opening are under way.
    case opening
    case relaying
    case done
  }

  private let config: RelayConfig
  private let loop: RelayLoop
  private let peer: RelayPeer
  private var context: ChannelHandlerContext!
  private var phase = Phase.idle
  private var backend: BackendStream?
  /// Request frames that arrived before the backend stream was open.
  private var held: [HTTP2Frame.FramePayload] = []
  private var readPending = false
  private var wroteToBackend = false
  private var requestFraming = MessageFraming()
  private var responseFraming = MessageFraming()
  private var responseStarted = false

  // What the call's metrics and access log line need.
  private var entry: RelayRoutes.Entry?
  private var requestID = ""
  private var started = ContinuousClock.now
  private var userID: String?
  private var streamHolder: String?
  /// When a backend stream was opened: from then the call counts as forwarded to its
  /// backend (the gateway's client side).
  private var forwardedAt: ContinuousClock.Instant?
  private var deadline: Scheduled<Void>?
  /// The protocol the client speaks when it is not gRPC (its handler sits in front).
  private var door: String?
  /// The call's span when the gateway exports traces.
  private var span: (any Span)?

  init(config: RelayConfig, loop: RelayLoop, peer: RelayPeer) {
    self.config = config
    self.loop = loop
    self.peer = peer
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  // MARK: From the client

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let payload = unwrapInboundIn(data)
    switch payload {
    case .headers(let headers) where phase == .idle:
      begin(headers.headers, endStream: headers.endStream)
    case .headers:
      toBackend(payload)
    case .data(let data):
      if case .byteBuffer(let buffer) = data.data, let size = requestFraming.oversized(in: buffer, limit: config.maxMessageBytes) {
        fail(
          RPCError(
            code: .resourceExhausted, message: "request message of \(size) bytes exceeds the limit of \(config.maxMessageBytes) bytes"))
        return
      }
      toBackend(payload)
    case .rstStream:
      // The client cancelled: the backend hears it as a reset of its stream.
      finish(code: "CANCELLED")
    default:
      break
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if wroteToBackend {
      wroteToBackend = false
      backend?.flush()
    }
    context.fireChannelReadComplete()
  }

  func read(context: ChannelHandlerContext) {
    switch phase {
    case .idle, .done:
      context.read()
    case .opening:
      readPending = true
    case .relaying:
      if backend?.isWritable ?? true { context.read() } else { readPending = true }
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { backend?.resumeReading() }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    // The client's connection or stream went away before the call ended.
    finish(code: "CANCELLED")
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // Stream errors (a protocol violation by the client) end this stream only.
    finish(code: "CANCELLED")
    context.close(promise: nil)
  }

  private func toBackend(_ payload: HTTP2Frame.FramePayload) {
    switch phase {
    case .relaying:
      backend?.write(payload)
      wroteToBackend = true
    case .opening, .idle:
      held.append(payload)
    case .done:
      break  // the call is over; what the client still sends is dropped
    }
  }

  // MARK: Opening

  private func begin(_ headers: HPACKHeaders, endStream: Bool) {
    phase = .opening
    started = .now
    requestID = headers[RequestContext.requestIDKey].first(where: RequestInterceptor.isValidRequestID) ?? RequestContext.newRequestID()
    guard headers[":method"].first == "POST", GRPCWire.isGRPC(contentType: headers["content-type"].first) else {
      if door == nil, let (door, handler) = config.doors.lazy.compactMap({ door in door.handler(for: headers).map { (door, $0) } }).first {
        // Another protocol: its handler goes in front and hears the request from the
        // start; what it makes of it comes back here as gRPC.
        self.door = door.name
        phase = .idle
        do {
          let sync = context.pipeline.syncOperations
          try sync.addHandler(handler, name: DoorHandlerName.door, position: .before(self))
          handler.channelRead(context: try sync.context(handler: handler), data: wrapInboundOut(.headers(.init(headers: headers, endStream: endStream))))
        } catch {
          respond(status: "500")
        }
        return
      }
      // Not a request any protocol here takes: an HTTP answer a browser or curl can read.
      respond(status: headers[":method"].first == "POST" ? "415" : "405")
      return
    }
    let path = headers[":path"].first ?? ""
    let clientAddress = peer.clientAddress
    guard let entry = config.routes[path] else {
      // The gateway's own services: its local server checks tokens and limits itself,
      // believing the client address the relay vouches for.
      var local = rewritten(headers, timeout: headers["grpc-timeout"].first, keepCredential: true, clientAddress: clientAddress)
      if let reached = peer.reachedAddress { local.add(name: FrameRelay.reachedAddressHeader, value: reached) }
      open(loop.local, headers: local, endStream: endStream)
      return
    }
    self.entry = entry
    config.calls.started(entry.method)
    span = RelayTracing.start(entry.method, headers: headers, requestID: requestID, protocol: door)
    let admission = config.admission
    let callContext = RequestContext(requestID: requestID, clientAddress: clientAddress)
    switch admission.admitNow(entry, headers: headers, context: callContext) {
    case .admitted(let admitted)?:
      self.admitted(admitted, entry: entry, headers: headers, endStream: endStream, clientAddress: clientAddress)
      return
    case .refused(let error, let hold)?:
      guard hold else {
        fail(error)
        return
      }
      // As the interceptor does: an address over its limit hears so only after a hold.
      _ = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(RateLimitInterceptor.hold)) { self.fail(error) }
      return
    case nil:
      break
    }
    let promise = context.eventLoop.makePromise(of: RequestContext.self)
    promise.completeWithTask { try await admission.admit(entry, headers: headers, context: callContext) }
    promise.futureResult.assumeIsolated().whenComplete { result in
      switch result {
      case .success(let admitted): self.admitted(admitted, entry: entry, headers: headers, endStream: endStream, clientAddress: clientAddress)
      case .failure(let error): self.fail(Self.rpcError(error))
      }
    }
  }

  private func admitted(_ admitted: RequestContext, entry: RelayRoutes.Entry, headers: HPACKHeaders, endStream: Bool, clientAddress: String?) {
    guard phase == .opening else { return }  // the client left meanwhile
    userID = admitted.caller?.userID
    let link: BackendLink?
    if entry.longLived {
      // Every long-lived method needs a signed-in caller; admission refused any other.
      guard let userID = admitted.caller?.userID else {
        fail(RPCError(code: .unauthenticated, message: "sign in first: this stream needs an access token"))
        return
      }
      do {
        try config.streamQuota.take(userID)
      } catch {
        fail(error)
        return
      }
      streamHolder = userID
      link = loop.streams[entry.backend] ?? loop.calls[entry.backend]
    } else {
      link = loop.calls[entry.backend]
    }
    guard let link else {
      fail(RPCError(code: .unavailable, message: "no address is configured for gym-\(entry.backend)"))
      return
    }
    // An operator task (an import, an export) may take longer than any user call: it gets
    // the deadline gymctl asked for, as a long-lived stream does.
    let operatorCall = entry.operatorTask && admitted.isServiceCall
    let timeout = config.timeout(requested: headers["grpc-timeout"].first, unbounded: entry.longLived || operatorCall)
    if let timeout {
      deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) {
        self.fail(RPCError(code: .deadlineExceeded, message: "the call's deadline passed"))
      }
    }
    open(
      link, headers: rewritten(headers, timeout: timeout.map(GRPCWire.timeoutHeader), keepCredential: operatorCall, clientAddress: clientAddress),
      endStream: endStream)
  }

  /// The request headers as the backend gets them.
  private func rewritten(_ headers: HPACKHeaders, timeout: String?, keepCredential: Bool, clientAddress: String?) -> HPACKHeaders {
    var out = HPACKHeaders()
    out.reserveCapacity(headers.count + 4)
    out.add(name: ":method", value: "POST")
    out.add(name: ":scheme", value: "http")
    out.add(name: ":path", value: headers[":path"].first ?? "")
    out.add(name: ":authority", value: headers[":authority"].first ?? "gym-gateway")
    out.add(name: "content-type", value: headers["content-type"].first ?? "application/grpc")
    out.add(name: "te", value: "trailers")
    if let timeout { out.add(name: "grpc-timeout", value: timeout) }
    for (name, value, indexing) in headers where !RelayConfig.isDropped(name) {
      // A traced call's backend hears of the gateway's span, not of the client's.
      if span != nil, name == "traceparent" || name == "tracestate" { continue }
      out.add(name: name, value: value, indexing: indexing)
    }
    if let span { RelayTracing.inject(span, into: &out) }
    if keepCredential {
      for value in headers[ServiceCredential.header] { out.add(name: ServiceCredential.header, value: value, indexing: .neverIndexed) }
    }
    out.add(name: RequestContext.requestIDKey, value: requestID)
    if let clientAddress {
      out.add(name: "x-forwarded-for", value: clientAddress)
      // Indexed: the same value on every call costs one table entry instead of its bytes.
      out.add(name: ServiceCredential.forwardedByHeader, value: config.forwardingProof)
    }
    return out
  }

  private func open(_ link: BackendLink, headers: HPACKHeaders, endStream: Bool) {
    let relay = NIOLoopBound(self, eventLoop: context.eventLoop)
    link.openStream { channel, pacer in
      channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHandler(BackendStream(relay: relay.value, pacer: pacer))
      }
    }.assumeIsolated().whenComplete { result in
      switch result {
      case .success(let channel):
        guard let backend = try? channel.pipeline.syncOperations.handler(type: BackendStream.self), self.phase == .opening else {
          channel.close(promise: nil)  // the client left (or the deadline passed) meanwhile
          return
        }
        self.backend = backend
        self.phase = .relaying
        self.forwardedAt = .now
        if let entry = self.entry { self.config.calls.metrics.started(entry.method, side: .client) }
        backend.write(.headers(.init(headers: headers, endStream: endStream)))
        for payload in self.held { backend.write(payload) }
        self.held = []
        backend.flush()
        if self.readPending {
          self.readPending = false
          self.context.read()
        }
      case .failure(let error):
        self.fail(Self.rpcError(error))
      }
    }
  }

  // MARK: From the backend

  func backendHeaders(_ headers: HPACKHeaders, endStream: Bool) {
    guard phase == .relaying else { return }
    var headers = headers
    if !responseStarted, headers[RequestContext.requestIDKey].isEmpty {
      // Echoed so a client can quote it when reporting a problem.
      headers.add(name: RequestContext.requestIDKey, value: requestID)
    }
    responseStarted = true
    // Recorded before the trailers go: flushing them can close the stream at once.
    if endStream { finish(code: GRPCWire.codeName(headers["grpc-status"].first)) }
    context.write(wrapOutboundOut(.headers(.init(headers: headers, endStream: endStream))), promise: nil)
    if endStream { context.flush() }
  }

  func backendData(_ data: HTTP2Frame.FramePayload.Data) {
    guard phase == .relaying else { return }
    if case .byteBuffer(let buffer) = data.data, responseFraming.oversized(in: buffer, limit: config.maxMessageBytes) != nil {
      fail(
        RPCError(
          code: .resourceExhausted,
          message: "the response exceeds the limit of \(config.maxMessageBytes) bytes; ask for less (a smaller page_size)"))
      return
    }
    if data.endStream { finish(code: "UNKNOWN") }  // a response must end with trailers
    context.write(wrapOutboundOut(.data(data)), promise: nil)
  }

  func backendReadComplete() { context.flush() }

  var clientIsWritable: Bool { context.channel.isWritable }

  /// The backend stream ended without trailers (reset, or its connection lost).
  func backendEnded(reset: HTTP2ErrorCode?) {
    guard phase == .relaying else { return }
    let name = entry.map { "gym-\($0.backend)" } ?? "the gateway"
    let how = reset.map { "reset the call (\($0))" } ?? "closed the call without a status"
    fail(RPCError(code: .unavailable, message: "\(name) \(how); try again"))
  }

  func backendWritable() {
    if readPending {
      readPending = false
      context.read()
    }
  }

  // MARK: Ending

  /// Ends the call with `error` as the client's status (the backend stream is reset).
  private func fail(_ error: RPCError) {
    guard phase != .done else { return }
    let headers = responseStarted ? GRPCWire.trailers(error) : GRPCWire.trailersOnly(error, requestID: requestID)
    responseStarted = true
    finish(code: error.code.canonicalName)
    context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
  }

  /// A plain HTTP status, for requests that are not gRPC.
  private func respond(status: String) {
    context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: [":status": status], endStream: true))), promise: nil)
    phase = .done
  }

  private func finish(code: String) {
    guard phase != .done else { return }
    phase = .done
    held = []
    deadline?.cancel()
    deadline = nil
    if let streamHolder {
      config.streamQuota.release(streamHolder)
      self.streamHolder = nil
    }
    // The backend's stream is reset unless it ended: the relay hears nothing more of it.
    let backend = self.backend
    self.backend = nil
    backend?.detach()
    backend?.reset()
    if readPending {
      // What the client still sends is read and dropped, so its window keeps moving.
      readPending = false
      context.read()
    }
    guard let entry else { return }  // the gateway's own services record their calls themselves
    let elapsed = ContinuousClock.now - started
    let traceID = span.flatMap(RelayTracing.traceID)
    if let span {
      RelayTracing.end(span, code: code)
      self.span = nil
    }
    config.calls.record(
      entry.method, code: code, duration: elapsed, userID: userID, requestID: requestID, protocol: door ?? "grpc",
      forwarded: forwardedAt.map { ContinuousClock.now - $0 }, traceID: traceID)
  }

  private static func rpcError(_ error: any Error) -> RPCError {
    if let error = error as? RPCError { return error }
    if error is CancellationError { return RPCError(code: .cancelled, message: "the call was cancelled") }
    return RPCError(code: .unavailable, message: "the backend cannot be reached: \(error); try again shortly")
  }
}

/// The client's connection as a relayed stream sees it.
struct RelayPeer {
  /// The client's IP address, for rate limits and `x-forwarded-for`.
  let clientAddress: String?
  private let reached: SocketAddress?

  init(connection: any Channel) {
    clientAddress = connection.remoteAddress?.ipAddress
    reached = connection.localAddress
  }

  /// The gateway address the client reached, "host:port".
  var reachedAddress: String? {
    guard let reached, let host = reached.ipAddress, let port = reached.port else { return nil }
    return "\(host):\(port)"
  }
}
