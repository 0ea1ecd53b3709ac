import Foundation
import Glibc
import GymService
import GymTesting
import Testing

@testable import GymAuth

/// Runs `body` against a fresh server and always shuts it down.
private func withServer(
  credentials: (username: String, password: String)? = nil, supportsEHLO: Bool = true,
  _ body: (SMTPTestServer) async throws -> Void
) async throws {
  let server = try await SMTPTestServer.start(credentials: credentials, supportsEHLO: supportsEHLO)
  do {
    try await body(server)
  } catch {
    await server.shutdown()
    throw error
  }
  await server.shutdown()
}

/// The test clients' command timeout unless a test sets a short one. A reply ends each
/// wait at once; the bound is for a machine that stalls, as one running the whole package
/// in parallel does (local CI saw the test process stand still for 14 s).
private let ordinaryTimeout = Duration.seconds(60)

private func client(
  port: Int, host: String = "127.0.0.1", security: SMTPClient.Security = .startTLS, caFile: String? = nil, username: String? = nil,
  password: String? = nil, allowPlaintextAuthOnLoopback: Bool = false, timeout: Duration = ordinaryTimeout
) -> SMTPClient {
  SMTPClient(
    host: host, port: port, security: security, caFile: caFile, username: username, password: password,
    allowPlaintextAuthOnLoopback: allowPlaintextAuthOnLoopback, heloName: "gym.test",
    from: "no-reply@gym.test", commandTimeout: timeout)
}

private func sendReset(_ client: SMTPClient, subject: String = "Your code") async throws {
  try await client.send(to: "member@example.org", subject: subject, body: "Code: 123456\n", messageID: "reset-1")
}

@Suite("SMTP delivery")
struct DeliveryTests {
  @Test func deliversNonASCIISubjectAndDotLinesIntact() async throws {
    try await withServer { server in
      let subject = "Passwort zurücksetzen – Code 482913 ✅ für Jürgen Müller-Lüdenscheidt"
      let body = """
        Hallo Jürgen,

        .a line starting with a dot
        ..two dots
        .
        trailing space \("")
        \(String(repeating: "x", count: 200))
        last = line, tab\t, ümlaut
        .

        """
      try await client(port: server.port).send(
        from: "no-reply@gym.test", to: "member@example.org", subject: subject, body: body, messageID: "reset-42")

      let messages = try await server.waitForMessages(count: 1)
      let message = try #require(messages.first)
      #expect(message.from == "no-reply@gym.test")
      #expect(message.recipients == ["member@example.org"])
      #expect(message.header("From") == "no-reply@gym.test")
      #expect(message.header("To") == "member@example.org")
      #expect(message.header("Message-ID") == "<reset-42@gym.test>")
      #expect(message.header("MIME-Version") == "1.0")
      #expect(message.header("Content-Type") == "text/plain; charset=utf-8")
      #expect(message.header("Content-Transfer-Encoding") == "quoted-printable")
      #expect(message.header("Subject")?.hasPrefix("=?UTF-8?B?") == true)
      #expect(message.subject == subject)
      #expect(message.body?.replacingOccurrences(of: "\r\n", with: "\n") == body)
      let date = try #require(message.header("Date"))
      #expect(date.wholeMatch(of: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d \+0000/) != nil)
      // Quoted-printable keeps the body 7-bit with lines of at most 76 characters.
      let rawBody = try #require(message.data.range(of: "\r\n\r\n")).upperBound
      let bodyLines = message.data[rawBody...].split(separator: "\r\n")
      #expect(bodyLines.allSatisfy { $0.utf8.count <= 76 && $0.utf8.allSatisfy { $0 < 0x80 } })
      #expect(server.commands.first == "EHLO gym.test")
      #expect(server.commands.last == "QUIT")
    }
  }

  @Test func fallsBackToHELOWhenEHLOIsRefused() async throws {
    try await withServer(supportsEHLO: false) { server in
      try await sendReset(client(port: server.port))
      #expect(try await server.waitForMessages(count: 1).count == 1)
      #expect(server.commands.prefix(2) == ["EHLO gym.test", "HELO gym.test"])
    }
  }

  @Test func authenticatesOnLoopbackWhenAllowed() async throws {
    try await withServer(credentials: ("gym", "s3cret")) { server in
      let sender = client(port: server.port, username: "gym", password: "s3cret", allowPlaintextAuthOnLoopback: true)
      try sender.validateConfiguration()
      try await sendReset(sender)
      #expect(try await server.waitForMessages(count: 1).first?.authenticatedUser == "gym")
      #expect(!sender.description.contains("s3cret"))
    }
  }
}

@Suite("SMTP failures")
struct FailureTests {
  @Test func rcpt550IsPermanent() async throws {
    try await withServer { server in
      server.setReply(.init(code: 550, text: "5.1.1 No such user"), for: .rcptTo)
      let error = await #expect(throws: SMTPError.self) { try await sendReset(client(port: server.port)) }
      #expect(error?.kind == .permanent)
      #expect(error?.stage == .rcptTo)
      #expect(error?.code == 550)
      #expect(error?.message == "5.1.1 No such user")
      #expect(server.messages.isEmpty)
    }
  }

  @Test func rcpt451IsTransientAndARetryDelivers() async throws {
    try await withServer { server in
      server.setReply(.init(code: 451, text: "4.3.0 Try again later"), for: .rcptTo)
      let error = await #expect(throws: SMTPError.self) { try await sendReset(client(port: server.port)) }
      #expect(error?.kind == .transient)
      #expect(error?.code == 451)
      #expect(error?.stage == .rcptTo)

      server.setReply(nil, for: .rcptTo)
      try await sendReset(client(port: server.port))
      #expect(try await server.waitForMessages(count: 1).count == 1)
    }
  }

  @Test func rejectedMessageAfterDataIsPermanent() async throws {
    try await withServer { server in
      server.setReply(.init(code: 554, text: "5.6.0 Message rejected"), for: .endOfData)
      let error = await #expect(throws: SMTPError.self) { try await sendReset(client(port: server.port)) }
      #expect(error?.kind == .permanent)
      #expect(error?.stage == .data)
      #expect(server.messages.isEmpty)
    }
  }

  @Test func connectionRefusedIsTransient() async throws {
    // A port held by a socket that is bound but does not listen: connecting is refused,
    // and no other test can take the port meanwhile (as one did a port merely freed).
    let socket = try RefusingPort()
    defer { socket.close() }
    let error = await #expect(throws: SMTPError.self) { try await sendReset(client(port: socket.port)) }
    #expect(error?.kind == .transient)
    #expect(error?.stage == .connect)
  }

  @Test func silentServerTimesOutTransiently() async throws {
    try await withServer { server in
      server.setStalled(true)
      let started = ContinuousClock.now
      let error = await #expect(throws: SMTPError.self) {
        try await sendReset(client(port: server.port, timeout: .milliseconds(300)))
      }
      #expect(error?.kind == .transient)
      #expect(error?.stage == .greeting)
      #expect(error?.message.contains("no reply") == true)
      // The 300 ms bound applied, not the client's ordinary one (a loaded machine can
      // stretch 300 ms to many seconds, never to a minute).
      #expect(ContinuousClock.now - started < ordinaryTimeout)
    }
  }

  @Test func plaintextAuthToNonLoopbackIsRefusedBeforeConnecting() async throws {
    try await withServer(credentials: ("gym", "s3cret")) { server in
      // 0.0.0.0 is not a loopback address, yet a connection to it would stay on this machine
      // and reach the server: so connectionCount really shows that none was attempted.
      let sender = client(
        port: server.port, host: "0.0.0.0", security: .plaintext, username: "gym", password: "s3cret", allowPlaintextAuthOnLoopback: true)
      #expect(throws: SMTPError.self) { try sender.validateConfiguration() }
      let error = await #expect(throws: SMTPError.self) { try await sendReset(sender) }
      #expect(error?.kind == .permanent)
      #expect(error?.stage == .configuration)
      #expect(server.connectionCount == 0)
    }
  }

  @Test func plaintextAuthNeedsExplicitPermissionEvenOnLoopback() async throws {
    try await withServer(credentials: ("gym", "s3cret")) { server in
      let sender = client(port: server.port, security: .plaintext, username: "gym", password: "s3cret")
      let error = await #expect(throws: SMTPError.self) { try await sendReset(sender) }
      #expect(error?.stage == .configuration)
      #expect(server.connectionCount == 0)
    }
  }

  /// STARTTLS mode against a loopback relay that does not offer it: mail may go in plaintext,
  /// the password may not, unless explicitly allowed.
  @Test func aLoopbackRelayWithoutSTARTTLSGetsNoPasswordUnlessAllowed() async throws {
    try await withServer(credentials: ("gym", "s3cret")) { server in
      let error = await #expect(throws: SMTPError.self) {
        try await sendReset(client(port: server.port, username: "gym", password: "s3cret"))
      }
      #expect(error?.stage == .configuration)
      #expect(!server.commands.contains { $0.hasPrefix("AUTH") })
      #expect(server.messages.isEmpty)
    }
  }

  /// A relay that is not on loopback and offers no STARTTLS (or had it stripped from its
  /// reply on the way) gets nothing in plaintext: not the envelope, not the message.
  @Test func plaintextToANonLoopbackRelayIsRefusedAfterEHLO() async throws {
    try await withServer { server in
      // A CA of its own, so the test does not depend on this machine's trust store.
      let ca = try TestCertificates().caFile
      let error = await #expect(throws: SMTPError.self) { try await sendReset(client(port: server.port, host: "0.0.0.0", caFile: ca)) }
      #expect(error?.stage == .tls)
      #expect(error?.kind == .permanent)
      #expect(server.commands.allSatisfy { $0.hasPrefix("EHLO") || $0 == "QUIT" }, "\(server.commands)")
      #expect(server.messages.isEmpty)
    }
  }

  @Test func plaintextModeIsForLoopbackRelaysOnly() throws {
    #expect(throws: SMTPError.self) { try client(port: 25, host: "smtp.example.org", security: .plaintext).validateConfiguration() }
    #expect(throws: SMTPError.self) { try client(port: 25, host: "10.0.0.5", security: .plaintext).validateConfiguration() }
    try client(port: 25, host: "127.0.0.1", security: .plaintext).validateConfiguration()
  }

  @Test func wrongPasswordIsPermanent() async throws {
    try await withServer(credentials: ("gym", "s3cret")) { server in
      let sender = client(port: server.port, username: "gym", password: "wrong", allowPlaintextAuthOnLoopback: true)
      let error = await #expect(throws: SMTPError.self) { try await sendReset(sender) }
      #expect(error?.kind == .permanent)
      #expect(error?.stage == .auth)
      #expect(error?.code == 535)
    }
  }

  @Test func credentialsForAServerWithoutAUTHAreRefused() async throws {
    try await withServer { server in
      let sender = client(port: server.port, username: "gym", password: "s3cret", allowPlaintextAuthOnLoopback: true)
      let error = await #expect(throws: SMTPError.self) { try await sendReset(sender) }
      #expect(error?.stage == .auth)
      #expect(!server.commands.contains { $0.hasPrefix("AUTH") })
      #expect(server.messages.isEmpty)
    }
  }

  @Test(arguments: ["Hi\r\nBcc: victim@example.org", "Hi\nBcc: victim@example.org", "Hi\r"])
  func lineBreakInSubjectIsRefused(subject: String) async throws {
    try await withServer { server in
      let error = await #expect(throws: SMTPError.self) { try await sendReset(client(port: server.port), subject: subject) }
      #expect(error?.kind == .permanent)
      #expect(error?.stage == .message)
      #expect(server.connectionCount == 0)
    }
  }

  @Test func lineBreakOrJunkInAddressesIsRefused() async throws {
    try await withServer { server in
      let sender = client(port: server.port)
      for to in ["a@b.org\r\nBcc: c@d.org", "a@b.org>\nX: y", "no-at-sign", "a b@c.org", "jürgen@example.org", ""] {
        await #expect(throws: SMTPError.self) { try await sender.send(to: to, subject: "s", body: "b", messageID: "m") }
      }
      await #expect(throws: SMTPError.self) {
        try await sender.send(from: "x@y.org\r\nBcc: c@d.org", to: "a@b.org", subject: "s", body: "b", messageID: "m")
      }
      #expect(server.connectionCount == 0)
    }
  }
}

@Suite("SMTP encoding")
struct EncodingTests {
  @Test func dotStuffing() {
    let stuffed = SMTPClient.dotStuffed(Array(".x\r\n..y\r\n.\r\nz".utf8))
    #expect(String(decoding: stuffed, as: UTF8.self) == "..x\r\n...y\r\n..\r\nz\r\n")
  }

  @Test func quotedPrintable() {
    // "=" is escaped, a trailing blank is escaped, inner blanks are not.
    #expect(String(decoding: SMTPClient.quotedPrintable("a=b  \nü\n"), as: UTF8.self) == "a=3Db =20\r\n=C3=BC\r\n")
    // Long lines get soft breaks and decode back.
    let long = String(repeating: "äbc ", count: 60)
    let encoded = SMTPClient.quotedPrintable(long)
    let lines = String(decoding: encoded, as: UTF8.self).split(separator: "\r\n")
    #expect(lines.count > 1 && lines.allSatisfy { $0.utf8.count <= 76 })
    #expect(String(decoding: SMTPTestServer.decodeQuotedPrintable(String(decoding: encoded, as: UTF8.self)), as: UTF8.self) == long + "\r\n")
    // An independent sample (RFC 2045 style soft break).
    #expect(SMTPTestServer.decodeQuotedPrintable("Now's the time =\r\nfor all =3D good\r\n") == Array("Now's the time for all = good\r\n".utf8))
  }

  @Test func encodedWords() {
    #expect(SMTPClient.encodedHeaderText("Your code") == "Your code")
    #expect(SMTPClient.encodedHeaderText("€") == "=?UTF-8?B?4oKs?=")
    let subject = String(repeating: "Grüße 👋🏽 ", count: 10)
    let encoded = SMTPClient.encodedHeaderText(subject)
    let words = encoded.split(separator: "\r\n ")
    #expect(words.count > 1 && words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
    #expect(SMTPTestServer.decodeEncodedWords(encoded.replacingOccurrences(of: "\r\n", with: "")) == subject)
    // Text that merely looks like an encoded word is encoded so it reads back literally.
    #expect(SMTPTestServer.decodeEncodedWords(SMTPClient.encodedHeaderText("=?x?=")) == "=?x?=")
  }

  @Test func dates() {
    #expect(SMTPClient.rfc5322Date(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 +0000")
    #expect(SMTPClient.rfc5322Date(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 +0000")
    // Compare with Foundation's formatter across a range of instants.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    var seconds: TimeInterval = -86_400 * 400
    while seconds < 4_200_000_000 {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(SMTPClient.rfc5322Date(date) == formatter.string(from: date))
      seconds += 7_654_321
    }
  }

  @Test func messageIDs() throws {
    #expect(try SMTPClient.messageIDHeader("reset-42", domain: "gym.test") == "<reset-42@gym.test>")
    #expect(try SMTPClient.messageIDHeader("<a.b@c>", domain: "gym.test") == "<a.b@c>")
    #expect(throws: SMTPError.self) { try SMTPClient.messageIDHeader("a\r\nb", domain: "gym.test") }
  }

  /// Which SMTP servers get plaintext, and which gateway addresses may serve it.
  @Test func loopbackHosts() {
    for host in ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
      #expect(HostPort.isLoopback(host), "\(host)")
    }
    for host in ["0.0.0.0", "10.0.0.1", "::", "smtp.example.org", "127.0.0.1.example.org", "128.0.0.1", "localhost.example.org"] {
      #expect(!HostPort.isLoopback(host), "\(host)")
    }
  }
}

/// Which connections may carry mail, and how the client signs in: decided from what the
/// relay offers, before anything is sent.
@Suite("SMTP transport decisions")
struct TransportDecisionTests {
  typealias Step = SMTPClient.TransportStep

  static func step(_ security: SMTPClient.Security, offers: Bool, loopback: Bool) -> Result<Step, SMTPError> {
    Result { try SMTPClient.transportStep(security: security, offersStartTLS: offers, relayIsLoopback: loopback) }
      .mapError { $0 as! SMTPError }
  }

  @Test func plaintextReachesOnlyALoopbackRelay() throws {
    // STARTTLS whenever offered, wherever the relay is.
    #expect(try Self.step(.startTLS, offers: true, loopback: false).get() == .startTLS)
    #expect(try Self.step(.startTLS, offers: true, loopback: true).get() == .startTLS)
    // Not offered: plaintext to loopback only.
    #expect(try Self.step(.startTLS, offers: false, loopback: true).get() == .proceed)
    let stripped = Self.step(.startTLS, offers: false, loopback: false)
    #expect(throws: SMTPError.self) { try stripped.get() }
    if case .failure(let error) = stripped {
      #expect(error.stage == .tls && error.isPermanent)
      #expect(error.message.contains("refusing to send in plaintext"))
    }
    // TLS from the first byte needs nothing more; plaintext mode never leaves the machine.
    #expect(try Self.step(.implicitTLS, offers: false, loopback: false).get() == .proceed)
    #expect(try Self.step(.plaintext, offers: true, loopback: true).get() == .proceed)
    #expect(throws: SMTPError.self) { try Self.step(.plaintext, offers: true, loopback: false).get() }
  }

  @Test func plainIsPreferredThenLogin() {
    #expect(SMTPClient.authMechanism(offered: ["8BITMIME", "AUTH LOGIN PLAIN", "HELP"]) == .plain)
    #expect(SMTPClient.authMechanism(offered: ["AUTH LOGIN CRAM-MD5"]) == .login)
    #expect(SMTPClient.authMechanism(offered: ["AUTH=LOGIN"]) == .login)
    #expect(SMTPClient.authMechanism(offered: ["auth xoauth2 plain"]) == .plain)
    #expect(SMTPClient.authMechanism(offered: ["AUTH CRAM-MD5 XOAUTH2"]) == nil)
    #expect(SMTPClient.authMechanism(offered: ["AUTHPLAIN", "X-PLAIN"]) == nil)
  }

  @Test func certificatesAreCheckedAgainstTheNameDialled() {
    #expect(SMTPClient.serverName("smtp.example.org") == "smtp.example.org")
    // SNI cannot carry an address; the certificate's IP addresses are checked instead.
    #expect(SMTPClient.serverName("192.0.2.25") == nil)
    #expect(SMTPClient.serverName("::1") == nil)
  }

  @Test func theDescriptionNeverShowsThePassword() {
    let sender = SMTPClient(
      host: "smtp.example.org", port: 587, username: "gym", password: "hunter2-but-longer", from: "gym@example.org")
    #expect(sender.description == "SMTPClient(smtp.example.org:587, starttls, user gym, from gym@example.org)")
    #expect(!"\(sender)".contains("hunter2"))
  }
}

/// `GYM_SMTP_*`: the relay's settings are checked at start-up, the password read from a file.
@Suite("SMTP configuration")
struct SMTPConfigurationTests {
  static func config(_ environment: [String: String]) throws -> Config {
    try Config(keys: AuthApp.keys, environment: environment, arguments: [])
  }

  @Test func thePasswordComesFromAFileAndIsShownNowhere() throws {
    let certificates = try TestCertificates()
    let file = certificates.directory + "/smtp-password"
    try Data("correct horse battery\r\n".utf8).write(to: URL(fileURLWithPath: file))
    let client = try AuthApp.smtpClient(
      config: Self.config([
        "GYM_SMTP_ADDR": "smtp.example.org:465", "GYM_SMTP_TLS": "tls", "GYM_SMTP_USERNAME": "gym",
        "GYM_SMTP_PASSWORD_FILE": file, "GYM_SMTP_FROM": "gym@example.org", "GYM_SMTP_CA_FILE": certificates.caFile,
      ]))
    #expect(client.password == "correct horse battery")
    #expect(client.security == .implicitTLS && client.port == 465 && client.caFile == certificates.caFile)
    #expect(!client.description.contains("horse"))
  }

  @Test func aUserWithoutAPasswordFileOrABadModeStopsStartUp() throws {
    let noFile = #expect(throws: ConfigError.self) {
      try AuthApp.smtpClient(config: Self.config(["GYM_SMTP_ADDR": "smtp.example.org:587", "GYM_SMTP_USERNAME": "gym"]))
    }
    #expect(noFile?.description.contains("GYM_SMTP_PASSWORD_FILE") == true)
    #expect(throws: ConfigError.self) {
      try AuthApp.smtpClient(
        config: Self.config([
          "GYM_SMTP_ADDR": "smtp.example.org:587", "GYM_SMTP_USERNAME": "gym", "GYM_SMTP_PASSWORD_FILE": "/nonexistent/password",
        ]))
    }
    #expect(throws: ConfigError.self) {
      try AuthApp.smtpClient(config: Self.config(["GYM_SMTP_ADDR": "smtp.example.org:587", "GYM_SMTP_TLS": "maybe"]))
    }
    // Plaintext to a relay elsewhere, or a CA file that is not one, fails here, not at the first mail.
    #expect(throws: ConfigError.self) {
      try AuthApp.smtpClient(config: Self.config(["GYM_SMTP_ADDR": "smtp.example.org:25", "GYM_SMTP_TLS": "none"]))
    }
    #expect(throws: ConfigError.self) {
      try AuthApp.smtpClient(config: Self.config(["GYM_SMTP_ADDR": "smtp.example.org:587", "GYM_SMTP_CA_FILE": "/nonexistent/ca.pem"]))
    }
  }
}

/// A loopback TCP port bound and never listened on: connections to it are refused.
struct RefusingPort {
  let descriptor: Int32
  let port: Int

  init() throws {
    let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        Glibc.bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard descriptor >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  func close() { _ = Glibc.close(descriptor) }
}
