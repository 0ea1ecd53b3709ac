import GymAPI
import GymService
import NIOCore
import NIOHPACK
import NIOHTTP2

/// What a JSON call answers the client: the relay's answer turned into HTTP and JSON,
/// or the door's own (a refusal, a preflight).
extension JSONCallHandler {
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
      // Kept for the request id. A backend refuses a call in trailers alone, so headers
      // mean it was taken: a server stream answers 200 at once, and a subscriber knows it
      // is listening before the first event. A unary call's status waits for its answer.
      relayHeaders = headers.headers
      if route?.streaming == .serverStream, phase == .awaitingResponse { startStream() }
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

  func received(message: ByteBuffer) {
    guard let route else { return }
    if route.streaming == .media {
      receivedMedia(message, route: route)
      return
    }
    // A server stream is already streaming: its headers came first, as gRPC's always do.
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

  /// A server stream's 200 and NDJSON headers, sent once.
  private func startStream() {
    phase = .streamingResponse
    context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: responseHeaders(status: 200, contentType: "application/x-ndjson")))), promise: nil)
  }

  func finish(trailers: HPACKHeaders) {
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
    if route.streaming == .media {
      fail(code: 2, "\(route.method) answered OK without the file")
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
  func fail(code: Int32, _ message: String) {
    guard phase != .done else { return }
    var status = Google_Rpc_Status()
    status.code = code
    status.message = message
    let relayed = phase == .streamingRequest || phase == .awaitingResponse || phase == .streamingResponse
    failed(JSONErrorBody(status: status))
    if relayed { context.eventLoop.assumeIsolated().execute { self.toRelay(.rstStream(.cancel)) } }
  }

  func failed(_ error: JSONErrorBody) {
    if phase == .streamingResponse, route?.streaming == .media {
      // Part of a file has gone out under a 200: only a reset tells the client it is cut
      // short, where a status written after it would read as the file's last bytes.
      phase = .done
      context.writeAndFlush(wrapOutboundOut(.rstStream(.internalError)), promise: nil)
      return
    }
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
  func refuse(_ error: JSONDoorError) {
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
      door.record?.started(route.method)
      door.record?.record(
        route.method, code: code.canonicalName, duration: .now - started, userID: nil, requestID: requestID, protocol: "json")
    }
    var extra = code == error.code ? error.headers : []
    if let retryAfter = body.retryAfter { extra.append(("retry-after", String(retryAfter))) }
    respond(status: body.httpStatus, contentType: "application/json", body: ByteBuffer(bytes: body.json), extra: extra)
  }

  func preflight(_ path: Substring) {
    let methods = door.routes.methods(for: path)
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

  /// Writes a whole response and ends the stream.
  func respond(status: Int, contentType: String? = nil, body: ByteBuffer = ByteBuffer(), extra: [(String, String)] = []) {
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

  func responseHeaders(status: Int, contentType: String?, extra: [(String, String)] = []) -> HPACKHeaders {
    var headers: HPACKHeaders = [":status": String(status)]
    if let contentType { headers.add(name: "content-type", value: contentType) }
    // Answers hold one user's data: no shared cache keeps them.
    if !extra.contains(where: { $0.0 == "cache-control" }) { headers.add(name: "cache-control", value: "no-store") }
    headers.add(name: RequestContext.requestIDKey, value: relayHeaders[RequestContext.requestIDKey].first ?? requestID)
    for (name, value) in extra { headers.add(name: name, value: value) }
    door.cors.decorate(&headers, origin: admittedOrigin)
    return headers
  }
}
