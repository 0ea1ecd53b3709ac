import Crypto
import Foundation
import GRPCCore

/// The shared secret that service-to-service calls carry (`x-gym-service-credential`).
/// User tokens never contain it, so an `…Internal` RPC can tell a service from a user.
/// It lives in a file readable only by the platform's user: `gymctl up` creates one in
/// the data directory; containers mount it as a secret.
public struct ServiceCredential: Sendable {
  public static let header = "x-gym-service-credential"
  public static let fileKey = ConfigKey(
    "GYM_SERVICE_CREDENTIAL_FILE", default: "./.gym-data/service-credential",
    "File holding the service credential for internal RPCs (`gymctl credential init` makes one)")

  let secret: String

  public init(secret: String) {
    self.secret = secret
  }

  /// A new random credential: 32 bytes, base64url.
  public static func generate() -> ServiceCredential {
    var generator = SystemRandomNumberGenerator()
    return ServiceCredential(secret: Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64URLEncodedString())
  }

  public static func load(path: String) throws -> ServiceCredential {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ConfigError("no service credential at \(path); create one with `gymctl credential init --path \(path)` (gymctl up does this itself)")
    }
    // A credential that exists but cannot be read (its mode, its owner) is said as such:
    // "no credential" would send the operator to create a second one.
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw ConfigError("the service credential at \(path) cannot be read by this user (\(error.localizedDescription)); check its owner and mode (600)")
    }
    let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard secret.count >= 32 else { throw ConfigError("the service credential in \(path) is too short (at least 32 characters)") }
    return ServiceCredential(secret: secret)
  }

  /// Loads the credential at `path`, writing a new one (mode 600) when there is none.
  public static func loadOrCreate(path: String) throws -> ServiceCredential {
    if FileManager.default.fileExists(atPath: path) { return try load(path: path) }
    let credential = generate()
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    do {
      try SecretFile.write(Data((credential.secret + "\n").utf8), to: path)
    } catch let error as SecretFileError where error.alreadyExists {
      // Another process created it since we looked: theirs is the stack's credential.
      return try load(path: path)
    } catch {
      throw ConfigError("cannot write a service credential to \(path): \(error)")
    }
    return credential
  }

  /// Constant-time comparison with what a caller presented.
  public func matches(_ presented: String) -> Bool {
    Self.constantTimeEqual(secret, presented)
  }

  static func constantTimeEqual(_ expected: String, _ presented: String) -> Bool {
    let a = Array(expected.utf8), b = Array(presented.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in a.indices { difference |= a[i] ^ b[i] }
    return difference == 0
  }

  /// What the gateway sends beside `x-forwarded-for` so a backend believes the client
  /// address it names: derived from the credential, so it proves the caller holds it
  /// without being the credential, and grants no access to internal RPCs.
  public static let forwardedByHeader = "x-gym-forwarded-by"

  public var forwardingProof: String {
    let mac = HMAC<SHA256>.authenticationCode(for: Data("gym forwarded-for v1".utf8), using: SymmetricKey(data: Data(secret.utf8)))
    return Data(mac).base64URLEncodedString()
  }

  /// A key for one purpose (e.g. sealing auth's mail at rest), derived from the
  /// credential with HKDF: whoever holds the database alone cannot read what it seals.
  public func derivedKey(purpose: String) -> SymmetricKey {
    HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: Data(secret.utf8)), info: Data("gym \(purpose) v1".utf8), outputByteCount: 32)
  }

  /// Adds the credential to every outgoing call of a client.
  public var clientInterceptor: any ClientInterceptor { CredentialClientInterceptor(secret: secret) }
}

struct CredentialClientInterceptor: ClientInterceptor {
  let secret: String

  func intercept<Input: Sendable, Output: Sendable>(
    request: StreamingClientRequest<Input>,
    context: ClientContext,
    next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
  ) async throws -> StreamingClientResponse<Output> {
    var request = request
    request.metadata.replaceOrAddString(secret, forKey: ServiceCredential.header)
    return try await next(request, context)
  }
}
