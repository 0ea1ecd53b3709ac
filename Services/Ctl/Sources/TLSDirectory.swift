import Foundation
import GRPCNIOTransportHTTP2
import GymService

/// The certificates of a stack that runs with TLS (`gymctl tls init`, `gymctl up --tls`):
/// a private CA; the gateway's certificate for the public listener; and one certificate
/// that every process presents both as a listener and as a caller (mutual TLS inside).
public struct TLSDirectory: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  public var caFile: String { file("ca.pem") }
  public var caKeyFile: String { file("ca-key.pem") }
  public var gatewayCertificateFile: String { file("gateway.pem") }
  public var gatewayKeyFile: String { file("gateway-key.pem") }
  public var internalCertificateFile: String { file("internal.pem") }
  public var internalKeyFile: String { file("internal-key.pem") }

  /// Loopback names every certificate carries, so `gymctl up` works out of the box.
  public static let loopbackHosts = ["localhost", "127.0.0.1", "::1"]

  public var exists: Bool { FileManager.default.fileExists(atPath: caFile) }

  /// Writes a new CA and both certificates; keys are owner-only and the directory 0700.
  /// - Parameter hosts: names and addresses clients dial besides loopback (the gateway's
  ///   public name; container or cluster service names).
  public func create(hosts: [String], days: Int = 825, now: Date = Date()) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let ca = try DevelopmentCA(now: now)
    let extra = hosts.filter { !Self.loopbackHosts.contains($0) }
    let gateway = try ca.issue(
      commonName: "gym gateway", hosts: Self.loopbackHosts + ["gateway", "gym-gateway"] + extra, usage: .server, days: days, now: now)
    let serviceNames = ManagedService.all.flatMap { [$0.name, $0.executable] }
    let inside = try ca.issue(
      commonName: "gym internal", hosts: Self.loopbackHosts + serviceNames + extra, usage: .serverAndClient, days: days, now: now)
    try writeKey(ca.keyPEM, to: caKeyFile)
    try writeKey(gateway.keyPEM, to: gatewayKeyFile)
    try writeKey(inside.keyPEM, to: internalKeyFile)
    try writeCertificate(gateway.certificatePEM, to: gatewayCertificateFile)
    try writeCertificate(inside.certificatePEM, to: internalCertificateFile)
    // Last: its presence is what says the directory is complete.
    try writeCertificate(try ca.certificatePEM, to: caFile)
  }

  /// The TLS settings of one process of the stack: the gateway serves its public
  /// certificate; a backend serves the internal one and asks callers for theirs; every
  /// process calls the others with the internal certificate.
  public func environment(for service: ManagedService) -> [String: String] {
    var env = [
      "GYM_INTERNAL_TLS_CA_FILE": caFile,
      "GYM_INTERNAL_TLS_CERT_FILE": internalCertificateFile,
      "GYM_INTERNAL_TLS_KEY_FILE": internalKeyFile,
    ]
    if service.name == ManagedService.gateway.name {
      env["GYM_TLS_CERT_FILE"] = gatewayCertificateFile
      env["GYM_TLS_KEY_FILE"] = gatewayKeyFile
    } else {
      env["GYM_TLS_CERT_FILE"] = internalCertificateFile
      env["GYM_TLS_KEY_FILE"] = internalKeyFile
      env["GYM_TLS_CLIENT_CA_FILE"] = caFile
    }
    return env
  }

  /// How gymctl calls the stack's processes: trusting the CA, presenting the internal
  /// certificate (backends ask for one).
  public func clientSecurity() throws -> HTTP2ClientTransport.Posix.TransportSecurity {
    let identity = try CertificateFiles(certificateFile: internalCertificateFile, keyFile: internalKeyFile)
    return try InternalTLS(caFile: caFile, identity: identity).transportSecurity
  }

  private func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

  /// A private key: a new owner-only file renamed over any old one (`--force`), so an
  /// old key file's wider mode never applies to the new key, even while it is written.
  private func writeKey(_ text: String, to path: String) throws {
    do {
      try SecretFile.replace(at: path, with: Data(text.utf8))
    } catch {
      throw TLSFileError(path: path, problem: "cannot be written (\(error))")
    }
  }

  /// A certificate: public, so readable by all (0644) whatever the umask.
  private func writeCertificate(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw TLSFileError(path: path, problem: "cannot be written (\(String(cString: strerror(errno))))") }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.synchronize()
    _ = fchmod(descriptor, 0o644)
  }
}
