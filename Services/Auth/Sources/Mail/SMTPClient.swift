import Foundation
import GymService
import NIOCore
import NIOPosix
import NIOSSL

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
    case configuration, message, connect, tls, greeting, hello, auth, mailFrom, rcptTo, data, quit
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

/// Sends single plain-text messages to one SMTP relay: over STARTTLS, over TLS from the
/// first byte (SMTPS), or in plaintext to a loopback relay only, with AUTH PLAIN or LOGIN.
///
/// A new connection per message: the outbox is drained at a low rate, and a fresh connection
/// means one broken session cannot poison the next message. The relay's certificate is
/// verified against `caFile` or the system's trust store and must name `host`.
public struct SMTPClient: Sendable, CustomStringConvertible {
  /// How the connection to the relay is protected.
  public enum Security: String, Sendable, CaseIterable {
    /// STARTTLS after EHLO (port 587 or 25); a relay that does not offer it gets plaintext
    /// only when it is on loopback.
    case startTLS = "starttls"
    /// TLS from the first byte (SMTPS, port 465).
    case implicitTLS = "tls"
    /// Plaintext, to a loopback relay only (a local relay with a certificate nobody signed).
    case plaintext = "none"
  }

  /// The SASL mechanisms this client speaks, in order of preference.
  public enum AuthMechanism: String, Sendable, CaseIterable {
    case plain = "PLAIN"
    case login = "LOGIN"
  }

  public var host: String
  public var port: Int
  public var security: Security
  /// PEM CA the relay's certificate must chain to; nil = the system's trust store.
  public var caFile: String?
  public var username: String?
  public var password: String?
  /// AUTH over plaintext sends the password in the clear: allowed to loopback only, and
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
    host: String, port: Int = 25, security: Security = .startTLS, caFile: String? = nil, username: String? = nil,
    password: String? = nil, allowPlaintextAuthOnLoopback: Bool = false, heloName: String = "localhost", from: String,
    commandTimeout: Duration = .seconds(30),
    eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) {
    self.host = host
    self.port = port
    self.security = security
    self.caFile = caFile
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
    return "SMTPClient(\(HostPort(host: host, port: port)), \(security.rawValue)\(user), from \(from))"
  }

  /// Throws the `.configuration` error that `send` would: call it at startup to fail early.
  public func validateConfiguration() throws {
    _ = try checkedSettings()
    try Self.checkAddress(from, field: "from")
    // The CA file or trust store, wherever TLS is sure to be needed.
    if caFile != nil || security == .implicitTLS || (security == .startTLS && !HostPort.isLoopback(host)) {
      _ = try tlsContext()
    }
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
    let credentials = try checkedSettings()
    try Self.checkAddress(from, field: "from")
    try Self.checkAddress(to, field: "to")
    try Self.checkNoLineBreak(subject, field: "subject")
    let id = try Self.messageIDHeader(messageID, domain: heloName)
    let message = Self.composeMessage(from: from, to: to, subject: subject, body: body, messageID: id, date: Date())
    let payload = ByteBuffer(bytes: Self.dotStuffed(message) + Array(".\r\n".utf8))

    var implicitTLS: NIOSSLContext? = nil
    if security == .implicitTLS { implicitTLS = try tlsContext() }
    let connection = try await connect(tls: implicitTLS)
    try await connection.channel.executeThenClose { inbound, outbound in
      var session = SMTPSession(connection: connection, replies: inbound.makeAsyncIterator(), outbound: outbound, timeout: commandTimeout)
      if let handshake = connection.handshake { try await session.awaitHandshake(handshake) }
      try await session.expect([220], after: nil, stage: .greeting)
      var extensions = try await hello(&session, allowHELO: true)

      // The address actually reached counts too: "localhost" might not resolve to loopback.
      let remote = connection.channel.channel.remoteAddress?.ipAddress
      let relayIsLoopback = HostPort.isLoopback(host) && remote.map(HostPort.isLoopback) == true
      var encrypted = security == .implicitTLS
      let offersStartTLS = extensions.contains { $0.split(separator: " ").first == "STARTTLS" }
      switch try Self.transportStep(security: security, offersStartTLS: offersStartTLS, relayIsLoopback: relayIsLoopback) {
      case .startTLS:
        // Made only when needed: a loopback relay without STARTTLS needs no trust store.
        guard let tls = try tlsContext() else {
          throw SMTPError(.permanent, stage: .configuration, message: "no TLS context for STARTTLS")
        }
        try await session.expect([220], after: "STARTTLS", stage: .tls)
        try await session.startTLS(context: tls, serverHostname: Self.serverName(host))
        // RFC 3207 4.2: what the server said before TLS is forgotten; greet it again.
        extensions = try await hello(&session, allowHELO: false)
        encrypted = true
      case .proceed:
        break
      }

      if let credentials {
        guard encrypted || (allowPlaintextAuthOnLoopback && relayIsLoopback) else {
          throw SMTPError(.permanent, stage: .configuration, message: "refusing to send credentials without TLS")
        }
        guard let mechanism = Self.authMechanism(offered: extensions) else {
          throw SMTPError(.permanent, stage: .auth, message: "server does not offer AUTH PLAIN or LOGIN")
        }
        try await session.authenticate(mechanism, username: credentials.username, password: credentials.password)
      }

      try await session.expect([250], after: "MAIL FROM:<\(from)>", stage: .mailFrom)
      try await session.expect([250, 251], after: "RCPT TO:<\(to)>", stage: .rcptTo)
      try await session.expect([354], after: "DATA", stage: .data)
      try await session.expect([250], payload: payload, stage: .data)
      // The message is accepted; a QUIT that goes wrong changes nothing.
      _ = try? await session.exchange("QUIT", stage: .quit)
    }
  }

  // MARK: - Decisions

  /// What to do once the server has said what it offers.
  enum TransportStep: Equatable {
    case startTLS
    /// Go on as the connection is: already encrypted, or plaintext to a loopback relay.
    case proceed
  }

  /// Plaintext only ever reaches a loopback relay: anything else is upgraded with STARTTLS
  /// or refused (thrown), so a relay that stops offering STARTTLS (or an attacker who strips
  /// it from the reply) gets no mail.
  static func transportStep(security: Security, offersStartTLS: Bool, relayIsLoopback: Bool) throws -> TransportStep {
    switch security {
    case .implicitTLS:
      return .proceed
    case .startTLS:
      if offersStartTLS { return .startTLS }
      if relayIsLoopback { return .proceed }
      throw SMTPError(.permanent, stage: .tls, message: "the relay does not offer STARTTLS; refusing to send in plaintext to a non-loopback address")
    case .plaintext:
      if relayIsLoopback { return .proceed }
      throw SMTPError(.permanent, stage: .configuration, message: "plaintext SMTP is for a loopback relay only")
    }
  }

  /// The mechanism to use from the EHLO lines: PLAIN when offered, else LOGIN. Reads both
  /// `AUTH PLAIN LOGIN` and the older `AUTH=LOGIN`.
  static func authMechanism(offered extensions: [String]) -> AuthMechanism? {
    let offered = Set(
      extensions.flatMap { line -> [String] in
        let words = line.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
        return words.first == "AUTH" ? Array(words.dropFirst()) : []
      })
    return AuthMechanism.allCases.first { offered.contains($0.rawValue) }
  }

  /// The name TLS checks the certificate against and sends as SNI; nil for an IP literal,
  /// which is checked against the certificate's IP addresses instead.
  static func serverName(_ host: String) -> String? {
    HostPort.addressBytes(host) == nil ? host : nil
  }

  // MARK: - Connection

  /// EHLO, or HELO from a server that answers EHLO with 5xx (RFC 5321 3.2): the extension
  /// lines offered, upper-cased (none after HELO).
  private func hello(_ session: inout SMTPSession, allowHELO: Bool) async throws -> [String] {
    let ehlo = try await session.exchange("EHLO \(heloName)", stage: .hello)
    if ehlo.code == 250 { return ehlo.lines.dropFirst().map { $0.uppercased() } }
    guard allowHELO, (500...599).contains(ehlo.code) else { throw SMTPError(reply: ehlo, stage: .hello) }
    try await session.expect([250], after: "HELO \(heloName)", stage: .hello)
    return []
  }

  /// With `tls`, TLS starts with the connection (SMTPS); STARTTLS adds it later.
  private func connect(tls: NIOSSLContext?) async throws -> SMTPConnection {
    let serverName = Self.serverName(host)
    do {
      return try await ClientBootstrap(group: eventLoopGroup)
        .connectTimeout(TimeAmount(commandTimeout))
        .connect(host: host, port: port) { channel in
          channel.eventLoop.makeCompletedFuture {
            let tally = LineTally()
            var handshake: EventLoopFuture<Void>? = nil
            if let tls {
              let handler = try NIOSSLClientHandler(context: tls, serverHostname: serverName)
              let waiter = HandshakeWaiter(done: channel.eventLoop.makePromise())
              try channel.pipeline.syncOperations.addHandlers([handler, waiter])
              handshake = waiter.done.futureResult
            }
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(ReplyLineDecoder(tally: tally)))
            return SMTPConnection(
              channel: try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel), tally: tally, handshake: handshake)
          }
        }
    } catch {
      throw SMTPError(.transient, stage: .connect, message: "cannot connect to \(HostPort(host: host, port: port)): \(error)")
    }
  }

  /// The verifying TLS context for this relay; nil in plaintext mode. A CA file that cannot
  /// be used is a `.configuration` error.
  private func tlsContext() throws -> NIOSSLContext? {
    guard security != .plaintext else { return nil }
    do {
      if let caFile { try CertificateFiles.checkTrustRoots(caFile) }
      return try NIOSSLContext(configuration: .verifyingClient(caFile: caFile))
    } catch {
      throw SMTPError(.permanent, stage: .configuration, message: "TLS: \(error)")
    }
  }

  /// The credentials to use, or nil; throws what can be refused before connecting: a HELO
  /// name that cannot be sent, plaintext to a host that is not loopback, credentials that
  /// would go out in the clear without permission.
  private func checkedSettings() throws -> (username: String, password: String)? {
    guard !heloName.isEmpty, heloName.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw SMTPError(.permanent, stage: .configuration, message: "heloName must be printable ASCII without spaces")
    }
    if security == .plaintext && !HostPort.isLoopback(host) {
      throw SMTPError(.permanent, stage: .configuration, message: "refusing plaintext SMTP to non-loopback host \(host); use starttls or tls")
    }
    switch (username, password) {
    case (nil, nil):
      return nil
    case (let username?, let password?):
      if security == .plaintext && !allowPlaintextAuthOnLoopback {
        throw SMTPError(
          .permanent, stage: .configuration,
          message: "AUTH over plaintext sends the password in the clear; use TLS, or set allowPlaintextAuthOnLoopback for a loopback relay")
      }
      guard !username.isEmpty, !password.isEmpty else {
        throw SMTPError(.permanent, stage: .configuration, message: "username and password must not be empty")
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
