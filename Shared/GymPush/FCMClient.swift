import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// One message for FCM's HTTP v1 API (`messages:send`): a notification with title and
/// body, the app's data, and Android's delivery options.
public struct FCMMessage: Sendable, Equatable {
  /// The registration token the app got from FCM.
  public var token: String
  public var title: String
  public var body: String
  /// The app's own keys (FCM carries string values only).
  public var data: [String: String]
  /// Messages with one key replace each other while the device is offline, and one
  /// notification with one tag replaces the shown one.
  public var collapseKey: String?
  /// HIGH wakes the device now; NORMAL waits for its power saving.
  public var highPriority: Bool
  /// Shown low in the list, without sound (`notification_priority` PRIORITY_LOW).
  public var silent: Bool
  /// How long FCM keeps trying a device that is off.
  public var timeToLive: Duration
  /// The count the launcher's badge shows.
  public var notificationCount: Int?

  public init(
    token: String, title: String, body: String, data: [String: String] = [:], collapseKey: String? = nil, highPriority: Bool = true,
    silent: Bool = false, timeToLive: Duration = .seconds(86_400), notificationCount: Int? = nil
  ) {
    self.silent = silent
    self.token = token
    self.title = title
    self.body = body
    self.data = data
    self.collapseKey = collapseKey
    self.highPriority = highPriority
    self.timeToLive = timeToLive
    self.notificationCount = notificationCount
  }

  /// The largest message FCM accepts (400 INVALID_ARGUMENT "Message is too big" beyond).
  public static let maxBytes = 4096

  /// The request body: `{"message": {...}}`. A body that would take the message past
  /// 4096 bytes is shortened (on a character boundary, ending with "…").
  public func json() throws -> Data {
    try PayloadFit.encode(body: body, limit: Self.maxBytes, json(body:))
  }

  private func json(body: String) throws -> Data {
    var androidNotification: [String: Any] = [:]
    if let collapseKey { androidNotification["tag"] = collapseKey }
    if let notificationCount { androidNotification["notification_count"] = notificationCount }
    if silent { androidNotification["notification_priority"] = "PRIORITY_LOW" }
    var android: [String: Any] = ["priority": highPriority ? "HIGH" : "NORMAL", "ttl": "\(Int(timeToLive.components.seconds))s"]
    if let collapseKey { android["collapse_key"] = collapseKey }
    if !androidNotification.isEmpty { android["notification"] = androidNotification }
    var message: [String: Any] = ["token": token, "notification": ["title": title, "body": body], "android": android]
    if !data.isEmpty { message["data"] = data }
    return try JSONSerialization.data(withJSONObject: ["message": message], options: [.sortedKeys, .withoutEscapingSlashes])
  }
}

/// What FCM answered one `messages:send`.
public struct FCMResponse: Sendable, Equatable {
  public var status: Int
  /// The message's name (`projects/P/messages/ID`) when sent.
  public var name: String?
  /// The error's `status` (`NOT_FOUND`, `INVALID_ARGUMENT`, `UNAVAILABLE`, …).
  public var errorStatus: String?
  /// FCM's own code from the error's details (`UNREGISTERED`, `QUOTA_EXCEEDED`, `SENDER_ID_MISMATCH`, …).
  public var errorCode: String?
  public var message: String?
  public var retryAfter: Duration?

  public init(
    status: Int, name: String? = nil, errorStatus: String? = nil, errorCode: String? = nil, message: String? = nil,
    retryAfter: Duration? = nil
  ) {
    self.status = status
    self.name = name
    self.errorStatus = errorStatus
    self.errorCode = errorCode
    self.message = message
    self.retryAfter = retryAfter
  }

  /// What to do about it, as FCM's error codes document.
  public var disposition: PushDisposition {
    let reason = errorCode ?? errorStatus ?? "HTTP \(status)"
    switch (status, errorCode ?? "") {
    case (200, _): return .delivered
    case (_, "UNREGISTERED"), (_, "SENDER_ID_MISMATCH"): return .invalidToken(reason, since: nil)
    case (401, _): return .refreshCredentials(reason)
    case (429, _), (500...599, _), (_, "QUOTA_EXCEEDED"), (_, "UNAVAILABLE"), (_, "INTERNAL"):
      return .retry(after: retryAfter, reason)
    default: return .dropped("HTTP \(status) \(reason)")
    }
  }
}

/// Sends messages through FCM's HTTP v1 API over HTTP/2, with the OAuth 2 access token
/// of the service account.
public struct FCMClient: Sendable {
  public let connection: ProviderConnection
  public let accessToken: FCMAccessToken
  public let timeout: Duration

  public init(connection: ProviderConnection, accessToken: FCMAccessToken, timeout: Duration = .seconds(30)) {
    self.connection = connection
    self.accessToken = accessToken
    self.timeout = timeout
  }

  /// A client of `endpoint`, granted tokens at the account's `token_uri`.
  public init(endpoint: ProviderEndpoint = .fcm, account: FCMServiceAccount, trustRoots: NIOSSLTrustRoots = .default) throws {
    let tokenHost = account.tokenURI.host ?? ""
    let grants = try ProviderConnection(host: tokenHost, port: account.tokenURI.port ?? 443, trustRoots: trustRoots)
    self.init(
      connection: try ProviderConnection(host: endpoint.host, port: endpoint.port, trustRoots: trustRoots),
      accessToken: FCMAccessToken(account: account, connection: grants))
  }

  public func send(_ message: FCMMessage) async throws -> FCMResponse {
    let token = try await accessToken.token()
    var headers = HTTPHeaders()
    headers.add(name: "authorization", value: "Bearer \(token)")
    headers.add(name: "content-type", value: "application/json; charset=UTF-8")
    let answer = try await connection.request(
      method: .POST, path: "/v1/projects/\(accessToken.account.projectID)/messages:send", headers: headers,
      body: ByteBuffer(bytes: try message.json()), timeout: timeout)
    let response = Self.response(answer)
    if case .refreshCredentials = response.disposition { await accessToken.discard(token) }
    return response
  }

  static func response(_ answer: ProviderConnection.Response) -> FCMResponse {
    let json = (try? JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView))) as? [String: Any]
    let error = json?["error"] as? [String: Any]
    let details = error?["details"] as? [[String: Any]] ?? []
    let code = details.lazy.compactMap { $0["errorCode"] as? String }.first
    return FCMResponse(
      status: answer.status, name: json?["name"] as? String, errorStatus: error?["status"] as? String, errorCode: code,
      message: error?["message"] as? String, retryAfter: RetryAfter.parse(answer.headers.first(name: "retry-after")))
  }
}
