import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension MessagingService {
  public func follow(request: Gym_Messaging_V1_FollowRequest, context: ServerContext) async throws -> Gym_Messaging_V1_FollowResponse {
    let caller = try Caller.current()
    let user = try await otherUser(request.userID, caller: caller, doing: "follow")
    let me = try await userRefs([caller.userID])[caller.userID]
    let now = Date()
    let pending = try await store.follow(followerID: caller.userID, followeeID: user.id, now: now) {
      let name = me.map { $0.displayName.isEmpty ? $0.username : $0.displayName } ?? "Someone"
      let notification = MessagingStore.NotificationRecord(
        id: ID.make(now: now), userID: user.id, kind: "follow_request", title: "\(name) asks to follow you", body: "",
        reference: caller.userID, createdAt: now, aboutID: caller.userID)
      return (
        notification,
        { record in
          let message = MessagingMapping.notification(record)
          return [try Self.draft(for: record.userID, about: caller.userID, .notification) { $0.notification = message }]
        }
      )
    }
    return .with { $0.pending = pending }
  }

  public func listFollowerRequests(
    request: Gym_Messaging_V1_ListFollowerRequestsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListFollowerRequestsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let rows = try await store.followerRequests(of: caller.userID, limit: paging.size, offset: offset)
    let refs = try await userRefs(rows.map(\.userID))
    return .with {
      $0.requests = rows.map { MessagingMapping.followerRequest(userID: $0.userID, requestedAt: $0.requestedAt, refs) }
      $0.nextPageToken = paging.nextToken(offset: offset, returned: rows.count)
    }
  }

  public func respondFollowerRequest(
    request: Gym_Messaging_V1_RespondFollowerRequestRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_RespondFollowerRequestResponse {
    let caller = try Caller.current()
    try await store.respondFollowerRequest(ownerID: caller.userID, followerID: request.userID, accept: request.accept, now: Date())
    return .init()
  }

  public func unfollow(request: Gym_Messaging_V1_UnfollowRequest, context: ServerContext) async throws -> Gym_Messaging_V1_UnfollowResponse {
    let caller = try Caller.current()
    try await store.unfollow(followerID: caller.userID, followeeID: request.userID)
    return .init()
  }

  public func listFollowers(request: Gym_Messaging_V1_ListFollowsRequest, context: ServerContext) async throws -> Gym_Messaging_V1_ListFollowsResponse {
    try await follows(request, followers: true)
  }

  public func listFollowing(request: Gym_Messaging_V1_ListFollowsRequest, context: ServerContext) async throws -> Gym_Messaging_V1_ListFollowsResponse {
    try await follows(request, followers: false)
  }

  private func follows(_ request: Gym_Messaging_V1_ListFollowsRequest, followers: Bool) async throws -> Gym_Messaging_V1_ListFollowsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let ids = try await store.follows(
      of: request.userID.isEmpty ? caller.userID : request.userID, viewerID: caller.userID, followers: followers, limit: paging.size,
      offset: offset)
    let refs = try await userRefs(ids)
    return .with {
      $0.users = ids.compactMap { refs[$0] }
      $0.nextPageToken = paging.nextToken(offset: offset, returned: ids.count)
    }
  }

  public func sendFriendRequest(
    request: Gym_Messaging_V1_SendFriendRequestRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_SendFriendRequestResponse {
    let caller = try Caller.current()
    let key = try request.idempotency(ownerID: caller.userID, method: "SendFriendRequest")
    let user = try await otherUser(request.userID, caller: caller, doing: "befriend")
    let refs = try await userRefs([caller.userID, user.id])
    let now = Date()
    let record = try await store.sendFriendRequest(id: ID.make(now: now), fromID: caller.userID, toID: user.id, key: key, now: now) { record in
      let message = MessagingMapping.friendRequest(record, refs: refs)
      return [try Self.draft(for: record.toID, about: record.fromID, .friendRequest) { $0.friendRequest = message }]
    }
    return .with { $0.request = MessagingMapping.friendRequest(record, refs: refs) }
  }

  public func respondFriendRequest(
    request: Gym_Messaging_V1_RespondFriendRequestRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_RespondFriendRequestResponse {
    let caller = try Caller.current()
    let record = try await store.respondFriendRequest(id: request.requestID, userID: caller.userID, accept: request.accept, now: Date())
    let refs = try await userRefs([record.fromID, record.toID])
    return .with { $0.request = MessagingMapping.friendRequest(record, refs: refs) }
  }

  public func removeFriend(request: Gym_Messaging_V1_RemoveFriendRequest, context: ServerContext) async throws -> Gym_Messaging_V1_RemoveFriendResponse {
    let caller = try Caller.current()
    try await store.removeFriend(caller.userID, request.userID, now: Date())
    return .init()
  }

  public func listFriends(request: Gym_Messaging_V1_ListFriendsRequest, context: ServerContext) async throws -> Gym_Messaging_V1_ListFriendsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let ids = try await store.friends(of: caller.userID, limit: paging.size, offset: offset)
    let refs = try await userRefs(ids)
    return .with {
      $0.friends = ids.compactMap { refs[$0] }
      $0.nextPageToken = paging.nextToken(offset: offset, returned: ids.count)
    }
  }

  public func listFriendRequests(
    request: Gym_Messaging_V1_ListFriendRequestsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListFriendRequestsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let records = try await store.friendRequests(
      userID: caller.userID, incoming: request.direction != .outgoing, limit: paging.size, offset: offset)
    let refs = try await userRefs(records.flatMap { [$0.fromID, $0.toID] })
    return .with {
      $0.requests = records.map { MessagingMapping.friendRequest($0, refs: refs) }
      $0.nextPageToken = paging.nextToken(offset: offset, returned: records.count)
    }
  }

  public func blockUser(request: Gym_Messaging_V1_BlockUserRequest, context: ServerContext) async throws -> Gym_Messaging_V1_BlockUserResponse {
    let caller = try Caller.current()
    guard !request.userID.isEmpty, request.userID != caller.userID else {
      throw GymError.invalid([.init("user_id", "give another user's id")])
    }
    // The id must name an account, or a typo (or any string) would be stored as a
    // block. A suspended account can be blocked too: a ban ends, the block stays.
    guard try await users.user(id: request.userID) != nil else { throw Self.noSuchUser }
    try await store.block(blockerID: caller.userID, blockedID: request.userID, now: Date())
    return .init()
  }

  public func unblockUser(request: Gym_Messaging_V1_UnblockUserRequest, context: ServerContext) async throws -> Gym_Messaging_V1_UnblockUserResponse {
    let caller = try Caller.current()
    try await store.unblock(blockerID: caller.userID, blockedID: request.userID)
    return .init()
  }

  private func otherUser(_ id: String, caller: Caller, doing what: String) async throws -> Gym_Auth_V1_User {
    guard id != caller.userID else { throw GymError.invalid([.init("user_id", "you cannot \(what) yourself")]) }
    return try await activeUser(id: id, field: "user_id")
  }
}
