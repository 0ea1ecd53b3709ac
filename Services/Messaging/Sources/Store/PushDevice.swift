import Foundation
import GRDB

/// Which provider reaches a device.
public enum PushPlatform: Int, Sendable, CaseIterable {
  /// Apple Push Notification service.
  case ios = 1
  /// Firebase Cloud Messaging.
  case android = 2

  public var provider: String {
    switch self {
    case .ios: "apns"
    case .android: "fcm"
    }
  }
}

/// A device registered for push notifications.
public struct PushDevice: Sendable, Equatable {
  public var id: String
  public var userID: String
  public var platform: PushPlatform
  public var token: String
  public var appVersion: String
  public var locale: String
  public var registeredAt: Date
  public var lastRegisteredAt: Date

  public init(
    id: String, userID: String, platform: PushPlatform, token: String, appVersion: String, locale: String, registeredAt: Date,
    lastRegisteredAt: Date
  ) {
    self.id = id
    self.userID = userID
    self.platform = platform
    self.token = token
    self.appVersion = appVersion
    self.locale = locale
    self.registeredAt = registeredAt
    self.lastRegisteredAt = lastRegisteredAt
  }

  init(row: Row) {
    self.init(
      id: row["id"], userID: row["user_id"], platform: PushPlatform(rawValue: row["platform"]) ?? .ios, token: row["token"],
      appVersion: row["app_version"], locale: row["locale"], registeredAt: row["registered_at"],
      lastRegisteredAt: row["last_registered_at"])
  }
}
