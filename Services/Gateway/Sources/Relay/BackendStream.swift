import NIOCore
import NIOHTTP2

/// The backend's side of one relayed call: passes what the backend sends to its
/// `RelayStream`, writes what the client sends, and reads only while the client can
/// take more.
final class BackendStream: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias OutboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private var relay: RelayStream?
  private let pacer: ResetPacer
  private var context: ChannelHandlerContext?
  private var readPending = false
  /// The request side was ended (a frame with END_STREAM written).
  private var requestEnded = false
  /// The backend ended its side (trailers, or a reset).
  private var backendEnded = false

  init(relay: RelayStream, pacer: ResetPacer) {
    self.relay = relay
    self.pacer = pacer
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  var isWritable: Bool { context?.channel.isWritable ?? false }

  func write(_ payload: HTTP2Frame.FramePayload) {
    switch payload {
    case .headers(let headers) where headers.endStream: requestEnded = true
    case .data(let data) where data.endStream: requestEnded = true
    default: break
    }
    context?.write(wrapOutboundOut(payload), promise: nil)
  }

  func flush() { context?.flush() }

  /// Ends the backend's stream for good, so its slot on the connection is free: a backend
  /// that has answered gets the end of the request (an empty DATA frame) if it has not had
  /// it yet; one still answering is reset (RST_STREAM CANCEL) when the connection's
  /// `ResetPacer` allows. Resets are kept for real cancellations: servers count them, and
  /// close connections that send many.
  func reset() {
    guard let context, context.channel.isActive else { return }
    if backendEnded {
      endRequest(context)
    } else {
      pacer.reset(self)
    }
  }

  /// Still answering, so only a reset ends it.
  var needsReset: Bool {
    guard let context, context.channel.isActive else { return false }
    if backendEnded { endRequest(context) }  // it answered while waiting for its reset
    return !backendEnded
  }

  /// The pacer's word that this stream may be reset now.
  func resetNow() {
    context?.close(promise: nil)
  }

  private func endRequest(_ context: ChannelHandlerContext) {
    guard !requestEnded else { return }
    requestEnded = true
    context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(ByteBuffer()), endStream: true))), promise: nil)
  }

  /// The call is over at the door: nothing more goes to the relay.
  func detach() {
    relay = nil
    resumeReading()  // drain what is left so the stream can close
  }

  func resumeReading() {
    if readPending, let context {
      readPending = false
      context.read()
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .headers(let headers):
      if headers.endStream { backendEnded = true }
      relay?.backendHeaders(headers.headers, endStream: headers.endStream)
    case .data(let data):
      if data.endStream { backendEnded = true }
      relay?.backendData(data)
    case .rstStream(let code):
      backendEnded = true
      requestEnded = true
      relay?.backendEnded(reset: code)
    default:
      break
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    relay?.backendReadComplete()
  }

  func read(context: ChannelHandlerContext) {
    if relay?.clientIsWritable ?? true { context.read() } else { readPending = true }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { relay?.backendWritable() }
  }

  func channelInactive(context: ChannelHandlerContext) {
    relay?.backendEnded(reset: nil)
    relay = nil
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    relay?.backendEnded(reset: nil)
    relay = nil
    context.close(promise: nil)
  }
}
