import CryptoExtras
import Foundation
import NIOCore
import NIOHTTP1

/// The OAuth 2 access token FCM's HTTP v1 API wants: obtained from the token endpoint
/// with a JWT grant (RFC 7523) signed RS256 by the service account's key, kept until
/// five minutes before it expires, and obtained again then or when FCM refuses it (401).
/// One grant at a time: concurrent senders wait for the same one.
public actor FCMAccessToken {
  public static let scope = "https://www.googleapis.com/auth/firebase.messaging"

  public let account: FCMServiceAccount
  private let connection: ProviderConnection
  private let now: @Sendable () -> Date
  private var current: (token: String, expiresAt: Date)?
  private var granting: Task<(token: String, expiresAt: Date), any Error>?
  /// Grants obtained so far.
  public private(set) var grants = 0

  public init(account: FCMServiceAccount, connection: ProviderConnection, now: @escaping @Sendable () -> Date = { Date() }) {
    self.account = account
    self.connection = connection
    self.now = now
  }

  /// The token to send now.
  public func token() async throws -> String {
    if let current, current.expiresAt.timeIntervalSince(now()) > 300 { return current.token }
    if let granting { return try await granting.value.token }
    let task = Task { try await grant() }
    granting = task
    defer { granting = nil }
    let granted = try await task.value
    current = granted
    grants += 1
    return granted.token
  }

  /// FCM refused `token`: the next request obtains a new one.
  public func discard(_ token: String) {
    if current?.token == token { current = nil }
  }

  /// The signed assertion of the grant.
  nonisolated func assertion(issuedAt: Date) throws -> String {
    let iat = Int(issuedAt.timeIntervalSince1970)
    return try CompactJWT.make(
      header: ["alg": "RS256", "typ": "JWT", "kid": account.privateKeyID],
      claims: ["iss": account.clientEmail, "scope": Self.scope, "aud": account.tokenURI.absoluteString, "iat": iat, "exp": iat + 3600]
    ) { [account] in try account.privateKey.signature(for: $0, padding: .insecurePKCS1v1_5).rawRepresentation }
  }

  private func grant() async throws -> (token: String, expiresAt: Date) {
    let issuedAt = now()
    var form = URLComponents()
    form.queryItems = [
      URLQueryItem(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:jwt-bearer"),
      URLQueryItem(name: "assertion", value: try assertion(issuedAt: issuedAt)),
    ]
    let body = (form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    var headers = HTTPHeaders()
    headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
    let path = account.tokenURI.path.isEmpty ? "/" : account.tokenURI.path
    let answer = try await connection.request(
      method: .POST, path: path, headers: headers, body: ByteBuffer(string: body), timeout: .seconds(30))
    let json = (try? JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView))) as? [String: Any]
    guard answer.status == 200, let token = json?["access_token"] as? String, !token.isEmpty else {
      let reason = (json?["error_description"] as? String) ?? (json?["error"] as? String) ?? "HTTP \(answer.status)"
      throw FCMGrantError(status: answer.status, reason: reason)
    }
    let lifetime = (json?["expires_in"] as? NSNumber)?.doubleValue ?? 3600
    return (token, issuedAt.addingTimeInterval(lifetime))
  }
}

/// The token endpoint refused the grant (a wrong or revoked key, a clock far off).
public struct FCMGrantError: Error, CustomStringConvertible, Sendable {
  public var status: Int
  public var reason: String
  public var description: String { "the FCM access token was refused (HTTP \(status)): \(reason)" }
}
