import NIOCore
import NIOHTTP2

/// One client connection at the door: counts its streams, closes it when it has been
/// idle too long, asks its client to move on (GOAWAY) when it reaches its maximum age
/// or the gateway stops, and closes it once its last call has ended (or the grace is over).
final class RelayConnection: ChannelInboundHandler, RemovableChannelHandler, DoorConnection {
  typealias InboundIn = HTTP2Frame

  struct Limits: Sendable {
    var idle: TimeAmount?
    var maxAge: TimeAmount?
    /// How long calls in flight may go on after GOAWAY.
    var grace: TimeAmount
  }

  /// Stream events from the HTTP/2 handler, passed to the connection on its loop.
  struct Delegate: NIOHTTP2StreamDelegate {
    let connection: NIOLoopBound<RelayConnection>

    func streamCreated(_ id: HTTP2StreamID, channel: any Channel) { connection.value.streamCreated(id) }
    func streamClosed(_ id: HTTP2StreamID, channel: any Channel) { connection.value.streamClosed() }
  }

  private let limits: Limits
  private var context: ChannelHandlerContext?
  private var open = 0
  private var lastStreamID = HTTP2StreamID(0)
  private var idleTimer: Scheduled<Void>?
  private var ageTimer: Scheduled<Void>?
  private var graceTimer: Scheduled<Void>?
  private var draining = false

  init(limits: Limits) {
    self.limits = limits
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

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.fireChannelRead(data)
  }

  fileprivate func streamCreated(_ id: HTTP2StreamID) {
    open += 1
    if id > lastStreamID { lastStreamID = id }
    idleTimer?.cancel()
    idleTimer = nil
  }

  fileprivate func streamClosed() {
    open -= 1
    guard open == 0 else { return }
    if draining {
      context?.close(promise: nil)
    } else {
      scheduleIdle()
    }
  }

  private func scheduleIdle() {
    guard let idle = limits.idle, let context else { return }
    idleTimer?.cancel()
    idleTimer = context.eventLoop.assumeIsolated().scheduleTask(in: idle) { self.drain() }
  }

  /// Closes the connection now, calls in flight or not.
  func close() { context?.close(promise: nil) }

  /// GOAWAY naming the last stream taken: the client opens new calls elsewhere, and the
  /// connection closes once the calls in flight end.
  func drain() {
    guard !draining, let context else { return }
    draining = true
    let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: nil))
    context.writeAndFlush(NIOAny(goAway), promise: nil)
    if open == 0 {
      context.close(promise: nil)
      return
    }
    graceTimer = context.eventLoop.assumeIsolated().scheduleTask(in: limits.grace) { self.context?.close(promise: nil) }
  }
}
