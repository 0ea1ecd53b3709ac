import NIOCore
import NIOHPACK
import NIOHTTP2

/// A protocol other than gRPC spoken at the door: gRPC-Web, HTTP/JSON, the dashboard's
/// files. Its handler sits in front of the call's `RelayStream`, speaking the protocol
/// to the client and gRPC to the relay, so every protocol goes through one admission
/// (tokens, rate limits, stream quotas), one set of size limits, metrics and log lines.
///
/// The handler sees `HTTP2Frame.FramePayload` on both sides, whether the client came
/// over HTTP/2 or HTTP/1.1 (`HTTP1Door` turns each HTTP/1.1 request into a stream of
/// payloads). Its first read is the request's HEADERS; it sends the relay gRPC request
/// headers (`application/grpc` content type, the gRPC method's path) or answers the
/// client itself (a CORS preflight, a file, an HTTP error) and sends the relay nothing.
///
/// Everything a client may send before the request goes to a backend (a body to
/// buffer, base64 to decode) is bounded by the relay's `maxMessageBytes`.
protocol DoorProtocol: Sendable {
  /// The protocol's name in the access log and metrics ("grpc-web", "json").
  var name: String { get }
  /// The handler for this request, or nil when the request is not this protocol's.
  /// Removable: an HTTP/1.1 connection replaces it at its next request.
  func handler(for headers: HPACKHeaders) -> (any ChannelDuplexHandler & RemovableChannelHandler)?
}

enum DoorHandlerName {
  /// The call's `RelayStream`.
  static let relay = "relay-stream"
  /// A `DoorProtocol`'s handler in front of it.
  static let door = "door-protocol"
}
