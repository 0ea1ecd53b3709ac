import NIOCore
import NIOHPACK

/// HTTP/JSON at the gateway's door: every public RPC at the resource-style path its
/// `google.api.http` annotation gives, in the proto3 JSON mapping, transcoded to gRPC in
/// front of the relay so that tokens, limits, deadlines, metrics and logs are the gRPC
/// call's own. (`StaticFileDoor` serves the OpenAPI document of it all.)
///
/// It takes paths under the routes' first segment (`/v1/…`), in any content type but
/// gRPC-Web's.
struct JSONDoor: DoorProtocol {
  var name: String { "json" }
  let routes: HTTPRouteTable
  let transcoder: RequestTranscoder
  let cors: CORSPolicy
  /// The largest request message, and the most JSON buffered for one (GYM_MAX_MESSAGE_BYTES).
  let maxMessageBytes: Int
  /// Where refusals of a routed method are counted and logged (nil: nowhere).
  let record: CallRecord?
  /// The relay's rate limits, which the door's own refusals count against too.
  let limiter: RateLimiter?

  init(
    cors: CORSPolicy, maxMessageBytes: Int, record: CallRecord? = nil, limiter: RateLimiter? = nil,
    routes: HTTPRouteTable = HTTPRouteTable(), schemas: ProtoSchemas = .platform
  ) {
    self.routes = routes
    self.transcoder = RequestTranscoder(schemas: schemas)
    self.cors = cors
    self.maxMessageBytes = maxMessageBytes
    self.record = record
    self.limiter = limiter
  }

  func handler(for headers: HPACKHeaders) -> (any ChannelDuplexHandler & RemovableChannelHandler)? {
    let target = headers[":path"].first ?? ""
    let path = target.prefix { $0 != "?" }
    guard routes.claims(path) else { return nil }
    if let contentType = headers["content-type"].first, contentType.lowercased().hasPrefix("application/grpc-web") { return nil }
    return JSONCallHandler(door: self)
  }
}
