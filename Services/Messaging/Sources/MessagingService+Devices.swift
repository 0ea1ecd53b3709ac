import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension MessagingService {
  public func registerDevice(
    request: Gym_Messaging_V1_RegisterDeviceRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_RegisterDeviceResponse {
    let caller = try Caller.current()
    let device = try DeviceInput.check(request)
    guard push.platforms.contains(device.platform) else {
      throw GymError.failedPrecondition(
        "this platform sends no push notifications to \(device.platform == .ios ? "iOS" : "Android") devices; use the Subscribe stream")
    }
    let now = Date()
    let record = try await store.registerDevice(
      newID: ID.make(now: now), userID: caller.userID, sessionID: caller.sessionID, platform: device.platform, token: device.token,
      appVersion: device.appVersion,
      locale: device.locale, now: now, devicesPerUser: push.devicesPerUser)
    return .with { $0.device = MessagingMapping.device(record) }
  }

  public func unregisterDevice(
    request: Gym_Messaging_V1_UnregisterDeviceRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_UnregisterDeviceResponse {
    let caller = try Caller.current()
    guard !request.deviceID.isEmpty else { throw GymError.invalid([.init("device_id", "is required")]) }
    guard try await store.unregisterDevice(id: request.deviceID, userID: caller.userID) else {
      throw GymError.notFound("you have no device with id \(request.deviceID)")
    }
    return .init()
  }

  public func listDevices(
    request: Gym_Messaging_V1_ListDevicesRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListDevicesResponse {
    let caller = try Caller.current()
    let devices = try await store.devices(userID: caller.userID)
    return .with { $0.devices = devices.map(MessagingMapping.device) }
  }
}

extension MessagingService {
  public func getNotificationSettings(
    request: Gym_Messaging_V1_GetNotificationSettingsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_GetNotificationSettingsResponse {
    let caller = try Caller.current()
    let settings = try await store.notificationSettings(userID: caller.userID)
    return .with { $0.settings = NotificationSettingsInput.proto(settings) }
  }

  public func updateNotificationSettings(
    request: Gym_Messaging_V1_UpdateNotificationSettingsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_UpdateNotificationSettingsResponse {
    let caller = try Caller.current()
    let checked = try NotificationSettingsInput.check(request)
    let settings = try await store.updateNotificationSettings(
      userID: caller.userID, modes: checked.modes, emailDigest: checked.emailDigest, quietHours: checked.quietHours,
      digestMinute: checked.digestMinute, now: Date())
    return .with { $0.settings = NotificationSettingsInput.proto(settings) }
  }
}
