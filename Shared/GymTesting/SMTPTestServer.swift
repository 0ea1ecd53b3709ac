import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A small SMTP server on 127.0.0.1 for tests: it accepts mail, records it, and can be told
/// to refuse a step with a chosen reply, or to stall, so that a sender's error handling can
/// be tested without a real mail server.
///
///     let server = try await SMTPTestServer.start()
///     defer { Task { await server.shutdown() } }   // or await it at the end of the test
///     ... send to 127.0.0.1:server.port ...
///     let mail = try await server.waitForMessages(count: 1)
public final class SMTPTestServer: Sendable {
  /// A reply the server gives instead of its usual one.
  public struct Reply: Sendable, Equatable {
    public var code: Int
    public var text: String
    public init(code: Int, text: String) {
      self.code = code
      self.text = text
    }
  }

  /// The steps whose reply a test can replace (see `setReply(_:for:)`).
  public enum Step: Sendable, Hashable {
    /// MAIL FROM: the transaction is not started.
    case mailFrom
    /// RCPT TO: the recipient is not added (550 permanent, 451 transient, ...).
    case rcptTo
    /// DATA: the server does not go on to read the message.
    case data
    /// The "." after the message: the message is read but not recorded.
    case endOfData
  }

  /// One accepted message.
  public struct Message: Sendable {
    /// The envelope: MAIL FROM and RCPT TO addresses, without angle brackets.
    public let from: String
    public let recipients: [String]
    /// The user that authenticated with AUTH PLAIN on this connection, if any.
    public let authenticatedUser: String?
    /// Headers and body as received, dot-unstuffed, CRLF line ends, without the final ".".
    public let data: String

    /// Header fields in order, continuation lines unfolded.
    public var headers: [(name: String, value: String)] {
      var fields: [(name: String, value: String)] = []
      for line in headerLines {
        if line.first == " " || line.first == "\t", let last = fields.popLast() {
          fields.append((last.name, last.value + line))
        } else if let colon = line.firstIndex(of: ":") {
          let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
          fields.append((String(line[..<colon]), String(value)))
        }
      }
      return fields
    }

    /// The first header field called `name` (case-insensitive), undecoded.
    public func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The Subject, with RFC 2047 encoded words decoded.
    public var subject: String? {
      header("Subject").map(SMTPTestServer.decodeEncodedWords)
    }

    /// The body decoded by its Content-Transfer-Encoding (quoted-printable, base64, or none)
    /// as UTF-8, with CRLF line ends; nil if it does not decode.
    public var body: String? {
      let raw = rawBody
      let bytes: [UInt8]?
      switch header("Content-Transfer-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() {
      case "quoted-printable": bytes = SMTPTestServer.decodeQuotedPrintable(raw)
      case "base64": bytes = Data(base64Encoded: raw, options: .ignoreUnknownCharacters).map { Array($0) }
      default: bytes = Array(raw.utf8)
      }
      return bytes.flatMap { String(validating: $0, as: UTF8.self) }
    }

    private var headerLines: [Substring] {
      let end = data.range(of: "\r\n\r\n")?.lowerBound ?? data.endIndex
      return data[..<end].split(separator: "\r\n")
    }

    private var rawBody: String {
      data.range(of: "\r\n\r\n").map { String(data[$0.upperBound...]) } ?? ""
    }
  }

  public struct TimedOut: Error, CustomStringConvertible {
    public let expected: Int
    public let received: Int
    public var description: String { "SMTPTestServer: \(received) of \(expected) messages arrived in time" }
  }

  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let core: Core
  private let listener: any Channel
  private let acceptLoop: Task<Void, Never>

  private init(port: Int, core: Core, listener: any Channel, acceptLoop: Task<Void, Never>) {
    self.port = port
    self.core = core
    self.listener = listener
    self.acceptLoop = acceptLoop
  }

  deinit {
    // A test that forgot shutdown() still frees the port.
    listener.close(promise: nil)
  }

  /// Starts listening on 127.0.0.1 on a free port.
  /// - Parameters:
  ///   - credentials: when set, AUTH PLAIN is offered and required before MAIL FROM.
  ///   - supportsEHLO: false makes EHLO fail with 502, as an old server's would (HELO works).
  public static func start(
    credentials: (username: String, password: String)? = nil, supportsEHLO: Bool = true,
    eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws -> SMTPTestServer {
    let core = Core(username: credentials?.username, password: credentials?.password, supportsEHLO: supportsEHLO)
    let listener = try await ServerBootstrap(group: eventLoopGroup)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .bind(host: "127.0.0.1", port: 0) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(CommandLineDecoder()))
          return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    guard let port = listener.channel.localAddress?.port else {
      try? await listener.channel.close()
      throw ChannelError.unknownLocalAddress
    }
    let acceptLoop = Task<Void, Never> {
      // Each connection in its own child task; a discarding group keeps no results around.
      // Errors only mean the listener closed: shutdown() or deinit.
      try? await withThrowingDiscardingTaskGroup { group in
        try await listener.executeThenClose { connections in
          for try await connection in connections {
            group.addTask { await core.serve(connection) }
          }
        }
      }
    }
    return SMTPTestServer(port: port, core: core, listener: listener.channel, acceptLoop: acceptLoop)
  }

  /// Messages accepted so far, oldest first.
  public var messages: [Message] { core.state.withLock { $0.messages } }

  /// Every command line received (not message data), for checking what a client sent.
  public var commands: [String] { core.state.withLock { $0.commands } }

  /// How many connections were accepted.
  public var connectionCount: Int { core.state.withLock { $0.connectionCount } }

  /// Waits until at least `count` messages arrived; throws `TimedOut` after `timeout`
  /// (bounded for a loaded machine: a wait that is met returns as soon as it is).
  public func waitForMessages(count: Int, timeout: Duration = .seconds(30)) async throws -> [Message] {
    // Polling keeps this simple; tests wait for a handful of messages at most.
    let deadline = ContinuousClock.now + timeout
    while true {
      let current = messages
      if current.count >= count { return current }
      if ContinuousClock.now >= deadline { throw TimedOut(expected: count, received: current.count) }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Replaces the server's reply at `step` with `reply` until set back to nil.
  public func setReply(_ reply: Reply?, for step: Step) {
    core.state.withLock { $0.replies[step] = reply }
  }

  /// While stalled, new connections get no greeting and no reply to anything: for time-outs.
  public func setStalled(_ stalled: Bool) {
    core.state.withLock { $0.stalled = stalled }
  }

  /// Stops listening, closes open connections, and waits until all of it has finished.
  public func shutdown() async {
    let open = core.state.withLock { state -> [any Channel] in
      state.isShutDown = true
      return Array(state.open.values)
    }
    listener.close(promise: nil)
    for channel in open { channel.close(promise: nil) }
    await acceptLoop.value
  }
}

// MARK: - Decoding helpers (public so tests can check what a sender encoded)

extension SMTPTestServer {
  /// RFC 2045 quoted-printable to bytes: `=XX` escapes, `=` at line end is a soft break.
  public static func decodeQuotedPrintable(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    let lines = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false)
    for (number, var line) in lines.enumerated() {
      if line.last == 13 { line.removeLast() }
      while let last = line.last, last == 0x20 || last == 0x09 { line.removeLast() }  // transport padding
      var soft = false
      var index = line.startIndex
      while index < line.endIndex {
        let byte = line[index]
        if byte == UInt8(ascii: "=") {
          if index + 1 == line.endIndex {
            soft = true
            index += 1
            continue
          }
          if index + 2 < line.endIndex, let high = hexValue(line[index + 1]), let low = hexValue(line[index + 2]) {
            out.append(high << 4 | low)
            index += 3
            continue
          }
        }
        out.append(byte)
        index += 1
      }
      if !soft && number < lines.count - 1 { out += [13, 10] }
    }
    return out
  }

  /// Decodes RFC 2047 `=?charset?B|Q?text?=` words (UTF-8 and US-ASCII); whitespace between
  /// two encoded words is dropped, as the RFC says.
  public static func decodeEncodedWords(_ text: String) -> String {
    var result = ""
    var pendingSpace = ""
    var lastWasEncoded = false
    var rest = Substring(text)
    while !rest.isEmpty {
      let spaceEnd = rest.firstIndex { $0 != " " && $0 != "\t" && $0 != "\r" && $0 != "\n" } ?? rest.endIndex
      pendingSpace = String(rest[..<spaceEnd])
      rest = rest[spaceEnd...]
      let wordEnd = rest.firstIndex { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" } ?? rest.endIndex
      let word = rest[..<wordEnd]
      rest = rest[wordEnd...]
      if let decoded = decodeEncodedWord(word) {
        if !lastWasEncoded { result += pendingSpace }
        result += decoded
        lastWasEncoded = true
      } else {
        result += pendingSpace + word
        lastWasEncoded = false
      }
    }
    return result
  }

  private static func decodeEncodedWord(_ word: Substring) -> String? {
    guard word.hasPrefix("=?"), word.hasSuffix("?="), word.count > 4 else { return nil }
    let parts = word.dropFirst(2).dropLast(2).split(separator: "?", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, ["utf-8", "us-ascii"].contains(parts[0].lowercased()) else { return nil }
    let bytes: [UInt8]?
    switch parts[1].uppercased() {
    case "B": bytes = Data(base64Encoded: String(parts[2])).map { Array($0) }
    case "Q": bytes = decodeQuotedPrintable(parts[2].replacingOccurrences(of: "_", with: " "))
    default: return nil
    }
    return bytes.flatMap { String(validating: $0, as: UTF8.self) }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}

// MARK: - Connections

/// What the accept loop and the connections share with the server object.
private final class Core: Sendable {
  struct State {
    var messages: [SMTPTestServer.Message] = []
    var commands: [String] = []
    var connectionCount = 0
    var replies: [SMTPTestServer.Step: SMTPTestServer.Reply] = [:]
    var stalled = false
    var isShutDown = false
    var open: [ObjectIdentifier: any Channel] = [:]
  }

  let username: String?
  let password: String?
  let supportsEHLO: Bool
  let state = Mutex(State())

  init(username: String?, password: String?, supportsEHLO: Bool) {
    self.username = username
    self.password = password
    self.supportsEHLO = supportsEHLO
  }

  func serve(_ connection: NIOAsyncChannel<String, ByteBuffer>) async {
    let channel = connection.channel
    let id = ObjectIdentifier(channel)
    // Registered under the lock that shutdown() takes, so no connection escapes it.
    let (accepted, stalled) = state.withLock { state -> (Bool, Bool) in
      guard !state.isShutDown else { return (false, false) }
      state.open[id] = channel
      state.connectionCount += 1
      return (true, state.stalled)
    }
    guard accepted else {
      try? await channel.close()
      return
    }
    defer { state.withLock { _ = $0.open.removeValue(forKey: id) } }

    try? await connection.executeThenClose { inbound, outbound in
      if stalled {
        for try await _ in inbound {}
        return
      }
      var session = ServerSession(core: self)
      try await outbound.write(ServerSession.format(220, ["localhost ESMTP SMTPTestServer"]))
      for try await line in inbound {
        let response = session.handle(line)
        if let reply = response.reply { try await outbound.write(reply) }
        if response.close { return }
      }
    }
  }
}

/// The protocol state of one connection; synchronous, the caller does the I/O.
private struct ServerSession {
  let core: Core
  var greeted = false
  var authenticatedUser: String?
  var awaitingAuthResponse = false
  var from: String?
  var recipients: [String] = []
  var dataLines: [String]?

  init(core: Core) { self.core = core }

  static func format(_ code: Int, _ lines: [String]) -> ByteBuffer {
    var out = ""
    for (index, line) in lines.enumerated() {
      out += "\(code)\(index == lines.count - 1 ? " " : "-")\(line)\r\n"
    }
    return ByteBuffer(string: out)
  }

  private func reply(_ code: Int, _ text: String) -> (reply: ByteBuffer?, close: Bool) {
    (Self.format(code, [text]), false)
  }

  private func override(_ step: SMTPTestServer.Step) -> (reply: ByteBuffer?, close: Bool)? {
    core.state.withLock { $0.replies[step] }.map { reply($0.code, $0.text) }
  }

  private mutating func resetTransaction() {
    from = nil
    recipients = []
    dataLines = nil
  }

  mutating func handle(_ line: String) -> (reply: ByteBuffer?, close: Bool) {
    if dataLines != nil { return handleData(line) }
    if awaitingAuthResponse {
      awaitingAuthResponse = false
      return line == "*" ? reply(501, "5.0.0 AUTH cancelled") : checkPlain(line)
    }
    core.state.withLock { $0.commands.append(line) }
    let verb = line.prefix { $0 != " " }.uppercased()
    let argument = line.drop { $0 != " " }.drop { $0 == " " }

    switch verb {
    case "EHLO":
      guard core.supportsEHLO else { return reply(502, "5.5.1 EHLO not implemented") }
      greeted = true
      resetTransaction()
      let auth = core.username != nil ? ["AUTH PLAIN"] : []
      return (Self.format(250, ["localhost greets \(argument)", "8BITMIME"] + auth + ["HELP"]), false)
    case "HELO":
      greeted = true
      resetTransaction()
      return reply(250, "localhost")
    case "AUTH":
      guard core.username != nil else { return reply(502, "5.5.1 AUTH not available") }
      guard authenticatedUser == nil else { return reply(503, "5.5.1 Already authenticated") }
      let words = argument.split(separator: " ")
      guard words.first?.uppercased() == "PLAIN" else { return reply(504, "5.5.4 Unrecognized authentication type") }
      guard words.count > 1 else {
        awaitingAuthResponse = true
        return reply(334, "")
      }
      return checkPlain(String(words[1]))
    case "MAIL":
      guard greeted else { return reply(503, "5.5.1 Say hello first") }
      guard core.username == nil || authenticatedUser != nil else { return reply(530, "5.7.0 Authentication required") }
      guard from == nil else { return reply(503, "5.5.1 Nested MAIL command") }
      guard let address = Self.path(argument, after: "FROM:") else { return reply(501, "5.5.4 Syntax: MAIL FROM:<address>") }
      if let refused = override(.mailFrom) { return refused }
      from = address
      return reply(250, "2.1.0 OK")
    case "RCPT":
      guard from != nil else { return reply(503, "5.5.1 Need MAIL before RCPT") }
      guard let address = Self.path(argument, after: "TO:") else { return reply(501, "5.5.4 Syntax: RCPT TO:<address>") }
      if let refused = override(.rcptTo) { return refused }
      recipients.append(address)
      return reply(250, "2.1.5 OK")
    case "DATA":
      guard !recipients.isEmpty else { return reply(503, "5.5.1 Need RCPT before DATA") }
      if let refused = override(.data) { return refused }
      dataLines = []
      return reply(354, "End data with <CR><LF>.<CR><LF>")
    case "RSET":
      resetTransaction()
      return reply(250, "2.0.0 OK")
    case "NOOP":
      return reply(250, "2.0.0 OK")
    case "QUIT":
      return (Self.format(221, ["2.0.0 Bye"]), true)
    default:
      return reply(500, "5.5.2 Command not recognized")
    }
  }

  private mutating func handleData(_ line: String) -> (reply: ByteBuffer?, close: Bool) {
    guard line == "." else {
      // RFC 5321 4.5.2: drop the "." a sender added in front of a line starting with ".".
      dataLines?.append(line.hasPrefix(".") ? String(line.dropFirst()) : line)
      return (nil, false)
    }
    defer { resetTransaction() }
    if let refused = override(.endOfData) { return refused }
    let message = SMTPTestServer.Message(
      from: from ?? "", recipients: recipients, authenticatedUser: authenticatedUser,
      data: (dataLines ?? []).map { $0 + "\r\n" }.joined())
    let number = core.state.withLock { state -> Int in
      state.messages.append(message)
      return state.messages.count
    }
    return reply(250, "2.0.0 OK: queued as \(number)")
  }

  /// RFC 4616 PLAIN: base64 of authzid NUL authcid NUL password.
  private mutating func checkPlain(_ token: String) -> (reply: ByteBuffer?, close: Bool) {
    guard let decoded = Data(base64Encoded: token) else { return reply(501, "5.5.2 Cannot decode response") }
    let parts = Array(decoded).split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard parts.count == 3, parts[1] == core.username, parts[2] == core.password else {
      return reply(535, "5.7.8 Authentication credentials invalid")
    }
    authenticatedUser = parts[1]
    return reply(235, "2.7.0 Authentication successful")
  }

  /// The address in `FROM:<a@b>` / `TO:<a@b>` (parameters after it are ignored).
  private static func path(_ argument: Substring, after keyword: String) -> String? {
    guard argument.uppercased().hasPrefix(keyword) else { return nil }
    let rest = argument.dropFirst(keyword.count).drop { $0 == " " }
    guard rest.first == "<", let close = rest.firstIndex(of: ">") else { return nil }
    return String(rest[rest.index(after: rest.startIndex)..<close])
  }
}

/// Splits the byte stream into lines at LF, dropping the CR before it.
private struct CommandLineDecoder: ByteToMessageDecoder {
  typealias InboundOut = String
  static let maximumLineLength = 65_536

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    guard let newline = buffer.readableBytesView.firstIndex(of: 10) else {
      if buffer.readableBytes > Self.maximumLineLength { throw CommandLineTooLong() }
      return .needMoreData
    }
    guard var line = buffer.readSlice(length: newline - buffer.readerIndex) else { return .needMoreData }
    buffer.moveReaderIndex(forwardBy: 1)
    if line.readableBytesView.last == 13 { line.moveWriterIndex(to: line.writerIndex - 1) }
    context.fireChannelRead(Self.wrapInboundOut(String(buffer: line)))
    return .continue
  }
}

private struct CommandLineTooLong: Error {}
