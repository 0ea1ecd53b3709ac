import Foundation

/// One request to APNs' provider API: `POST /3/device/{token}` with the headers and the
/// JSON payload Apple documents.
public struct APNsNotification: Sendable, Equatable {
  public enum PushType: String, Sendable {
    /// Shown to the user.
    case alert
    /// Wakes the app without showing anything; priority must be 5.
    case background
  }

  /// The device token, in hex as the app reported it.
  public var deviceToken: String
  /// The app's bundle id (`apns-topic`).
  public var topic: String
  public var pushType: PushType
  /// 10: deliver now; 5: when the device's power allows.
  public var priority: Int
  /// Notifications with one collapse id are shown as one, the newest (`apns-collapse-id`, at most 64 bytes).
  public var collapseID: String?
  /// Until when APNs keeps trying a device that is off (`apns-expiration`); nil: once, now.
  public var expiration: Date?
  /// The JSON body: an `aps` dictionary and the app's own keys, at most 4096 bytes.
  public var payload: Data

  public init(
    deviceToken: String, topic: String, pushType: PushType = .alert, priority: Int = 10, collapseID: String? = nil,
    expiration: Date? = nil, payload: Data
  ) {
    self.deviceToken = deviceToken
    self.topic = topic
    self.pushType = pushType
    self.priority = priority
    self.collapseID = collapseID
    self.expiration = expiration
    self.payload = payload
  }

  /// The largest body APNs accepts for an alert (413 `PayloadTooLarge` beyond).
  public static let maxPayloadBytes = 4096
  /// The longest `apns-collapse-id` (400 `BadCollapseId` beyond).
  public static let maxCollapseIDBytes = 64

  /// The payload of an alert: `aps.alert` with a title and body, the badge, the thread
  /// the system groups it in, how it may interrupt (`passive`: into the list without
  /// sound, banner or lighting the screen), and the app's own string keys beside `aps`.
  /// A body that would take the payload past 4096 bytes is shortened (on a character
  /// boundary, ending with "…").
  public static func alertPayload(
    title: String, body: String, badge: Int? = nil, threadID: String? = nil, sound: String? = "default",
    interruptionLevel: String? = nil, custom: [String: String] = [:]
  ) throws -> Data {
    func encode(_ body: String) throws -> Data {
      var alert: [String: Any] = ["title": title, "body": body]
      alert = alert.filter { !($0.value as? String ?? "x").isEmpty }
      var aps: [String: Any] = ["alert": alert]
      if let badge { aps["badge"] = badge }
      if let threadID { aps["thread-id"] = threadID }
      if let sound { aps["sound"] = sound }
      if let interruptionLevel { aps["interruption-level"] = interruptionLevel }
      var root: [String: Any] = custom
      root["aps"] = aps
      return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .withoutEscapingSlashes])
    }
    return try PayloadFit.encode(body: body, limit: maxPayloadBytes, encode)
  }
}

/// What APNs answered one request.
public struct APNsResponse: Sendable, Equatable {
  public var status: Int
  /// APNs' id of the notification (`apns-id`).
  public var apnsID: String?
  /// The `reason` of an error body, e.g. `Unregistered`, `BadDeviceToken`, `TooManyRequests`.
  public var reason: String?
  /// For 410: when APNs learnt the token is no longer valid.
  public var timestamp: Date?
  /// The `retry-after` header, if one was sent.
  public var retryAfter: Duration?

  public init(status: Int, apnsID: String? = nil, reason: String? = nil, timestamp: Date? = nil, retryAfter: Duration? = nil) {
    self.status = status
    self.apnsID = apnsID
    self.reason = reason
    self.timestamp = timestamp
    self.retryAfter = retryAfter
  }

  /// What to do about it.
  public var disposition: PushDisposition {
    switch (status, reason ?? "") {
    case (200, _): .delivered
    case (410, _): .invalidToken(reason ?? "Unregistered", since: timestamp)
    case (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): .invalidToken(reason ?? "", since: nil)
    case (403, "ExpiredProviderToken"), (403, "InvalidProviderToken"), (403, "MissingProviderToken"):
      .refreshCredentials(reason ?? "")
    case (429, _), (500, _), (503, _): .retry(after: retryAfter, reason ?? "HTTP \(status)")
    default: .dropped("HTTP \(status) \(reason ?? "")")
    }
  }
}

/// What a sender does with a provider's answer; the same for APNs and FCM.
public enum PushDisposition: Sendable, Equatable {
  case delivered
  /// The token will never work again: forget the device, unless the app registered it
  /// again after `since` (APNs says when it learnt of the token's end).
  case invalidToken(String, since: Date?)
  /// The provider refused our credentials: make new ones and try again.
  case refreshCredentials(String)
  /// Busy or failing: try again later, no sooner than `after` when the provider said.
  case retry(after: Duration?, String)
  /// The request itself is wrong: retrying cannot help.
  case dropped(String)
}
