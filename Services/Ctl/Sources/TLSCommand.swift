import ArgumentParser
import Foundation
import GymService

/// `gymctl tls init`: a private CA and the stack's certificates (sibling of `credential init`).
struct TLSCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tls", abstract: "Manage the stack's TLS certificates.", subcommands: [Init.self])

  struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a development CA, the gateway's certificate and the internal (mutual TLS) certificate.",
      discussion: """
        Files: ca.pem, gateway.pem and internal.pem with their -key.pem (mode 600). Every certificate \
        names localhost, 127.0.0.1 and ::1; the internal one also the service names (auth, gym-auth, …). \
        Clients trust ca.pem. `gymctl up --tls` uses DATA_DIR/tls. A running process serves renewed \
        files after SIGHUP or within GYM_TLS_RELOAD_SECONDS.
        """)

    @Option(help: "Directory for the files (default: DATA_DIR/tls).")
    var dir: String?

    @Option(help: "Directory of the stack's data, whose tls/ is the default.")
    var dataDir = "./.gym-data"

    @Option(name: .customLong("host"), help: "A further name or address clients dial (repeatable), e.g. gym.example.com.")
    var hosts: [String] = []

    @Option(help: "Days the certificates stay valid.")
    var days = 825

    @Flag(help: "Replace certificates that already exist (a new CA: every client must trust the new ca.pem).")
    var force = false

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
      guard (1...3650).contains(days) else { throw ValidationError("--days must be 1...3650") }
      for host in hosts {
        guard DevelopmentCA.canName(host) else {
          throw ValidationError("--host \(host) is neither a host name nor an IP address")
        }
      }
    }

    func run() async throws {
      let directory = TLSDirectory(path: dir ?? (dataDir as NSString).appendingPathComponent("tls"))
      if directory.exists && !force {
        say("\(directory.path) already holds certificates; left as they are (--force replaces them)", created: false, directory)
        return
      }
      try directory.create(hosts: hosts, days: days)
      say("wrote a CA and certificates valid for \(days) days to \(directory.path); clients trust \(directory.caFile)", created: true, directory)
    }

    private func say(_ line: String, created: Bool, _ directory: TLSDirectory) {
      if json {
        print(Output.jsonLine(["dir": directory.path, "created": created, "ca": directory.caFile]))
      } else {
        print(line)
      }
    }
  }
}
