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

  enum Phase {
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

  let door: JSONDoor
  var context: ChannelHandlerContext!
  var phase = Phase.idle
  var request = HPACKHeaders()
  var route: HTTPRoute?
  var variables: [(field: String, value: String)] = []
  var query: Substring = ""
  var origin: String?
  /// A browser's origin the CORS policy admits: only its answers say so to the browser.
  var admittedOrigin: String?
  /// The JSON read so far: a unary body, or a client stream's unfinished line.
  var body: [UInt8] = []
  var lines = 0
  var reader = GRPCMessageReader()
  var answer: ByteBuffer?
  var relayHeaders = HPACKHeaders()
  var started = ContinuousClock.now
  /// The request id of an answer the relay did not give: the client's, else a new one.
  lazy var requestID =
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
      guard door.cors.allows(headers) else {
        refuse(.originRefused(origin))
        return
      }
      admittedOrigin = origin
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
    var fields = variables
    if route.streaming == .media, let condition = request["if-none-match"].first {
      // A browser revalidating the file it holds: the backend hears the tag it sent and
      // sends no bytes when they are the same (the door answers 304).
      fields.append((field: "if_none_match", value: condition))
    }
    do {
      let message = try door.transcoder.request(route, variables: fields, query: query, body: body)
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
  func grpcRequestHeaders(_ route: HTTPRoute) -> HPACKHeaders {
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

  /// Hands the relay a frame of the gRPC call, as if the client had sent it.
  func toRelay(_ payload: HTTP2Frame.FramePayload) {
    context.fireChannelRead(wrapInboundOut(payload))
  }
}
