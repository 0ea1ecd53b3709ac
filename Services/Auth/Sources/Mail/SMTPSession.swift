import Foundation
import NIOCore
import NIOSSL
import NIOTLS
import Synchronization

/// One connection to the relay as `SMTPClient` opens it: the channel, what its line decoder
/// has passed on, and, with TLS from the first byte, the handshake to wait for.
struct SMTPConnection: Sendable {
  let channel: NIOAsyncChannel<String, ByteBuffer>
  let tally: LineTally
  let handshake: EventLoopFuture<Void>?
}

/// The client side of one connection: writes a command, reads the (multi-line) reply, and
/// closes the connection when the reply does not come in time.
struct SMTPSession {
  let channel: any Channel
  var replies: NIOAsyncChannelInboundStream<String>.AsyncIterator
  let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  let timeout: Duration
  let tally: LineTally
  /// One for the connection, not one per exchange: a timer that fired just as its
  /// exchange finished (too late to cancel) has closed the channel under the next one.
  let timedOut = TimeoutFlag()
  /// Lines taken from `replies`; the decoder's count must match before STARTTLS.
  private(set) var linesRead = 0

  init(
    connection: SMTPConnection, replies: NIOAsyncChannelInboundStream<String>.AsyncIterator,
    outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, timeout: Duration
  ) {
    self.channel = connection.channel.channel
    self.replies = replies
    self.outbound = outbound
    self.timeout = timeout
    self.tally = connection.tally
  }

  /// Sends `command` (if any) and throws unless the reply code is one of `codes`.
  @discardableResult
  mutating func expect(_ codes: Set<Int>, after command: String?, stage: SMTPError.Stage) async throws -> SMTPReply {
    let reply = try await exchange(command.map { ByteBuffer(string: $0 + "\r\n") }, stage: stage)
    guard codes.contains(reply.code) else { throw SMTPError(reply: reply, stage: stage) }
    return reply
  }

  mutating func expect(_ codes: Set<Int>, payload: ByteBuffer, stage: SMTPError.Stage) async throws {
    let reply = try await exchange(payload, stage: stage)
    guard codes.contains(reply.code) else { throw SMTPError(reply: reply, stage: stage) }
  }

  mutating func exchange(_ command: String, stage: SMTPError.Stage) async throws -> SMTPReply {
    try await exchange(ByteBuffer(string: command + "\r\n"), stage: stage)
  }

  mutating func exchange(_ bytes: ByteBuffer?, stage: SMTPError.Stage) async throws -> SMTPReply {
    // Closing the channel on time-out ends the pending read, wherever it is waiting.
    let timer = Self.armTimer(channel: channel, timedOut: timedOut, timeout: timeout)
    defer { timer.cancel() }
    do {
      if let bytes { try await outbound.write(bytes) }
      return try await readReply(stage: stage)
    } catch {
      if timedOut.isSet {
        throw SMTPError(.transient, stage: stage, message: "no reply within \(timeout)")
      }
      if let error = error as? SMTPError { throw error }
      // A TLS failure surfaces on the next read; it says more than "connection failed".
      if error is NIOSSLError || error is BoringSSLError {
        throw SMTPError(.transient, stage: .tls, message: "TLS failed: \(error)")
      }
      throw SMTPError(.transient, stage: stage, message: "connection failed: \(error)")
    }
  }

  // MARK: - Authentication

  /// AUTH with the mechanism the server offered. The commands carry the password, so no
  /// error here repeats a command: only the server's replies.
  mutating func authenticate(_ mechanism: SMTPClient.AuthMechanism, username: String, password: String) async throws {
    switch mechanism {
    case .plain:
      // RFC 4616: authzid NUL authcid NUL passwd, base64, as the initial response.
      let token = Data([0] + Array(username.utf8) + [0] + Array(password.utf8)).base64EncodedString()
      try await expect([235], after: "AUTH PLAIN \(token)", stage: .auth)
    case .login:
      // The prompts (base64 "Username:" / "Password:") differ between servers; the codes do not.
      try await expect([334], after: "AUTH LOGIN", stage: .auth)
      try await expect([334], after: Data(username.utf8).base64EncodedString(), stage: .auth)
      try await expect([235], after: Data(password.utf8).base64EncodedString(), stage: .auth)
    }
  }

  // MARK: - TLS

  /// After the server's 220 to STARTTLS: puts TLS beneath the line decoder and waits for the
  /// handshake. Refused when the server sent anything after that 220: those bytes came in
  /// plaintext and would otherwise be read as replies given under TLS (response injection).
  mutating func startTLS(context: NIOSSLContext, serverHostname: String?) async throws {
    let channel = self.channel
    let tally = self.tally
    let linesRead = self.linesRead
    let handshake: EventLoopFuture<Void>
    do {
      // Checked and done on the event loop, so no byte can arrive in between.
      handshake = try await channel.eventLoop.submit { () throws -> EventLoopFuture<Void> in
        guard tally.isDrained(linesRead: linesRead) else { throw DataBeforeHandshake() }
        let tls = try NIOSSLClientHandler(context: context, serverHostname: serverHostname)
        let waiter = HandshakeWaiter(done: channel.eventLoop.makePromise())
        do {
          try channel.pipeline.syncOperations.addHandlers([tls, waiter], position: .first)
        } catch {
          // The connection closed meanwhile: a promise dropped unfulfilled is a crash in NIO's debug builds.
          waiter.done.fail(error)
          throw error
        }
        return waiter.done.futureResult
      }.get()
    } catch is DataBeforeHandshake {
      throw SMTPError(.permanent, stage: .tls, message: "the server sent data after its 220 to STARTTLS, before encryption began")
    } catch {
      throw SMTPError(.transient, stage: .tls, message: "cannot start TLS: \(error)")
    }
    try await awaitHandshake(handshake)
  }

  /// Waits for a TLS handshake, closing the connection when it does not finish in time.
  func awaitHandshake(_ done: EventLoopFuture<Void>) async throws {
    let timer = Self.armTimer(channel: channel, timedOut: timedOut, timeout: timeout)
    defer { timer.cancel() }
    do {
      try await done.get()
    } catch {
      if timedOut.isSet {
        throw SMTPError(.transient, stage: .tls, message: "no TLS handshake within \(timeout)")
      }
      // A certificate the trust roots do not vouch for, or one naming another host, fails
      // the same way each time.
      let permanent = error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError
      throw SMTPError(permanent ? .permanent : .transient, stage: .tls, message: "TLS handshake failed: \(error)")
    }
  }

  // MARK: - Replies

  private static func armTimer(channel: any Channel, timedOut: TimeoutFlag, timeout: Duration) -> Scheduled<Void> {
    channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
      timedOut.set()
      channel.close(promise: nil)
    }
  }

  /// Lines `250-text` continue a reply, `250 text` (or `250`) ends it (RFC 5321 4.2.1).
  private mutating func readReply(stage: SMTPError.Stage) async throws -> SMTPReply {
    var lines: [String] = []
    while true {
      guard let line = try await replies.next() else {
        throw SMTPError(.transient, stage: stage, message: "server closed the connection")
      }
      linesRead += 1
      let bytes = Array(line.utf8)
      guard bytes.count >= 3, bytes[0..<3].allSatisfy({ (0x30...0x39).contains($0) }),
        let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)), (200...599).contains(code),
        bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-")
      else {
        throw SMTPError(.transient, stage: stage, message: "malformed reply: \(line.prefix(100))")
      }
      lines.append(bytes.count > 4 ? String(decoding: bytes[4...], as: UTF8.self) : "")
      if bytes.count == 3 || bytes[3] == UInt8(ascii: " ") {
        return SMTPReply(code: code, lines: lines)
      }
    }
  }
}

private struct DataBeforeHandshake: Error {}

/// Set on the event loop by the timer, read by the waiting task.
final class TimeoutFlag: Sendable {
  private let state = Mutex(false)
  func set() { state.withLock { $0 = true } }
  var isSet: Bool { state.withLock { $0 } }
}

/// What the line decoder has passed up and what it still holds, updated on the event loop.
final class LineTally: Sendable {
  private struct Counts {
    var lines = 0
    var pendingBytes = 0
  }
  private let counts = Mutex(Counts())

  func decodedLine(pendingBytes: Int) {
    counts.withLock {
      $0.lines += 1
      $0.pendingBytes = pendingBytes
    }
  }

  func waiting(pendingBytes: Int) {
    counts.withLock { $0.pendingBytes = pendingBytes }
  }

  /// Every line decoded has been read and no partial line is held.
  func isDrained(linesRead: Int) -> Bool {
    counts.withLock { $0.lines == linesRead && $0.pendingBytes == 0 }
  }
}

/// Completes `done` when the TLS handshake finishes; fails it when the connection errs,
/// closes or is torn down first, so the promise is always fulfilled.
final class HandshakeWaiter: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  let done: EventLoopPromise<Void>

  init(done: EventLoopPromise<Void>) {
    self.done = done
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .handshakeCompleted? = event as? TLSUserEvent { done.succeed(()) }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    done.fail(error)
    context.fireErrorCaught(error)
  }

  func channelInactive(context: ChannelHandlerContext) {
    done.fail(ChannelError.eof)
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    done.fail(ChannelError.ioOnClosedChannel)
  }
}

/// Splits the byte stream into lines at LF, dropping the CR before it.
struct ReplyLineDecoder: ByteToMessageDecoder {
  typealias InboundOut = String
  /// RFC 5321 allows 512 octets per reply line; far more means a broken or hostile peer.
  static let maximumLineLength = 8192
  let tally: LineTally

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    guard let newline = buffer.readableBytesView.firstIndex(of: 10) else {
      tally.waiting(pendingBytes: buffer.readableBytes)
      if buffer.readableBytes > Self.maximumLineLength { throw ReplyLineTooLong() }
      return .needMoreData
    }
    let length = newline - buffer.readerIndex
    guard var line = buffer.readSlice(length: length) else { return .needMoreData }
    buffer.moveReaderIndex(forwardBy: 1)
    if line.readableBytesView.last == 13 { line.moveWriterIndex(to: line.writerIndex - 1) }
    tally.decodedLine(pendingBytes: buffer.readableBytes)
    context.fireChannelRead(Self.wrapInboundOut(String(buffer: line)))
    return .continue
  }
}

private struct ReplyLineTooLong: Error {}
