import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// Sends notifications through APNs' provider API: HTTP/2 over TLS, one stream per
/// notification on a shared connection, token-based authentication
/// (`authorization: bearer` with the ES256 provider token).
public struct APNsClient: Sendable {
  public let connection: ProviderConnection
  public let token: APNsProviderToken
  public let timeout: Duration

  public init(connection: ProviderConnection, token: APNsProviderToken, timeout: Duration = .seconds(30)) {
    self.connection = connection
    self.token = token
    self.timeout = timeout
  }

  public init(endpoint: ProviderEndpoint = .apns, token: APNsProviderToken, trustRoots: NIOSSLTrustRoots = .default) throws {
    self.init(connection: try ProviderConnection(host: endpoint.host, port: endpoint.port, trustRoots: trustRoots), token: token)
  }

  /// Sends one notification. An answer that refuses the provider token discards it, so
  /// the next request signs a new one.
  public func send(_ notification: APNsNotification) async throws -> APNsResponse {
    let bearer = try token.token()
    var headers = HTTPHeaders()
    headers.add(name: "authorization", value: "bearer \(bearer)")
    headers.add(name: "apns-topic", value: notification.topic)
    headers.add(name: "apns-push-type", value: notification.pushType.rawValue)
    headers.add(name: "apns-priority", value: "\(notification.priority)")
    if let collapseID = notification.collapseID { headers.add(name: "apns-collapse-id", value: collapseID) }
    headers.add(name: "apns-expiration", value: "\(notification.expiration.map { Int($0.timeIntervalSince1970) } ?? 0)")
    headers.add(name: "content-type", value: "application/json")
    let answer = try await connection.request(
      method: .POST, path: "/3/device/\(notification.deviceToken)", headers: headers,
      body: ByteBuffer(bytes: notification.payload), timeout: timeout)
    let response = Self.response(answer)
    if case .refreshCredentials = response.disposition { token.discard(bearer) }
    return response
  }

  static func response(_ answer: ProviderConnection.Response) -> APNsResponse {
    var body = answer.body
    let bytes = body.readBytes(length: body.readableBytes) ?? []
    let error = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    // 410's `timestamp` is in milliseconds since 1970.
    let timestamp = (error?["timestamp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue / 1000) }
    return APNsResponse(
      status: answer.status, apnsID: answer.headers.first(name: "apns-id"), reason: error?["reason"] as? String,
      timestamp: timestamp, retryAfter: RetryAfter.parse(answer.headers.first(name: "retry-after")))
  }
}

/// The `Retry-After` header: seconds, or an HTTP date.
public enum RetryAfter {
  public static func parse(_ value: String?, now: Date = Date()) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
  }
}
