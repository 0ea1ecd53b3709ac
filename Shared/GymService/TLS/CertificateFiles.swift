import Foundation
import NIOCertificateReloading
import NIOSSL
import Synchronization
import X509

/// A certificate chain and its private key, read from PEM files and checked (the key
/// belongs to the first certificate, which is valid now). Every TLS handshake asks for
/// the current pair, so after `reload()` new connections present the new one while open
/// connections keep theirs; a pair that fails the checks leaves the current one in place.
public final class CertificateFiles: CertificateReloader, Sendable {
  public let certificateFile: String
  public let keyFile: String
  private let current: Mutex<Loaded>

  struct Loaded: Sendable {
    var override: NIOSSLContextConfigurationOverride
    /// The files' bytes, so that an unchanged pair is not parsed again.
    var certificateBytes: Data
    var keyBytes: Data
    var notValidAfter: Date
  }

  /// Throws `TLSFileError` naming the file and what is wrong with it.
  public init(certificateFile: String, keyFile: String, now: Date = Date()) throws {
    self.certificateFile = certificateFile
    self.keyFile = keyFile
    current = Mutex(try Self.load(certificateFile: certificateFile, keyFile: keyFile, now: now))
  }

  public var sslContextConfigurationOverride: NIOSSLContextConfigurationOverride {
    current.withLock { $0.override }
  }

  /// When the certificate presented now expires.
  public var notValidAfter: Date { current.withLock { $0.notValidAfter } }

  /// Reads the files again; a changed, valid pair replaces the current one. Returns
  /// whether it did.
  @discardableResult
  public func reload(now: Date = Date()) throws -> Bool {
    let (certificateBytes, keyBytes) = try Self.read(certificateFile: certificateFile, keyFile: keyFile)
    let same = current.withLock { $0.certificateBytes == certificateBytes && $0.keyBytes == keyBytes }
    if same { return false }
    let loaded = try Self.check(
      certificateBytes: certificateBytes, keyBytes: keyBytes, certificateFile: certificateFile, keyFile: keyFile, now: now)
    current.withLock { $0 = loaded }
    return true
  }

  private static func load(certificateFile: String, keyFile: String, now: Date) throws -> Loaded {
    let (certificateBytes, keyBytes) = try read(certificateFile: certificateFile, keyFile: keyFile)
    return try check(certificateBytes: certificateBytes, keyBytes: keyBytes, certificateFile: certificateFile, keyFile: keyFile, now: now)
  }

  private static func read(certificateFile: String, keyFile: String) throws -> (Data, Data) {
    func contents(_ path: String) throws -> Data {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw TLSFileError(path: path, problem: "cannot be read (missing, or not readable by this user)")
      }
      return data
    }
    return (try contents(certificateFile), try contents(keyFile))
  }

  private static func check(
    certificateBytes: Data, keyBytes: Data, certificateFile: String, keyFile: String, now: Date
  ) throws -> Loaded {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateBytes))
    } catch {
      throw TLSFileError(path: certificateFile, problem: "holds no PEM certificate")
    }
    guard let leafDER = try? chain.first?.toDERBytes(), let leaf = try? Certificate(derEncoded: leafDER) else {
      throw TLSFileError(path: certificateFile, problem: "holds no PEM certificate")
    }
    let privateKey: NIOSSLPrivateKey
    let key: Certificate.PrivateKey
    do {
      privateKey = try NIOSSLPrivateKey(bytes: Array(keyBytes), format: .pem)
      key = try Certificate.PrivateKey(pemEncoded: String(decoding: keyBytes, as: UTF8.self))
    } catch {
      throw TLSFileError(path: keyFile, problem: "holds no PEM private key (PKCS#8, EC or RSA)")
    }
    guard key.publicKey == leaf.publicKey else {
      throw TLSFileError(path: keyFile, problem: "is not the key of the first certificate in \(certificateFile)")
    }
    guard leaf.notValidBefore <= now.addingTimeInterval(300) else {
      throw TLSFileError(path: certificateFile, problem: "is not valid until \(leaf.notValidBefore)")
    }
    guard leaf.notValidAfter > now else {
      throw TLSFileError(path: certificateFile, problem: "expired on \(leaf.notValidAfter)")
    }
    var override = NIOSSLContextConfigurationOverride()
    override.certificateChain = chain.map { .certificate($0) }
    override.privateKey = .privateKey(privateKey)
    return Loaded(override: override, certificateBytes: certificateBytes, keyBytes: keyBytes, notValidAfter: leaf.notValidAfter)
  }

  /// The certificates of a PEM file of trust roots (a CA), checked at start-up so that a
  /// wrong path stops the process instead of failing every handshake later.
  public static func checkTrustRoots(_ path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TLSFileError(path: path, problem: "cannot be read (missing, or not readable by this user)")
    }
    guard let roots = try? NIOSSLCertificate.fromPEMBytes(Array(data)), !roots.isEmpty else {
      throw TLSFileError(path: path, problem: "holds no PEM certificate")
    }
  }
}

/// A certificate, key or CA file that cannot serve; the message names the file.
public struct TLSFileError: Error, CustomStringConvertible {
  public let path: String
  public let problem: String

  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  public var description: String { "\(path) \(problem)" }
}
