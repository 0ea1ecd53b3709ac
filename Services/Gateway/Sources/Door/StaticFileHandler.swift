import GymService
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Answers one request for a `StaticFileDoor` path by itself: the relay in behind it
/// never hears of it. Refusals are the JSON API's (a `google.rpc.Status` body).
final class StaticFileHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias InboundOut = HTTP2Frame.FramePayload
  typealias OutboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  let door: StaticFileDoor
  private var answered = false

  init(door: StaticFileDoor) {
    self.door = door
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // The request's headers decide the answer; a body, if any, is not read.
    guard case .headers(let headers) = unwrapInboundIn(data), !answered else { return }
    answered = true
    answer(headers.headers, context: context)
  }

  private func answer(_ request: HPACKHeaders, context: ChannelHandlerContext) {
    let verb = request[":method"].first ?? ""
    let path = String((request[":path"].first ?? "").prefix { $0 != "?" })
    let origin = request["origin"].first
    if CORSPolicy.isPreflight(request) {
      var headers = door.cors.preflight(request, methods: "GET, HEAD, OPTIONS")
      guard headers[":status"].first != "403" else { return refuse(.originRefused(origin ?? ""), origin: nil, context: context) }
      headers.add(name: "content-length", value: "0")
      return send(headers, body: nil, context: context)
    }
    if let origin, !door.cors.allows(request) { return refuse(.originRefused(origin), origin: nil, context: context) }
    guard verb == "GET" || verb == "HEAD" else {
      return refuse(.methodNotAllowed(verb, allowed: ["GET", "HEAD"]), origin: origin, context: context)
    }
    if let location = door.redirects[path] {
      return send(headers(status: 308, origin: origin, extra: [("location", location), ("content-length", "0")]), body: nil, context: context)
    }
    guard let file = door.files[path] else {
      return refuse(
        JSONDoorError(httpStatus: 404, code: .notFound, message: "no file at \(path.prefix(200)); the dashboard is at \(StaticFileDoor.dashboardPrefix)"),
        origin: origin, context: context)
    }
    // Revalidated on every use (no-cache) and answered 304 while unchanged: a new
    // release's files are seen at once, an unchanged one costs no body.
    var extra = file.headers + [("etag", file.etag), ("cache-control", "no-cache"), ("x-content-type-options", "nosniff")]
    if request["if-none-match"].contains(where: { $0 == file.etag || $0 == "*" }) {
      return send(headers(status: 304, origin: origin, extra: extra), body: nil, context: context)
    }
    extra += [("content-type", file.contentType), ("content-length", String(file.body.readableBytes))]
    send(headers(status: 200, origin: origin, extra: extra), body: verb == "GET" ? file.body : nil, context: context)
  }

  private func refuse(_ error: JSONDoorError, origin: String?, context: ChannelHandlerContext) {
    let body = JSONErrorBody(error)
    let extra = error.headers + [("content-type", "application/json"), ("content-length", String(body.json.count)), ("cache-control", "no-store")]
    send(headers(status: body.httpStatus, origin: origin, extra: extra), body: ByteBuffer(bytes: body.json), context: context)
  }

  private func headers(status: Int, origin: String?, extra: [(String, String)]) -> HPACKHeaders {
    var headers: HPACKHeaders = [":status": String(status)]
    for (name, value) in extra { headers.add(name: name, value: value) }
    door.cors.decorate(&headers, origin: origin)
    return headers
  }

  private func send(_ headers: HPACKHeaders, body: ByteBuffer?, context: ChannelHandlerContext) {
    guard let body, body.readableBytes > 0 else {
      context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))), promise: nil)
      return
    }
    context.write(wrapOutboundOut(.headers(.init(headers: headers))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(body), endStream: true))), promise: nil)
  }
}
