import NIOCertificateReloading
import NIOSSL

// The same TLS as the gRPC transports get from these settings, for listeners and
// connections that are HTTP/2 without grpc-swift (the gateway's frame relay).

extension ServerTLS {
  /// Certificates reloaded per handshake, TLS 1.2 at least, ALPN h2; with a client CA,
  /// callers must present a certificate it signed.
  public func serverConfiguration() throws -> TLSConfiguration {
    var configuration =
      try clientCAFile.map {
        try TLSConfiguration.makeServerConfigurationWithMTLS(certificateReloader: identity, trustRoots: .file($0))
      } ?? TLSConfiguration.makeServerConfiguration(certificateReloader: identity)
    configuration.minimumTLSVersion = .tlsv12
    configuration.applicationProtocols = ["grpc-exp", "h2"]
    return configuration
  }
}

extension InternalTLS {
  /// Full verification against the private CA (the certificate must name the host
  /// dialled), presenting this process's certificate for mutual TLS when it has one.
  public func clientConfiguration() throws -> TLSConfiguration {
    var configuration = try identity.map { try TLSConfiguration.makeClientConfiguration(certificateReloader: $0) } ?? .makeClientConfiguration()
    configuration.trustRoots = .file(caFile)
    configuration.certificateVerification = .fullVerification
    configuration.minimumTLSVersion = .tlsv12
    configuration.applicationProtocols = ["grpc-exp", "h2"]
    return configuration
  }
}
