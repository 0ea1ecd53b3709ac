import Crypto
import Foundation
import GymPush
import NIOHTTP1
import NIOSSL
import Synchronization

/// A local APNs provider API for tests: HTTP/2 only, over TLS with a certificate from a
/// private CA, checking each request as Apple documents it (`FakeAPNs+Checks`) and
/// answering as APNs does: 200 with an `apns-id`, or a status and a JSON `reason`
/// (410 `Unregistered` with a timestamp, 429 with `retry-after`, …). Answers for a
/// device token can be scripted; every request is recorded.
public final class FakeAPNs: Sendable {
  /// One request as the server saw it, with its answer.
  public struct Request: Sendable {
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var body: Data
    public var status: Int
    public var reason: String?
    public var receivedAt: ContinuousClock.Instant
    public var deviceToken: String { path.hasPrefix("/3/device/") ? String(path.dropFirst(10)) : "" }
    /// The `aps` dictionary and the app's keys.
    public var payload: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    public var alert: [String: Any] { ((payload["aps"] as? [String: Any])?["alert"] as? [String: Any]) ?? [:] }
  }

  /// What to answer a request that passed the checks.
  public enum Answer: Sendable, Equatable {
    case delivered
    case unregistered(since: Date)
    case badDeviceToken
    case tooManyRequests(retryAfterSeconds: Int?)
    case serviceUnavailable(retryAfterSeconds: Int?)
    case internalServerError
  }

  struct State {
    var requests: [Request] = []
    var scripted: [String: [Answer]] = [:]
    /// Answer every request 503, as during an outage.
    var unavailable = false
    /// The provider token last accepted, and its `iat` (APNs refuses a new token within
    /// 20 minutes of the previous one).
    var currentToken: (token: String, issuedAt: Int)?
  }

  /// The state, in a class of its own so the server's handler can hold it.
  final class Shared: Sendable {
    let state = Mutex(State())
  }

  let shared = Shared()
  private let server: ProviderTestServer

  public var port: Int { server.port }
  public var caCertificatePEM: String { server.caCertificatePEM }
  /// Trusting the server's private CA only.
  public var trustRoots: NIOSSLTrustRoots { get throws { try server.trustRoots } }
  /// TCP connections accepted so far.
  public var connections: Int { server.connections }

  /// A server on 127.0.0.1 that accepts tokens signed by `publicKey`'s key with `keyID`
  /// and `teamID`, for the app `topic`.
  public init(keyID: String, teamID: String, publicKey: P256.Signing.PublicKey, topic: String) async throws {
    let shared = self.shared
    let check = Checks(keyID: keyID, teamID: teamID, publicKey: publicKey, topic: topic)
    server = try await ProviderTestServer(name: "fake APNs") { head, body in
      shared.state.withLock { state in check.answer(head, body: body, state: &state) }
    }
  }

  /// Answers for requests to `deviceToken`, in order; after them, `.delivered`.
  public func script(_ deviceToken: String, _ answers: [Answer]) {
    shared.state.withLock { $0.scripted[deviceToken, default: []].append(contentsOf: answers) }
  }

  /// While true every request is answered 503 `ServiceUnavailable`, as in an outage.
  public func setUnavailable(_ unavailable: Bool) {
    shared.state.withLock { $0.unavailable = unavailable }
  }

  public var requests: [Request] { shared.state.withLock { $0.requests } }
  /// Requests answered 200.
  public var delivered: [Request] { requests.filter { $0.status == 200 } }

  /// GOAWAY on every connection, as APNs says when it moves a provider to another host.
  public func goAway() async throws { try await server.goAway() }

  public func stop() async { await server.stop() }
}
