import NIOCore

/// A connection at the door, whichever HTTP version it speaks: what the gateway does
/// with it when it stops or the connection grows old.
protocol DoorConnection: AnyObject {
  /// No new calls: the connection closes once those in flight end.
  func drain()
  /// Closes the connection now.
  func close()
}

/// Which HTTP a plaintext connection speaks, from its first bytes: HTTP/2 clients open
/// with the connection preface ("PRI * HTTP/2.0"), HTTP/1.1 clients with a request line,
/// and no HTTP/1.1 method is called PRI. TLS connections say it in ALPN instead.
final class DoorSniffer: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private static let preface: [UInt8] = Array("PRI ".utf8)
  private let configure: (_ http2: Bool) throws -> Void
  private var held: ByteBuffer?

  init(configure: @escaping (_ http2: Bool) throws -> Void) {
    self.configure = configure
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var buffer = unwrapInboundIn(data)
    if var held {
      held.writeBuffer(&buffer)
      buffer = held
      self.held = nil
    }
    let count = min(buffer.readableBytes, Self.preface.count)
    let first = buffer.readableBytesView.prefix(count)
    let http2: Bool
    if !first.elementsEqual(Self.preface.prefix(count)) {
      http2 = false
    } else if count == Self.preface.count {
      http2 = true
    } else {
      held = buffer
      return
    }
    do {
      try configure(http2)
    } catch {
      context.close(promise: nil)
      return
    }
    // The pipeline after this handler now speaks the connection's HTTP: it gets the bytes.
    context.fireChannelRead(wrapInboundOut(buffer))
    context.pipeline.syncOperations.removeHandler(self, promise: nil)
  }
}
