import Foundation
import GRPCNIOTransportHTTP2
import NIOSSL

/// TLS on a process's own gRPC listener.
public struct ServerTLS: Sendable {
  public var identity: CertificateFiles
  /// Mutual TLS: a caller must present a certificate this CA signed (internal listeners).
  public var clientCAFile: String?

  public init(identity: CertificateFiles, clientCAFile: String? = nil) {
    self.identity = identity
    self.clientCAFile = clientCAFile
  }

  /// From `GYM_TLS_CERT_FILE`, `GYM_TLS_KEY_FILE` and `GYM_TLS_CLIENT_CA_FILE`; nil when
  /// neither file is named (plaintext). Every file is read and checked here, so a wrong
  /// path stops start-up with the key's name.
  public init?(config: Config) throws {
    let certificate = try config.string(CommonKeys.tlsCertificateFile)
    let key = try config.string(CommonKeys.tlsKeyFile)
    let clientCA = try config.string(CommonKeys.tlsClientCAFile)
    if certificate.isEmpty && key.isEmpty {
      guard clientCA.isEmpty else {
        throw ConfigError("\(CommonKeys.tlsClientCAFile.name) needs TLS: set \(CommonKeys.tlsCertificateFile.name) and \(CommonKeys.tlsKeyFile.name) too")
      }
      return nil
    }
    guard !certificate.isEmpty, !key.isEmpty else {
      throw ConfigError("TLS needs both \(CommonKeys.tlsCertificateFile.name) and \(CommonKeys.tlsKeyFile.name)")
    }
    do {
      identity = try CertificateFiles(certificateFile: certificate, keyFile: key)
      if !clientCA.isEmpty { try CertificateFiles.checkTrustRoots(clientCA) }
    } catch let error as TLSFileError {
      throw ConfigError("TLS: \(error)")
    }
    clientCAFile = clientCA.isEmpty ? nil : clientCA
  }

  /// For the start-up log line.
  var mode: String { clientCAFile == nil ? "on" : "mutual" }

  var transportSecurity: HTTP2ServerTransport.Posix.TransportSecurity {
    get throws {
      try .tls(certificateReloader: identity) { config in
        if let clientCAFile {
          config.clientCertificateVerification = .noHostnameVerification
          config.trustRoots = .certificates([.file(path: clientCAFile, format: .pem)])
        }
      }
    }
  }
}

/// TLS on the calls a process makes to other gym processes: their certificates are
/// checked against a private CA, and the process presents its own for mutual TLS.
public struct InternalTLS: Sendable {
  public var caFile: String
  public var identity: CertificateFiles?

  public init(caFile: String, identity: CertificateFiles? = nil) {
    self.caFile = caFile
    self.identity = identity
  }

  /// From `GYM_INTERNAL_TLS_CA_FILE` (nil when unset: plaintext), `GYM_INTERNAL_TLS_CERT_FILE`
  /// and `GYM_INTERNAL_TLS_KEY_FILE`.
  public init?(config: Config) throws {
    let ca = try config.string(CommonKeys.internalTLSCAFile)
    let certificate = try config.string(CommonKeys.internalTLSCertificateFile)
    let key = try config.string(CommonKeys.internalTLSKeyFile)
    if ca.isEmpty {
      guard certificate.isEmpty && key.isEmpty else {
        throw ConfigError("a client certificate for internal calls needs \(CommonKeys.internalTLSCAFile.name), the CA of the other processes")
      }
      return nil
    }
    guard certificate.isEmpty == key.isEmpty else {
      throw ConfigError("mutual TLS needs both \(CommonKeys.internalTLSCertificateFile.name) and \(CommonKeys.internalTLSKeyFile.name)")
    }
    do {
      try CertificateFiles.checkTrustRoots(ca)
      identity = certificate.isEmpty ? nil : try CertificateFiles(certificateFile: certificate, keyFile: key)
    } catch let error as TLSFileError {
      throw ConfigError("internal TLS: \(error)")
    }
    caFile = ca
  }

  /// For the start-up log line.
  var mode: String { identity == nil ? "on" : "mutual" }

  /// Full verification: the other process's certificate must name the host dialled.
  public var transportSecurity: HTTP2ClientTransport.Posix.TransportSecurity {
    get throws {
      let trust: (inout HTTP2ClientTransport.Posix.TransportSecurity.TLS) -> Void = { [caFile] config in
        config.trustRoots = .certificates([.file(path: caFile, format: .pem)])
        config.serverCertificateVerification = .fullVerification
      }
      guard let identity else { return .tls(configure: trust) }
      return try .mTLS(certificateReloader: identity, configure: trust)
    }
  }
}

extension HTTP2ClientTransport.Posix.TransportSecurity {
  /// TLS that accepts exactly the leaf certificate in `certificateFile`, whatever the name
  /// dialled: for an operator's tool beside the process it calls (gymctl inside the
  /// gateway's container reaching 127.0.0.1 while the certificate names the public host).
  public static func pinned(to certificateFile: String) throws -> Self {
    // A file this user cannot read is said as such, not as a file without a certificate.
    guard FileManager.default.isReadableFile(atPath: certificateFile) else {
      throw TLSFileError(path: certificateFile, problem: "cannot be read (missing, or not readable by this user)")
    }
    guard let pinned = try? NIOSSLCertificate.fromPEMFile(certificateFile).first else {
      throw TLSFileError(path: certificateFile, problem: "holds no PEM certificate")
    }
    return .tls { config in
      config.serverCertificateVerification = .noHostnameVerification
      config.customVerificationCallback = { presented, promise in
        promise.succeed(presented.first == pinned ? .certificateVerified(VerificationMetadata(nil)) : .failed)
      }
    }
  }
}
