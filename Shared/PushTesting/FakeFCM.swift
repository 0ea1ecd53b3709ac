import CryptoExtras
import Foundation
import GymPush
import NIOHTTP1
import NIOSSL
import Synchronization

/// A local FCM for tests: Google's OAuth 2 token endpoint and FCM's HTTP v1
/// `messages:send` on one HTTP/2 server over TLS, checking what they check
/// (`FakeFCM+Checks`: the grant's RS256 signature against the service account's public
/// key, its claims, the bearer token it issued, the message's shape) and answering as
/// they do, FCM's errors with their `errorCode` details. Answers for a registration
/// token can be scripted; every send is recorded.
public final class FakeFCM: Sendable {
  public struct Request: Sendable {
    public var path: String
    public var headers: [String: String]
    public var body: Data
    public var status: Int
    public var errorCode: String?
    public var receivedAt: ContinuousClock.Instant
    public var message: [String: Any] {
      (((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["message"] as? [String: Any]) ?? [:]
    }
    public var token: String { message["token"] as? String ?? "" }
    public var notification: [String: Any] { message["notification"] as? [String: Any] ?? [:] }
    public var data: [String: String] { message["data"] as? [String: String] ?? [:] }
    public var android: [String: Any] { message["android"] as? [String: Any] ?? [:] }
  }

  public enum Answer: Sendable, Equatable {
    case delivered
    /// 404 NOT_FOUND, `UNREGISTERED`: the app was uninstalled or the token expired.
    case unregistered
    /// 403 PERMISSION_DENIED, `SENDER_ID_MISMATCH`: the token belongs to another project.
    case senderIDMismatch
    /// 429 RESOURCE_EXHAUSTED, `QUOTA_EXCEEDED`.
    case quotaExceeded(retryAfterSeconds: Int?)
    /// 503 UNAVAILABLE.
    case unavailable(retryAfterSeconds: Int?)
  }

  struct State {
    var requests: [Request] = []
    var scripted: [String: [Answer]] = [:]
    var unavailable = false
    /// Access tokens issued, and when each expires.
    var issued: [String: Date] = [:]
    var grants = 0
    var sent = 0
  }

  final class Shared: Sendable {
    let state = Mutex(State())
  }

  let shared = Shared()
  private let server: ProviderTestServer
  /// The service account this server trusts (its key file's JSON is `account.json`).
  public let account: FCMServiceAccount

  public var port: Int { server.port }
  public var caCertificatePEM: String { server.caCertificatePEM }
  /// Trusting the server's private CA only.
  public var trustRoots: NIOSSLTrustRoots { get throws { try server.trustRoots } }
  public var endpoint: ProviderEndpoint { .init(host: "localhost", port: port) }

  /// A server trusting a fresh service account of `projectID`, whose `token_uri` points
  /// here. Access tokens it issues live `tokenLifetime` seconds.
  public init(projectID: String = "gym-test", tokenLifetime: Int = 3600) async throws {
    let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
    let shared = self.shared
    let checks = Box<Checks?>(nil)
    server = try await ProviderTestServer(name: "fake FCM") { head, body in
      guard let check = checks.value.withLock({ $0 }) else { return .init(status: 503) }
      return shared.state.withLock { state in check.answer(head, body: body, state: &state) }
    }
    account = FCMServiceAccount(
      projectID: projectID, clientEmail: "push@\(projectID).iam.gserviceaccount.com", privateKeyID: "key-1", privateKey: key,
      tokenURI: URL(string: "https://localhost:\(server.port)/token")!)
    checks.value.withLock { $0 = Checks(account: account, publicKey: key.publicKey, tokenLifetime: tokenLifetime) }
  }

  public func script(_ token: String, _ answers: [Answer]) {
    shared.state.withLock { $0.scripted[token, default: []].append(contentsOf: answers) }
  }

  public func setUnavailable(_ unavailable: Bool) {
    shared.state.withLock { $0.unavailable = unavailable }
  }

  /// Every access token issued so far stops working, as when they expire.
  public func expireAccessTokens() {
    shared.state.withLock { $0.issued = $0.issued.mapValues { _ in .distantPast } }
  }

  public var requests: [Request] { shared.state.withLock { $0.requests } }
  public var delivered: [Request] { requests.filter { $0.status == 200 } }
  /// Access tokens granted so far.
  public var grants: Int { shared.state.withLock { $0.grants } }

  public func stop() async { await server.stop() }
}

/// A value set once the server it is handed to exists.
final class Box<Value: Sendable>: Sendable {
  let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
}
