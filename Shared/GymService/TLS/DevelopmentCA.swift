import Crypto
import Foundation
import SwiftASN1
import X509

/// A private certificate authority for development and for the platform's internal
/// mutual TLS (`gymctl tls init`): P-256 keys, a CA that may sign leaves only, and leaf
/// certificates naming the hosts and addresses they serve.
public struct DevelopmentCA: Sendable {
  public let certificate: Certificate
  private let key: P256.Signing.PrivateKey

  /// A new authority valid for `days`.
  public init(commonName: String = "gym development CA", days: Int = 3650, now: Date = Date()) throws {
    key = P256.Signing.PrivateKey()
    let name = try DistinguishedName {
      OrganizationName("gym platform")
      CommonName(commonName)
    }
    let keyID = Self.keyIdentifier(key.publicKey)
    certificate = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey),
      notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(Double(days) * 86_400),
      issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        Critical(KeyUsage(keyCertSign: true, cRLSign: true))
        SubjectKeyIdentifier(keyIdentifier: keyID)
      },
      issuerPrivateKey: .init(key))
  }

  /// The authority from its PEM files (to issue more certificates later).
  public init(certificatePEM: String, keyPEM: String) throws {
    certificate = try Certificate(pemEncoded: certificatePEM)
    key = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
  }

  public var certificatePEM: String { get throws { try certificate.serializeAsPEM().pemString } }
  public var keyPEM: String { key.pemRepresentation }

  public enum Usage: Sendable {
    /// A listener's certificate.
    case server
    /// A process that both listens and calls others with its certificate (mutual TLS).
    case serverAndClient
  }

  /// A leaf certificate and its key (PEM), naming `hosts`: DNS names and IP addresses.
  public func issue(
    commonName: String, hosts: [String], usage: Usage, days: Int = 825, now: Date = Date()
  ) throws -> (certificatePEM: String, keyPEM: String) {
    let leafKey = P256.Signing.PrivateKey()
    let names = try hosts.map(Self.generalName)
    let leaf = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
      notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(Double(days) * 86_400),
      issuer: certificate.subject,
      subject: try DistinguishedName {
        OrganizationName("gym platform")
        CommonName(commonName)
      },
      signatureAlgorithm: .ecdsaWithSHA256,
      extensions: try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true, keyAgreement: true))
        try ExtendedKeyUsage(usage == .server ? [.serverAuth] : [.serverAuth, .clientAuth])
        SubjectAlternativeNames(names)
        SubjectKeyIdentifier(keyIdentifier: Self.keyIdentifier(leafKey.publicKey))
        AuthorityKeyIdentifier(keyIdentifier: Self.keyIdentifier(key.publicKey))
      },
      issuerPrivateKey: .init(key))
    return (try leaf.serializeAsPEM().pemString, leafKey.pemRepresentation)
  }

  /// RFC 5280's method 1: the SHA-1 of the public key bits.
  private static func keyIdentifier(_ key: P256.Signing.PublicKey) -> ArraySlice<UInt8> {
    ArraySlice(Insecure.SHA1.hash(data: key.x963Representation))
  }

  /// Whether `host` can be named in a certificate (a DNS name or an IP address).
  public static func canName(_ host: String) -> Bool { (try? generalName(host)) != nil }

  /// An IPv4 or IPv6 literal becomes an IP address name, anything else a DNS name.
  static func generalName(_ host: String) throws -> GeneralName {
    if let address = HostPort.addressBytes(host) { return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(address))) }
    guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "*") }) else {
      throw TLSFileError(path: host, problem: "is neither a host name nor an IP address")
    }
    return .dnsName(host.lowercased())
  }
}
