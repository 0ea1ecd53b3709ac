import Crypto
import CryptoExtras
import Foundation

/// scrypt password hashes in a self-describing string
/// (`$scrypt$ln=17,r=8,p=1$<salt>$<hash>`, base64), so the cost can be raised later
/// and old hashes still verify. Each hash runs on a thread of its own at a lower
/// scheduling priority, not on the event loops, Dispatch or the Swift concurrency pool,
/// so a burst of sign-ins cannot take the CPU from other users' calls; a `HashGate`
/// caps how many run at once and how many may wait (each holds 128·r·2^ln bytes).
public final class PasswordHasher: Sendable {
  public struct Parameters: Sendable, Hashable {
    /// log2 of scrypt's N. OWASP's recommendation is N=2^17, r=8, p=1 (128 MiB).
    public var logN: Int
    public var r: Int
    public var p: Int

    public static let owasp = Parameters(logN: 17, r: 8, p: 1)

    public init(logN: Int, r: Int = 8, p: Int = 1) {
      self.logN = logN
      self.r = r
      self.p = p
    }
  }

  public let parameters: Parameters
  private let gate: HashGate
  /// A hash of a random password, verified against when the account does not exist so
  /// that unknown accounts and wrong passwords take the same time.
  private let decoy: String

  /// - Parameter queueLimit: callers that may wait for a hash; beyond it `AuthError.busy`.
  public init(parameters: Parameters = .owasp, maxConcurrent: Int, queueLimit: Int = 32) throws {
    self.parameters = parameters
    self.gate = HashGate(permits: maxConcurrent, queueLimit: queueLimit)
    let salt = (0..<16).map { _ in UInt8.random(in: 0...255) }
    let decoyKey = try Self.derive(password: Array(UUID().uuidString.utf8), salt: salt, parameters: parameters)
    self.decoy = Self.encode(parameters: parameters, salt: salt, key: decoyKey)
  }

  public func hash(_ password: String) async throws -> String {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let parameters = self.parameters
    let key = try await offload { try Self.derive(password: Array(password.utf8), salt: salt, parameters: parameters) }
    return Self.encode(parameters: parameters, salt: salt, key: key)
  }

  /// True when `password` matches `encoded`; the comparison takes constant time.
  public func verify(_ password: String, against encoded: String) async throws -> Bool {
    guard let (parameters, salt, expected) = Self.decode(encoded) else {
      throw HashFormatError(encoded: String(encoded.prefix(12)))
    }
    let key = try await offload { try Self.derive(password: Array(password.utf8), salt: salt, parameters: parameters) }
    return Self.constantTimeEqual(key, expected)
  }

  /// Spends the same effort as `verify` for an account that does not exist.
  public func verifyDecoy(_ password: String) async throws {
    _ = try await verify(password, against: decoy)
  }

  /// True when a stored hash is weaker than the current parameters (rehash at next login).
  public func needsRehash(_ encoded: String) -> Bool {
    guard let (stored, _, _) = Self.decode(encoded) else { return true }
    return stored.logN < parameters.logN || stored.r < parameters.r
  }

  struct HashFormatError: Error { let encoded: String }

  /// Callers waiting for a hash now.
  public var waiting: Int { gate.waiting }

  private func offload(_ work: @escaping @Sendable () throws -> [UInt8]) async throws -> [UInt8] {
    do {
      return try await gate.run {
        try await withCheckedThrowingContinuation { continuation in
          let thread = Thread {
            // Linux keeps a nice value per thread: this one yields to the event loops and
            // database threads serving everyone else. Starting a thread costs microseconds
            // against a hash's hundreds of milliseconds.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            continuation.resume(with: Result { try work() })
          }
          thread.name = "password-hash"
          thread.start()
        }
      }
    } catch let full as HashGate.Full {
      throw AuthError.busy(retryAfter: full.retryAfter)
    }
  }

  private static func derive(password: [UInt8], salt: [UInt8], parameters: Parameters) throws -> [UInt8] {
    // BoringSSL needs a non-empty buffer; an empty password is refused earlier, this
    // keeps the decoy path and any caller safe.
    let input = password.isEmpty ? [0] : password
    let key = try KDF.Scrypt.deriveKey(
      from: input, salt: salt, outputByteCount: 32,
      rounds: 1 << parameters.logN, blockSize: parameters.r, parallelism: parameters.p)
    return key.withUnsafeBytes { Array($0) }
  }

  private static func encode(parameters: Parameters, salt: [UInt8], key: [UInt8]) -> String {
    "$scrypt$ln=\(parameters.logN),r=\(parameters.r),p=\(parameters.p)$\(Data(salt).base64EncodedString())$\(Data(key).base64EncodedString())"
  }

  private static func decode(_ encoded: String) -> (Parameters, [UInt8], [UInt8])? {
    let parts = encoded.split(separator: "$", omittingEmptySubsequences: true)
    guard parts.count == 4, parts[0] == "scrypt" else { return nil }
    var values: [String: Int] = [:]
    for pair in parts[1].split(separator: ",") {
      let kv = pair.split(separator: "=")
      guard kv.count == 2, let value = Int(kv[1]) else { return nil }
      values[String(kv[0])] = value
    }
    guard let logN = values["ln"], let r = values["r"], let p = values["p"], (1...24).contains(logN),
      let salt = Data(base64Encoded: String(parts[2])), let key = Data(base64Encoded: String(parts[3]))
    else { return nil }
    return (Parameters(logN: logN, r: r, p: p), Array(salt), Array(key))
  }

  private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for i in a.indices { difference |= a[i] ^ b[i] }
    return difference == 0
  }
}
