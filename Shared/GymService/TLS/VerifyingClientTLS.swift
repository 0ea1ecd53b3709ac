import NIOSSL

extension NIOSSL.TLSConfiguration {
  /// A client that accepts only a server whose chain leads to `caFile` (PEM) or, when nil,
  /// to the system's trust store, and whose certificate names the host dialled: the same
  /// full verification as `InternalTLS`, for connections that are not gRPC (the SMTP relay).
  public static func verifyingClient(caFile: String?) -> NIOSSL.TLSConfiguration {
    var configuration = NIOSSL.TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification = .fullVerification
    configuration.trustRoots = caFile.map { .file($0) } ?? .default
    configuration.minimumTLSVersion = .tlsv12
    return configuration
  }
}
