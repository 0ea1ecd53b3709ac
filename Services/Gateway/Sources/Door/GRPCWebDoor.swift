import Foundation
import GRPCCore
import NIOCore
import NIOHPACK
import NIOHTTP2

/// gRPC-Web at the door (the protocol browsers can speak: grpc/grpc's PROTOCOL-WEB.md),
/// binary (`application/grpc-web[+proto]`) and text (`application/grpc-web-text[+proto]`,
/// base64), over HTTP/1.1 and HTTP/2. The messages are gRPC's own, so the request goes to
/// the relay as gRPC with only its content type changed; the response's trailers, which a
/// browser cannot read, travel at the end of the body as the protocol says.
struct GRPCWebDoor: DoorProtocol {
  let name = "grpc-web"
  let cors: CORSPolicy

  func handler(for headers: HPACKHeaders) -> (any ChannelDuplexHandler & RemovableChannelHandler)? {
    if CORSPolicy.isPreflight(headers) {
      guard let path = headers[":path"].first, Self.isMethodPath(path) else { return nil }
      return GRPCWebHandler(text: false, cors: cors)
    }
    guard headers[":method"].first == "POST", let text = headers["content-type"].first.flatMap(Self.isText) else { return nil }
    return GRPCWebHandler(text: text, cors: cors)
  }

  /// Whether `contentType` is gRPC-Web's, and then whether it is the text framing.
  static func isText(_ contentType: String) -> Bool? {
    let type = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    switch type {
    case "application/grpc-web", "application/grpc-web+proto": return false
    case "application/grpc-web-text", "application/grpc-web-text+proto": return true
    default: return nil
    }
  }

  /// "/package.Service/Method", the only paths gRPC has.
  static func isMethodPath(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0].isEmpty && parts[1].contains(".") && !parts[2].isEmpty
  }
}

/// One gRPC-Web call: request headers and (text) body translated to gRPC for the
/// relay behind it, the relay's answer translated back.
final class GRPCWebHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias InboundOut = HTTP2Frame.FramePayload
  typealias OutboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private let text: Bool
  private let cors: CORSPolicy
  private var requestStarted = false
  /// The call is answered here (a preflight, a refusal): the relay hears nothing more.
  private var answered = false
  private var responseStarted = false
  private var origin: String?
  private var decoder = Base64Stream.Decoder()

  init(text: Bool, cors: CORSPolicy) {
    self.text = text
    self.cors = cors
  }

  // MARK: The request

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !answered else { return }
    let payload = unwrapInboundIn(data)
    switch payload {
    case .headers(let frame) where !requestStarted:
      requestStarted = true
      begin(frame, context: context)
    case .data(let frame) where text:
      guard case .byteBuffer(let buffer) = frame.data else { return }
      var decoded = context.channel.allocator.buffer(capacity: buffer.readableBytes / 4 * 3)
      do {
        try decoder.decode(buffer.readableBytesView, into: &decoded)
      } catch {
        refuse(context: context, "the request body is not base64 (application/grpc-web-text)")
        return
      }
      if frame.endStream, !decoder.isComplete {
        refuse(context: context, "the request body ends inside a base64 group (application/grpc-web-text)")
        return
      }
      context.fireChannelRead(wrapInboundOut(.data(.init(data: .byteBuffer(decoded), endStream: frame.endStream))))
    default:
      context.fireChannelRead(data)
    }
  }

  private func begin(_ frame: HTTP2Frame.FramePayload.Headers, context: ChannelHandlerContext) {
    let request = frame.headers
    if CORSPolicy.isPreflight(request) {
      answer(context: context, cors.preflight(request, methods: "POST"))
      return
    }
    origin = request["origin"].first
    guard cors.allows(request) else {
      answer(context: context, [":status": "403", "content-length": "0"])
      return
    }
    var headers = HPACKHeaders()
    headers.reserveCapacity(request.count)
    for (name, value, indexing) in request where !Self.webOnly.contains(name) {
      headers.add(name: name, value: value, indexing: indexing)
    }
    headers.add(name: "content-type", value: "application/grpc")
    context.fireChannelRead(wrapInboundOut(.headers(.init(headers: headers, endStream: frame.endStream))))
  }

  /// Request headers of gRPC-Web itself, that the services have no use for.
  private static let webOnly: Set<String> = ["content-type", "x-grpc-web", "x-user-agent", "origin", "referer", "accept"]

  private func answer(context: ChannelHandlerContext, _ headers: HPACKHeaders) {
    answered = true
    context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
  }

  /// Ends the call with INVALID_ARGUMENT, and the relay's side of it with a reset.
  private func refuse(context: ChannelHandlerContext, _ message: String) {
    let error = RPCError(code: .invalidArgument, message: message)
    if responseStarted {
      writeTrailers(context: context, GRPCWire.trailers(error).map { ($0.name, $0.value) })
    } else {
      var headers = GRPCWire.trailersOnly(error, requestID: nil)
      headers.replaceOrAdd(name: "content-type", value: contentType)
      cors.decorate(&headers, origin: origin)
      context.write(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
    }
    answered = true
    responseStarted = true
    context.flush()
    // The relay resets the backend's side of the call.
    context.fireChannelRead(wrapInboundOut(.rstStream(.cancel)))
  }

  // MARK: The response

  private var contentType: String { text ? "application/grpc-web-text+proto" : "application/grpc-web+proto" }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !answered else {
      promise?.succeed()
      return
    }
    switch unwrapOutboundIn(data) {
    case .headers(let frame) where !responseStarted:
      // The response headers, or all of a trailers-only answer (which gRPC-Web sends as headers).
      responseStarted = true
      var headers = frame.headers
      if headers["content-type"].first.map({ GRPCWire.isGRPC(contentType: $0) }) ?? !headers["grpc-status"].isEmpty {
        headers.replaceOrAdd(name: "content-type", value: contentType)
      }
      cors.decorate(&headers, origin: origin)
      context.write(wrapOutboundOut(.headers(.init(headers: headers, endStream: frame.endStream))), promise: promise)
    case .headers(let frame):
      writeTrailers(context: context, frame.headers.filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value) }, promise: promise)
    case .data(let frame) where text:
      guard case .byteBuffer(let buffer) = frame.data else {
        context.write(data, promise: promise)
        return
      }
      var encoded = context.channel.allocator.buffer(capacity: (buffer.readableBytes + 2) / 3 * 4)
      Base64Stream.encode(buffer.readableBytesView, into: &encoded)
      context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(encoded), endStream: frame.endStream))), promise: promise)
    default:
      context.write(data, promise: promise)
    }
  }

  /// Trailers as gRPC-Web carries them: a frame flagged 0x80 at the end of the body,
  /// holding the lines "name: value\r\n".
  private func writeTrailers(context: ChannelHandlerContext, _ trailers: [(String, String)], promise: EventLoopPromise<Void>? = nil) {
    var block = context.channel.allocator.buffer(capacity: 64)
    for (name, value) in trailers {
      block.writeString(name.lowercased())
      block.writeString(": ")
      block.writeString(value)
      block.writeString("\r\n")
    }
    var frame = context.channel.allocator.buffer(capacity: block.readableBytes + 5)
    frame.writeInteger(UInt8(0x80))
    frame.writeInteger(UInt32(block.readableBytes))
    frame.writeBuffer(&block)
    if text {
      var encoded = context.channel.allocator.buffer(capacity: (frame.readableBytes + 2) / 3 * 4)
      Base64Stream.encode(frame.readableBytesView, into: &encoded)
      frame = encoded
    }
    context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(frame), endStream: true))), promise: promise)
  }
}
