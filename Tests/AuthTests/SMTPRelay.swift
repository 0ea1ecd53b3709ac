import Foundation
import GymTesting

/// A real SMTP server for the mail tests: aiosmtpd (`smtp/server.py`, in a venv of its own
/// that `smtp/run-server.sh` makes from the pinned `smtp/requirements.txt`) on 127.0.0.1,
/// with STARTTLS (or TLS from the first byte) and AUTH required, its certificate issued by a
/// fresh test CA. Each message it accepts is read back as JSON.
///
/// `@unchecked Sendable`: the `Process` is touched only by `start` and `stop`.
final class SMTPRelay: @unchecked Sendable {
  struct Options: Sendable {
    /// SMTPS: TLS from the first byte instead of STARTTLS.
    var implicitTLS = false
    /// Recipients matching this regular expression are answered 451 (try again later).
    var tempfail: String? = nil
    /// Mechanisms left out of the EHLO reply ("PLAIN" leaves LOGIN).
    var excludeAuth: [String] = []
  }

  /// One message as the server received it.
  struct Message: Decodable, Sendable {
    let mailFrom: String
    let rcptTos: [String]
    let authUser: String?
    let authMechanism: String?
    /// Whether the session was encrypted when the message came.
    let tls: Bool
    /// Headers and body as sent (quoted-printable body).
    let data: String

    enum CodingKeys: String, CodingKey {
      case mailFrom = "mail_from"
      case rcptTos = "rcpt_tos"
      case authUser = "auth_user"
      case authMechanism = "auth_mechanism"
      case tls, data
    }

    /// The six-digit code in a verification mail.
    var verificationCode: String? {
      data.range(of: #"code: \d{6}"#, options: .regularExpression).map { String(data[$0].suffix(6)) }
    }
  }

  static let user = "gym-mailer"
  static let password = "relay passphrase 7f3a"
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("smtp/run-server.sh").path

  let port: Int
  /// The CA that issued the server's certificate (names localhost, 127.0.0.1 and ::1).
  let certificates: TestCertificates
  let directory: String
  private let process: Process

  private init(port: Int, certificates: TestCertificates, directory: String, process: Process) {
    self.port = port
    self.certificates = certificates
    self.directory = directory
    self.process = process
  }

  /// Starts a server and waits until it listens. The first start anywhere builds the venv
  /// (pip from PyPI), so it may take a minute; later ones take about a second.
  static func start(_ options: Options = Options()) async throws -> SMTPRelay {
    let certificates = try TestCertificates()
    let directory = certificates.directory + "/relay"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var arguments = [
      script, "--out", directory, "--cert", certificates.serverCertificateFile, "--key", certificates.serverKeyFile,
      "--user", user, "--password", password,
    ]
    if options.implicitTLS { arguments.append("--implicit-tls") }
    if let tempfail = options.tempfail { arguments += ["--tempfail", tempfail] }
    for mechanism in options.excludeAuth { arguments += ["--exclude-auth", mechanism] }

    let logPath = directory + "/server.log"
    FileManager.default.createFile(atPath: logPath, contents: nil)
    let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = arguments
    process.standardOutput = log
    process.standardError = log
    try process.run()

    struct Ready: Decodable { let port: Int }
    let deadline = ContinuousClock.now + .seconds(300)
    while true {
      if let data = FileManager.default.contents(atPath: directory + "/ready.json"),
        let ready = try? JSONDecoder().decode(Ready.self, from: data)
      {
        return SMTPRelay(port: ready.port, certificates: certificates, directory: directory, process: process)
      }
      if !process.isRunning || ContinuousClock.now > deadline {
        if process.isRunning { process.terminate() }
        let output = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        throw DidNotStart(output: String(output.suffix(4000)))
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// Messages accepted so far, oldest first.
  func messages() -> [Message] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let numbered = names.compactMap { name -> (Int, String)? in
      guard name.hasPrefix("message-"), name.hasSuffix(".json"),
        let number = Int(name.dropFirst("message-".count).dropLast(".json".count))
      else { return nil }
      return (number, name)
    }
    return numbered.sorted { $0.0 < $1.0 }.compactMap { _, name in
      FileManager.default.contents(atPath: directory + "/" + name).flatMap { try? JSONDecoder().decode(Message.self, from: $0) }
    }
  }

  /// Waits until at least `count` messages arrived.
  func waitForMessages(count: Int, timeout: Duration = .seconds(20)) async throws -> [Message] {
    let deadline = ContinuousClock.now + timeout
    while true {
      let current = messages()
      if current.count >= count { return current }
      if ContinuousClock.now >= deadline { throw TooFewMessages(expected: count, received: current.count) }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it to exit.
  func stop() async {
    guard process.isRunning else { return }
    process.terminate()
    let deadline = ContinuousClock.now + .seconds(5)
    while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  struct DidNotStart: Error, CustomStringConvertible {
    let output: String
    var description: String { "the aiosmtpd relay did not start; its output:\n\(output)" }
  }

  struct TooFewMessages: Error, CustomStringConvertible {
    let expected: Int
    let received: Int
    var description: String { "SMTPRelay: \(received) of \(expected) messages arrived in time" }
  }
}

/// Runs `body` against a fresh relay and always stops it.
func withSMTPRelay<T: Sendable>(
  _ options: SMTPRelay.Options = SMTPRelay.Options(), _ body: (SMTPRelay) async throws -> T
) async throws -> T {
  let relay = try await SMTPRelay.start(options)
  do {
    let result = try await body(relay)
    await relay.stop()
    return result
  } catch {
    await relay.stop()
    throw error
  }
}
