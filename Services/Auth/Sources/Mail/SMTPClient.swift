import Foundation
import NIOCore
import NIOPosix
import GymService
import Synchronization

/// Why a message was not sent, and whether sending it again later can help.
public struct SMTPError: Error, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// A 5xx reply, a message we refuse to send, or a configuration we refuse to use:
    /// the same attempt will fail again.
    case permanent
    /// A 4xx reply, a refused or lost connection, a timeout: try again later.
    case transient
  }

  /// Where it failed. `.configuration` and the steps before `.mailFrom` are about the server or
  /// our settings rather than this message: a worker may prefer to keep the message queued then.
  public enum Stage: String, Sendable, Equatable {
    case configuration, message, connect, greeting, hello, auth, mailFrom, rcptTo, data, quit
  }

  public let kind: Kind
  public let stage: Stage
  /// The server's reply code, when the server answered.
  public let code: Int?
  /// The server's reply text (lines joined by a space), or what went wrong locally.
  public let message: String

  public init(_ kind: Kind, stage: Stage, code: Int? = nil, message: String) {
    self.kind = kind
    self.stage = stage
    self.code = code
    self.message = message
  }

  /// 5xx is permanent (RFC 5321 4.2.1); anything else unexpected may clear up later.
  init(reply: SMTPReply, stage: Stage) {
    self.init((500...599).contains(reply.code) ? .permanent : .transient, stage: stage, code: reply.code, message: reply.text)
  }

  public var isPermanent: Bool { kind == .permanent }

  public var description: String {
    let reply = code.map { "\($0) " } ?? ""
    return "SMTP \(stage.rawValue) failed (\(kind == .permanent ? "permanent" : "transient")): \(reply)\(message)"
  }
}

/// One SMTP reply: its code and the text of each line (without the code).
struct SMTPReply: Sendable, Equatable {
  var code: Int
  var lines: [String]
  var text: String { lines.joined(separator: " ") }
}

/// Sends single plain-text messages to one SMTP server over a plaintext connection.
///
/// A new connection per message: the outbox is drained at a low rate, and a fresh connection
/// means one broken session cannot poison the next message. No TLS here (no STARTTLS), so
/// credentials are only ever sent to a loopback server (e.g. a local relay), and only when
/// `allowPlaintextAuthOnLoopback` says so.
public struct SMTPClient: Sendable, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var username: String?
  public var password: String?
  /// AUTH PLAIN over plaintext sends the password in the clear: allowed to loopback only, and
  /// only when this is set.
  public var allowPlaintextAuthOnLoopback: Bool
  /// The name we give in EHLO/HELO; also completes a Message-ID given without a domain.
  public var heloName: String
  /// The sender used by `send(to:subject:body:messageID:)`.
  public var from: String
  /// How long to wait for each reply (and for the connection to be made).
  public var commandTimeout: Duration
  public var eventLoopGroup: any EventLoopGroup

  public init(
    host: String, port: Int = 25, username: String? = nil, password: String? = nil,
    allowPlaintextAuthOnLoopback: Bool = false, heloName: String = "localhost", from: String,
    commandTimeout: Duration = .seconds(30),
    eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.allowPlaintextAuthOnLoopback = allowPlaintextAuthOnLoopback
    self.heloName = heloName
    self.from = from
    self.commandTimeout = commandTimeout
    self.eventLoopGroup = eventLoopGroup
  }

  /// Never shows the password, so logging the client is safe.
  public var description: String {
    let user = username.map { ", user \($0)" } ?? ""
    return "SMTPClient(\(host):\(port)\(user), from \(from))"
  }

  /// Throws the `.configuration` error that `send` would: call it at startup to fail early.
  public func validateConfiguration() throws {
    _ = try checkedCredentials()
    try Self.checkAddress(from, field: "from")
  }

  /// Sends from the configured `from` address.
  public func send(to: String, subject: String, body: String, messageID: String) async throws {
    try await send(from: from, to: to, subject: subject, body: body, messageID: messageID)
  }

  /// Delivers one message; returns once the server accepted it (250 after DATA).
  ///
  /// `messageID` may be given with or without angle brackets; without an `@` it gets
  /// `@heloName` appended. The body is sent as quoted-printable UTF-8, with a final line
  /// break added if it has none.
  public func send(from: String, to: String, subject: String, body: String, messageID: String) async throws {
    // Everything that can be checked locally is checked before connecting.
    let credentials = try checkedCredentials()
    try Self.checkAddress(from, field: "from")
    try Self.checkAddress(to, field: "to")
    try Self.checkNoLineBreak(subject, field: "subject")
    let id = try Self.messageIDHeader(messageID, domain: heloName)
    let message = Self.composeMessage(from: from, to: to, subject: subject, body: body, messageID: id, date: Date())
    let payload = ByteBuffer(bytes: Self.dotStuffed(message) + Array(".\r\n".utf8))

    let channel = try await connect()
    try await channel.executeThenClose { inbound, outbound in
      var session = Session(channel: channel.channel, replies: inbound.makeAsyncIterator(), outbound: outbound, timeout: commandTimeout)
      try await session.expect([220], after: nil, stage: .greeting)

      // EHLO first; a server that answers it with 5xx only speaks plain SMTP (RFC 5321 3.2).
      var extensions: [String] = []
      let ehlo = try await session.exchange("EHLO \(heloName)", stage: .hello)
      if ehlo.code == 250 {
        extensions = ehlo.lines.dropFirst().map { $0.uppercased() }
      } else if (500...599).contains(ehlo.code) {
        try await session.expect([250], after: "HELO \(heloName)", stage: .hello)
      } else {
        throw SMTPError(reply: ehlo, stage: .hello)
      }

      if let credentials {
        // Check the address actually reached too: "localhost" might not resolve to loopback.
        guard let remote = channel.channel.remoteAddress?.ipAddress, HostPort.isLoopback(remote) else {
          throw SMTPError(.permanent, stage: .configuration, message: "refusing to send credentials over plaintext to a non-loopback address")
        }
        let offersPlain = extensions.contains { line in
          let words = line.split(whereSeparator: { $0 == " " || $0 == "=" })
          return words.first == "AUTH" && words.dropFirst().contains("PLAIN")
        }
        guard offersPlain else {
          throw SMTPError(.permanent, stage: .auth, message: "server does not offer AUTH PLAIN")
        }
        // RFC 4616: authzid NUL authcid NUL passwd, base64, as the initial response.
        let token = Data([0] + Array(credentials.username.utf8) + [0] + Array(credentials.password.utf8)).base64EncodedString()
        try await session.expect([235], after: "AUTH PLAIN \(token)", stage: .auth)
      }

      try await session.expect([250], after: "MAIL FROM:<\(from)>", stage: .mailFrom)
      try await session.expect([250, 251], after: "RCPT TO:<\(to)>", stage: .rcptTo)
      try await session.expect([354], after: "DATA", stage: .data)
      try await session.expect([250], payload: payload, stage: .data)
      // The message is accepted; a QUIT that goes wrong changes nothing.
      _ = try? await session.exchange("QUIT", stage: .quit)
    }
  }

  // MARK: - Connection

  private func connect() async throws -> NIOAsyncChannel<String, ByteBuffer> {
    do {
      return try await ClientBootstrap(group: eventLoopGroup)
        .connectTimeout(TimeAmount(commandTimeout))
        .connect(host: host, port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(ReplyLineDecoder()))
            return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
          }
        }
    } catch {
      throw SMTPError(.transient, stage: .connect, message: "cannot connect to \(host):\(port): \(error)")
    }
  }

  /// The credentials to use, or nil; throws when they must not be sent over this connection
  /// (and when the HELO name could not be sent at all).
  private func checkedCredentials() throws -> (username: String, password: String)? {
    guard !heloName.isEmpty, heloName.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw SMTPError(.permanent, stage: .configuration, message: "heloName must be printable ASCII without spaces")
    }
    switch (username, password) {
    case (nil, nil):
      return nil
    case let (username?, password?):
      guard allowPlaintextAuthOnLoopback else {
        throw SMTPError(.permanent, stage: .configuration, message: "AUTH needs TLS, which this client lacks; set allowPlaintextAuthOnLoopback for a loopback relay")
      }
      guard HostPort.isLoopback(host) else {
        throw SMTPError(.permanent, stage: .configuration, message: "refusing to send credentials over plaintext to non-loopback host \(host)")
      }
      guard !username.utf8.contains(0), !password.utf8.contains(0) else {
        throw SMTPError(.permanent, stage: .configuration, message: "username or password contains NUL")
      }
      return (username, password)
    default:
      throw SMTPError(.permanent, stage: .configuration, message: "username and password must be given together")
    }
  }

  // MARK: - Message

  /// Rejects what could end a header line early (header injection) or break the envelope.
  static func checkAddress(_ address: String, field: String) throws {
    try checkNoLineBreak(address, field: field)
    let bytes = Array(address.utf8)
    // Printable ASCII without spaces or angle brackets: SMTPUTF8 is not supported.
    let printable = bytes.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }
    guard !bytes.isEmpty, bytes.count <= 254, printable, bytes.contains(UInt8(ascii: "@")) else {
      throw SMTPError(.permanent, stage: .message, message: "\(field) is not a plain ASCII mail address")
    }
  }

  /// Bytes, not Characters: in Swift "\r\n" is one Character that `contains("\n")` misses.
  static func checkNoLineBreak(_ value: String, field: String) throws {
    if value.utf8.contains(where: { $0 == 13 || $0 == 10 }) {
      throw SMTPError(.permanent, stage: .message, message: "\(field) contains a line break")
    }
  }

  /// `<id@domain>`, checked like an address.
  static func messageIDHeader(_ messageID: String, domain: String) throws -> String {
    var id = messageID
    if id.hasPrefix("<"), id.hasSuffix(">"), id.count >= 2 { id = String(id.dropFirst().dropLast()) }
    if !id.contains("@") { id += "@\(domain)" }
    try checkAddress(id, field: "messageID")
    return "<\(id)>"
  }

  /// Headers and quoted-printable body, CRLF line ends; not yet dot-stuffed.
  static func composeMessage(from: String, to: String, subject: String, body: String, messageID: String, date: Date) -> [UInt8] {
    let headers = [
      "From: \(from)",
      "To: \(to)",
      "Subject: \(encodedHeaderText(subject))",
      "Date: \(rfc5322Date(date))",
      "Message-ID: \(messageID)",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
    ]
    return Array((headers.joined(separator: "\r\n") + "\r\n\r\n").utf8) + quotedPrintable(body)
  }

  /// Plain ASCII text as is; anything else as RFC 2047 `=?UTF-8?B?...?=` words, folded.
  static func encodedHeaderText(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) || $0 == "\t" }
    // "=?" could be read as an encoded word; very long text must be folded.
    guard !plain || text.contains("=?") || text.utf8.count > 900 else { return text }
    // 45 bytes give 60 base64 characters, keeping each word within RFC 2047's 75.
    var words: [String] = []
    var chunk: [UInt8] = []
    for scalar in text.unicodeScalars {
      let bytes = Array(String(scalar).utf8)
      if chunk.count + bytes.count > 45 {
        words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
        chunk = []
      }
      chunk += bytes
    }
    if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=") }
    return words.joined(separator: "\r\n ")
  }

  /// RFC 2045 6.7: 7-bit safe, lines of at most 76, readable for ASCII text. Each input line
  /// (LF or CRLF) ends with CRLF.
  static func quotedPrintable(_ text: String) -> [UInt8] {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    var lines = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }  // text ended with a line break
    for var line in lines {
      if line.last == 13 { line.removeLast() }
      var width = 0
      for (index, byte) in zip(line.indices, line) {
        let isLast = index == line.index(before: line.endIndex)
        // Trailing blanks are encoded: transports may strip them.
        let literal = ((0x21...0x7E).contains(byte) && byte != UInt8(ascii: "=")) || ((byte == 0x20 || byte == 0x09) && !isLast)
        let piece = literal ? [byte] : [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        if width + piece.count > 75 {  // a soft break "=" makes 76
          out += Array("=\r\n".utf8)
          width = 0
        }
        out += piece
        width += piece.count
      }
      out += [13, 10]
    }
    return out
  }

  /// RFC 5321 4.5.2: a line starting with "." gets another, so it cannot end the data.
  static func dotStuffed(_ message: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(message.count + 16)
    var atLineStart = true
    for byte in message {
      if atLineStart && byte == UInt8(ascii: ".") { out.append(byte) }
      out.append(byte)
      atLineStart = byte == 10
    }
    if !atLineStart { out += [13, 10] }
    return out
  }

  /// `Thu, 01 Jan 1970 00:00:00 +0000`, computed by hand: no locale or formatter state.
  static func rfc5322Date(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let weekday = weekdays[Int(((days % 7) + 7) % 7)]
    return "\(weekday), \(two(day)) \(months[Int(month - 1)]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) +0000"
  }
}

// MARK: - Session

/// The client side of one connection: writes a command, reads the (multi-line) reply, and
/// closes the connection when the reply does not come in time.
private struct Session {
  let channel: any Channel
  var replies: NIOAsyncChannelInboundStream<String>.AsyncIterator
  let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  let timeout: Duration
  /// One for the connection, not one per exchange: a timer that fired just as its
  /// exchange finished (too late to cancel) has closed the channel under the next one.
  let timedOut = TimeoutFlag()

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
    let timedOut = self.timedOut
    let channel = self.channel
    let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
      timedOut.set()
      channel.close(promise: nil)
    }
    defer { timer.cancel() }
    do {
      if let bytes { try await outbound.write(bytes) }
      return try await readReply(stage: stage)
    } catch {
      if timedOut.isSet {
        throw SMTPError(.transient, stage: stage, message: "no reply within \(timeout)")
      }
      if let error = error as? SMTPError { throw error }
      throw SMTPError(.transient, stage: stage, message: "connection failed: \(error)")
    }
  }

  /// Lines `250-text` continue a reply, `250 text` (or `250`) ends it (RFC 5321 4.2.1).
  private mutating func readReply(stage: SMTPError.Stage) async throws -> SMTPReply {
    var lines: [String] = []
    while true {
      guard let line = try await replies.next() else {
        throw SMTPError(.transient, stage: stage, message: "server closed the connection")
      }
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

/// Set on the event loop by the timer, read by the waiting task.
private final class TimeoutFlag: Sendable {
  private let state = Mutex(false)
  func set() { state.withLock { $0 = true } }
  var isSet: Bool { state.withLock { $0 } }
}

/// Splits the byte stream into lines at LF, dropping the CR before it.
private struct ReplyLineDecoder: ByteToMessageDecoder {
  typealias InboundOut = String
  /// RFC 5321 allows 512 octets per reply line; far more means a broken or hostile peer.
  static let maximumLineLength = 8192

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    guard let newline = buffer.readableBytesView.firstIndex(of: 10) else {
      if buffer.readableBytes > Self.maximumLineLength { throw ReplyLineTooLong() }
      return .needMoreData
    }
    let length = newline - buffer.readerIndex
    guard var line = buffer.readSlice(length: length) else { return .needMoreData }
    buffer.moveReaderIndex(forwardBy: 1)
    if line.readableBytesView.last == 13 { line.moveWriterIndex(to: line.writerIndex - 1) }
    context.fireChannelRead(Self.wrapInboundOut(String(buffer: line)))
    return .continue
  }
}

private struct ReplyLineTooLong: Error {}
