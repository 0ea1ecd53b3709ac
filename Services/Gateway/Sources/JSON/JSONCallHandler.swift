import GymAPI
import GymService
import NIOCore
import NIOHPACK
import NIOHTTP2

/// One HTTP/JSON request at the door, in front of its `RelayStream`: toward the client
/// it speaks HTTP and JSON, toward the relay gRPC. The request becomes gRPC request
/// headers and one length-prefixed message (a client stream: one per NDJSON line, as the
/// lines arrive); the relay's answer becomes an HTTP status and a JSON body (a server
/// stream: one line per message). What it can refuse by itself (no route, bad JSON, too
/// large) it answers without the relay, and the backends never hear of it.
final class JSONCallHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias InboundOut = HTTP2Frame.FramePayload
  typealias OutboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private enum Phase {
    /// Waiting for the request's headers.
    case idle
    /// A unary call's JSON body is arriving (bounded by the message size limit).
    case readingBody
    /// A client stream: the relay has the call, and each line goes to it as it arrives.
    case streamingRequest
    /// The relay has the whole request; its answer is awaited.
    case awaitingResponse
    /// A server stream: the client has the headers, and a line per message follows.
    case streamingResponse
    /// Answered: whatever else either side sends is dropped.
    case done
  }

  private let door: JSONDoor
  private var context: ChannelHandlerContext!
  private var phase = Phase.idle
  private var request = HPACKHeaders()
  private var route: HTTPRoute?
  private var variables: [(field: String, value: String)] = []
  private var query: Substring = ""
  private var origin: String?
  /// A browser's origin the CORS policy admits: only its answers say so to the browser.
  private var admittedOrigin: String?
  /// The JSON read so far: a unary body, or a client stream's unfinished line.
  private var body: [UInt8] = []
  private var lines = 0
  private var reader = GRPCMessageReader()
  private var answer: ByteBuffer?
  private var relayHeaders = HPACKHeaders()
  private var started = ContinuousClock.now
  /// The request id of an answer the relay did not give: the client's, else a new one.
  private lazy var requestID =
    request[RequestContext.requestIDKey].first(where: RequestInterceptor.isValidRequestID) ?? RequestContext.newRequestID()

  init(door: JSONDoor) {
    self.door = door
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  // MARK: From the client

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .headers(let headers) where phase == .idle:
      begin(headers.headers, endStream: headers.endStream)
    case .headers(let trailers) where trailers.endStream:
      // Request trailers end the body as an empty DATA frame would.
      received(ByteBuffer(), endStream: true)
    case .data(let frame):
      guard case .byteBuffer(let bytes) = frame.data else { return }
      received(bytes, endStream: frame.endStream)
    case .rstStream(let code):
      // The client gave up: the relay, if it has the call, hears it and resets the backend.
      let relayed = phase != .idle && phase != .readingBody
      phase = .done
      if relayed { context.fireChannelRead(wrapInboundOut(.rstStream(code))) }
    default:
      break
    }
  }

  private func begin(_ headers: HPACKHeaders, endStream: Bool) {
    started = .now
    request = headers
    let verb = headers[":method"].first ?? ""
    let target = headers[":path"].first ?? ""
    let path = target.prefix { $0 != "?" }
    query = target.dropFirst(path.count).dropFirst()
    origin = headers["origin"].first
    if CORSPolicy.isPreflight(headers) {
      preflight(path)
      return
    }
    if let origin {
      guard door.cors.allows(origin: origin, authority: headers[":authority"].first ?? headers["host"].first) else {
        refuse(.originRefused(origin))
        return
      }
      admittedOrigin = origin
    }
    if path == JSONDoor.documentPath {
      serveDocument(verb)
      return
    }
    if verb == "OPTIONS" {
      let methods = door.routes.methods(for: path)
      if methods.isEmpty {
        refuse(.notFound(path))
      } else {
        respond(status: 204, extra: [("allow", (methods + ["OPTIONS"]).joined(separator: ", "))])
      }
      return
    }
    switch door.routes.lookup(verb: verb, path: path) {
    case .notFound:
      refuse(.notFound(path))
    case .methodNotAllowed(let allowed):
      refuse(.methodNotAllowed(verb, allowed: allowed))
    case .found(let route, let variables):
      self.route = route
      self.variables = variables
      start(route, endStream: endStream)
    }
  }

  private func start(_ route: HTTPRoute, endStream: Bool) {
    if request["authorization"].isEmpty, request[ServiceCredential.header].isEmpty, Route.access(route.method) != .anyone {
      // No token for a method that needs one: the relay refuses the call before anything
      // else, as it does for a gRPC client, and no backend hears of it. The body, whatever
      // it holds, is not read.
      phase = .awaitingResponse
      toRelay(.headers(.init(headers: grpcRequestHeaders(route), endStream: true)))
      return
    }
    if let length = request["content-length"].first.flatMap({ Int($0) }), length > door.maxMessageBytes {
      refuse(.tooLarge(limit: door.maxMessageBytes))
      return
    }
    if !endStream, let refusal = Self.mediaTypeRefusal(request["content-type"].first, streaming: route.streaming == .clientStream) {
      refuse(refusal)
      return
    }
    guard route.streaming == .clientStream else {
      phase = .readingBody
      if endStream { finishBody() }
      return
    }
    // A client stream opens the call at once: each line is a message the backend may act
    // on before the next arrives.
    phase = .streamingRequest
    toRelay(.headers(.init(headers: grpcRequestHeaders(route), endStream: endStream)))
  }

  private func received(_ bytes: ByteBuffer, endStream: Bool) {
    switch phase {
    case .readingBody:
      guard body.count + bytes.readableBytes <= door.maxMessageBytes else {
        refuse(.tooLarge(limit: door.maxMessageBytes))
        return
      }
      body += bytes.readableBytesView
      if endStream { finishBody() }
    case .streamingRequest:
      body += bytes.readableBytesView
      sendLines(final: endStream)
    default:
      break  // answered already: the rest of the request is dropped
    }
  }

  private func finishBody() {
    guard let route else { return }
    do {
      let message = try door.transcoder.request(route, variables: variables, query: query, body: body)
      body = []
      phase = .awaitingResponse
      toRelay(.headers(.init(headers: grpcRequestHeaders(route), endStream: false)))
      toRelay(.data(.init(data: .byteBuffer(GRPCMessageReader.frame(message, allocator: context.channel.allocator)), endStream: true)))
    } catch {
      refuse(error)
    }
  }

  /// Sends the relay a message for every complete line of a client stream (all of it
  /// when `final`), and the end of the stream when `final`.
  private func sendLines(final: Bool) {
    guard let route else { return }
    var start = 0
    while phase == .streamingRequest {
      let newline = body[start...].firstIndex(of: 0x0A)
      guard let end = newline ?? (final ? body.endIndex : nil) else { break }
      let line = Array(body[start..<end])
      start = min(end + 1, body.endIndex)
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
        if newline == nil { break }
        continue
      }
      lines += 1
      guard line.count <= door.maxMessageBytes else {
        refuse(.tooLarge(limit: door.maxMessageBytes))
        return
      }
      do {
        let message = try door.transcoder.request(route, variables: variables, query: query, body: line)
        toRelay(.data(.init(data: .byteBuffer(GRPCMessageReader.frame(message, allocator: context.channel.allocator)))))
      } catch {
        var numbered = error
        numbered.message = "line \(lines): \(error.message)"
        refuse(numbered)
        return
      }
      if newline == nil { break }
    }
    body.removeFirst(min(start, body.count))
    guard phase == .streamingRequest else { return }
    if body.count > door.maxMessageBytes {
      refuse(.tooLarge(limit: door.maxMessageBytes))
    } else if final {
      phase = .awaitingResponse
      toRelay(.data(.init(data: .byteBuffer(ByteBuffer()), endStream: true)))
    }
  }

  /// The gRPC request the relay admits exactly as it admits a gRPC client's: the token
  /// and the request id pass through; so do `grpc-timeout` and `grpc-metadata-NAME`
  /// headers (as NAME), gRPC-Gateway's way of sending metadata.
  private func grpcRequestHeaders(_ route: HTTPRoute) -> HPACKHeaders {
    var out: HPACKHeaders = [
      ":method": "POST", ":scheme": request[":scheme"].first ?? "http", ":path": route.grpcPath,
      ":authority": request[":authority"].first ?? request["host"].first ?? "gym-gateway",
      "content-type": "application/grpc", "te": "trailers",
    ]
    for (name, value, indexing) in request {
      if Self.passedOn.contains(name) {
        out.add(name: name, value: value, indexing: indexing)
      } else if name.hasPrefix("grpc-metadata-"), name.count > "grpc-metadata-".count {
        out.add(name: String(name.dropFirst("grpc-metadata-".count)), value: value, indexing: indexing)
      }
    }
    return out
  }

  private static let passedOn: Set<String> = [
    "authorization", "grpc-timeout", "user-agent", RequestContext.requestIDKey, ServiceCredential.header,
  ]

  private static func mediaTypeRefusal(_ contentType: String?, streaming: Bool) -> JSONDoorError? {
    guard let contentType else { return nil }
    let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
    // JSON, and what curl -d and fetch() label a body by default: the body is read as
    // JSON whatever they say, and a bad one is refused for what it is.
    if type == "application/json" || type.hasSuffix("+json") || type == "application/x-www-form-urlencoded" || type == "text/plain" {
      return nil
    }
    if streaming && (type == "application/x-ndjson" || type == "application/jsonl" || type == "application/jsonlines") { return nil }
    return .unsupportedMediaType(contentType, expected: streaming ? "application/x-ndjson (one JSON object per line)" : "application/json")
  }

  // MARK: From the relay

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard phase == .streamingRequest || phase == .awaitingResponse || phase == .streamingResponse else {
      promise?.succeed(())
      return
    }
    switch unwrapOutboundIn(data) {
    case .headers(let headers) where headers.endStream:
      finish(trailers: headers.headers)
    case .headers(let headers):
      // Kept for the request id; the client's status waits for the first message or the
      // trailers, so that a call refused at once is an HTTP error, not a 200 stream.
      relayHeaders = headers.headers
    case .data(let frame):
      guard case .byteBuffer(let bytes) = frame.data else { break }
      do {
        for message in try reader.read(bytes) { received(message: message) }
      } catch {
        fail(code: 13, "the backend answered with a compressed message, which the gateway did not ask for")
      }
      // A response ends with trailers; one that does not is the relay's UNKNOWN.
      if frame.endStream, phase != .done { fail(code: 2, "the backend ended the call without a status") }
    default:
      context.write(data, promise: promise)
      return
    }
    promise?.succeed(())
  }

  private func received(message: ByteBuffer) {
    guard let route else { return }
    if route.streaming == .serverStream, phase == .awaitingResponse {
      phase = .streamingResponse
      context.write(wrapOutboundOut(.headers(.init(headers: responseHeaders(status: 200, contentType: "application/x-ndjson")))), promise: nil)
    }
    guard phase == .streamingResponse else {
      guard answer == nil else {
        fail(code: 13, "\(route.method) answered more than one message")
        return
      }
      answer = message
      return
    }
    do {
      let json = try route.encode(message)
      var line = context.channel.allocator.buffer(capacity: json.count + 12)
      line.writeString(#"{"result":"#)
      line.writeBytes(json)
      line.writeString("}\n")
      context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(line)))), promise: nil)
    } catch {
      fail(code: 13, "the gateway could not write \(route.responseType) as JSON: \(error)")
    }
  }

  private func finish(trailers: HPACKHeaders) {
    guard let route else { return }
    for value in trailers[RequestContext.requestIDKey] where relayHeaders[RequestContext.requestIDKey].isEmpty {
      relayHeaders.add(name: RequestContext.requestIDKey, value: value)
    }
    if let error = JSONErrorBody(trailers: trailers) {
      failed(error)
      return
    }
    if phase == .streamingResponse {
      phase = .done
      context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(ByteBuffer()), endStream: true))), promise: nil)
      return
    }
    if route.streaming == .serverStream {
      // OK with no message and no headers before: an empty stream.
      respond(status: 200, contentType: "application/x-ndjson", body: ByteBuffer())
      return
    }
    guard let answer else {
      fail(code: 2, "\(route.method) answered OK without a message")
      return
    }
    do {
      respond(status: 200, contentType: "application/json", body: ByteBuffer(bytes: try route.encode(answer)))
    } catch {
      fail(code: 13, "the gateway could not write \(route.responseType) as JSON: \(error)")
    }
  }

  /// Ends the call with a status of the gateway's own; the relay is told to reset the
  /// backend once its own write, which brought the failure, has returned.
  private func fail(code: Int32, _ message: String) {
    guard phase != .done else { return }
    var status = Google_Rpc_Status()
    status.code = code
    status.message = message
    let relayed = phase == .streamingRequest || phase == .awaitingResponse || phase == .streamingResponse
    failed(JSONErrorBody(status: status))
    if relayed { context.eventLoop.assumeIsolated().execute { self.toRelay(.rstStream(.cancel)) } }
  }

  private func failed(_ error: JSONErrorBody) {
    if phase == .streamingResponse {
      // The client has a 200 already: the status is the stream's last line.
      phase = .done
      var line = context.channel.allocator.buffer(capacity: error.json.count + 12)
      line.writeString(#"{"error":"#)
      line.writeBytes(error.json)
      line.writeString("}\n")
      context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(line), endStream: true))), promise: nil)
      return
    }
    var extra: [(String, String)] = []
    if let retryAfter = error.retryAfter { extra.append(("retry-after", String(retryAfter))) }
    if error.httpStatus == 401 { extra.append(("www-authenticate", "Bearer")) }
    respond(status: error.httpStatus, contentType: "application/json", body: ByteBuffer(bytes: error.json), extra: extra)
  }

  // MARK: Answers of the door's own

  /// Refuses the request with `error`; a relay that already has the call is told to drop it.
  private func refuse(_ error: JSONDoorError) {
    var body = JSONErrorBody(error)
    var code = error.code
    if phase == .streamingRequest || phase == .awaitingResponse {
      toRelay(.rstStream(.cancel))
    } else if let route {
      // The relay never heard of the call. As a gRPC client's undecodable message would,
      // it costs the client's address a token of the method's class (a flood of bad
      // requests meets the limits good ones do); past the limit it is the relay's 429.
      let methodClass = RateLimiter.methodClass(of: route.method)
      if let limiter = door.limiter, let address = (context.channel.parent ?? context.channel).remoteAddress?.ipAddress,
        let wait = limiter.admit(methodClass, address: address),
        let limited = JSONErrorBody(
          trailers: GRPCWire.trailersOnly(RateLimitInterceptor.refusal(methodClass, stage: .address, wait: wait), requestID: nil))
      {
        body = limited
        code = .resourceExhausted
      }
      // And it is counted and logged as the relay would have.
      door.record?.refused(route.method, code: code, since: started, requestID: requestID)
    }
    var extra = code == error.code ? error.headers : []
    if let retryAfter = body.retryAfter { extra.append(("retry-after", String(retryAfter))) }
    respond(status: body.httpStatus, contentType: "application/json", body: ByteBuffer(bytes: body.json), extra: extra)
  }

  private func preflight(_ path: Substring) {
    let methods = path == JSONDoor.documentPath ? ["GET", "HEAD"] : door.routes.methods(for: path)
    guard !methods.isEmpty else {
      refuse(.notFound(path))
      return
    }
    phase = .done
    var headers = door.cors.preflight(request, methods: (methods + ["OPTIONS"]).joined(separator: ", "))
    if headers[":status"].first == "403" {
      // The preflight's refusal says why, for whoever reads the network panel.
      refuse(.originRefused(origin ?? ""))
      return
    }
    headers.add(name: "content-length", value: "0")
    context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
  }

  private func serveDocument(_ verb: String) {
    guard verb == "GET" || verb == "HEAD" else {
      refuse(.methodNotAllowed(verb, allowed: ["GET", "HEAD"]))
      return
    }
    // Public and the same for everyone: caches may keep it, asking again with its etag.
    let extra = [("etag", JSONDoor.documentETag), ("cache-control", "no-cache")]
    if request["if-none-match"].contains(where: { $0 == JSONDoor.documentETag || $0 == "*" }) {
      respond(status: 304, extra: extra)
    } else if verb == "HEAD" {
      phase = .done
      var headers = responseHeaders(status: 200, contentType: "application/json", extra: extra)
      headers.add(name: "content-length", value: String(JSONDoor.document.readableBytes))
      context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
    } else {
      respond(status: 200, contentType: "application/json", body: JSONDoor.document, extra: extra)
    }
  }

  /// Writes a whole response and ends the stream.
  private func respond(status: Int, contentType: String? = nil, body: ByteBuffer = ByteBuffer(), extra: [(String, String)] = []) {
    phase = .done
    var headers = responseHeaders(status: status, contentType: contentType, extra: extra)
    if contentType != nil { headers.add(name: "content-length", value: String(body.readableBytes)) }
    guard body.readableBytes > 0 else {
      context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
      return
    }
    context.write(wrapOutboundOut(.headers(.init(headers: headers))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(body), endStream: true))), promise: nil)
  }

  private func responseHeaders(status: Int, contentType: String?, extra: [(String, String)] = []) -> HPACKHeaders {
    var headers: HPACKHeaders = [":status": String(status)]
    if let contentType { headers.add(name: "content-type", value: contentType) }
    // Answers hold one user's data: no shared cache keeps them.
    if !extra.contains(where: { $0.0 == "cache-control" }) { headers.add(name: "cache-control", value: "no-store") }
    headers.add(name: RequestContext.requestIDKey, value: relayHeaders[RequestContext.requestIDKey].first ?? requestID)
    for (name, value) in extra { headers.add(name: name, value: value) }
    door.cors.decorate(&headers, origin: admittedOrigin)
    return headers
  }

  private func toRelay(_ payload: HTTP2Frame.FramePayload) {
    context.fireChannelRead(wrapInboundOut(payload))
  }
}
