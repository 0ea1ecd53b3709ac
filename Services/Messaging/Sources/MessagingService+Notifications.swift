import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension MessagingService {
  public func listNotifications(
    request: Gym_Messaging_V1_ListNotificationsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListNotificationsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let (records, unread) = try await store.notifications(userID: caller.userID, unreadOnly: request.unreadOnly, limit: paging.size, offset: offset)
    let notifications = Paging.fitting(records.map(MessagingMapping.notification))
    return .with {
      $0.notifications = notifications
      $0.nextPageToken = paging.nextToken(offset: offset, returned: notifications.count, fetched: records.count)
      $0.unreadCount = Int32(unread)
    }
  }

  public func markNotificationsRead(
    request: Gym_Messaging_V1_MarkNotificationsReadRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_MarkNotificationsReadResponse {
    let caller = try Caller.current()
    guard request.ids.count <= 500 else { throw GymError.invalid([.init("ids", "at most 500 at a time")]) }
    let unread = try await store.markNotificationsRead(userID: caller.userID, ids: request.ids)
    return .with { $0.unreadCount = Int32(unread) }
  }
}
