import Foundation
import GRPCNIOTransportHTTP2
import GymService

/// Certificate files from a fresh private CA, for tests of TLS: a server pair naming
/// loopback, and a pair that can also authenticate a caller (mutual TLS).
public struct TestCertificates: Sendable {
  public let directory: String
  public let ca: DevelopmentCA

  public var caFile: String { path("ca.pem") }
  public var serverCertificateFile: String { path("server.pem") }
  public var serverKeyFile: String { path("server-key.pem") }
  public var peerCertificateFile: String { path("peer.pem") }
  public var peerKeyFile: String { path("peer-key.pem") }

  public init(directory: String? = nil) throws {
    self.directory = try directory ?? temporaryDirectory("gym-tls")
    ca = try DevelopmentCA(commonName: "gym test CA")
    try write(try ca.certificatePEM, to: caFile)
    try issueServer()
    let peer = try ca.issue(commonName: "gym peer", hosts: ["localhost", "127.0.0.1"], usage: .serverAndClient)
    try write(peer.certificatePEM, to: peerCertificateFile)
    try write(peer.keyPEM, to: peerKeyFile)
  }

  /// Writes a new server certificate over the old files (a renewal).
  public func issueServer(days: Int = 30) throws {
    let server = try ca.issue(commonName: "gym test server", hosts: ["localhost", "127.0.0.1", "::1"], usage: .serverAndClient, days: days)
    try write(server.certificatePEM, to: serverCertificateFile)
    try write(server.keyPEM, to: serverKeyFile)
  }

  public func serverTLS(mutual: Bool = false) throws -> ServerTLS {
    ServerTLS(
      identity: try CertificateFiles(certificateFile: serverCertificateFile, keyFile: serverKeyFile),
      clientCAFile: mutual ? caFile : nil)
  }

  /// What a process calling others presents: the CA it trusts and, for mutual TLS, its pair.
  public func internalTLS(presentingCertificate: Bool = true) throws -> InternalTLS {
    InternalTLS(
      caFile: caFile,
      identity: presentingCertificate ? try CertificateFiles(certificateFile: peerCertificateFile, keyFile: peerKeyFile) : nil)
  }

  /// A client trusting this CA, with or without a certificate of its own.
  public func clientSecurity(presentingCertificate: Bool = false) throws -> HTTP2ClientTransport.Posix.TransportSecurity {
    try internalTLS(presentingCertificate: presentingCertificate).transportSecurity
  }

  private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
