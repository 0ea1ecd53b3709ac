import Foundation
import GRPCCore
import GymAPI
import GymService

extension MessagingService {
  public func createRoom(request: Gym_Messaging_V1_CreateRoomRequest, context: ServerContext) async throws -> Gym_Messaging_V1_CreateRoomResponse {
    let caller = try Caller.current()
    let input = try RoomInput(request)
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateRoom")
    if let programID = input.programID { try await programs.requireProgram(id: programID, for: caller.userID) }
    let now = Date()
    let room = try await store.createRoom(
      id: ID.make(now: now), name: input.name, topic: input.topic, programID: input.programID, ownerID: caller.userID, limits: rooms,
      key: key, now: now)
    let response = try await roomMessage(room)
    return .with { $0.room = response }
  }

  public func listRooms(request: Gym_Messaging_V1_ListRoomsRequest, context: ServerContext) async throws -> Gym_Messaging_V1_ListRoomsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let rooms = try await store.rooms(RoomInput.query(request, limit: paging.size, offset: offset), viewerID: caller.userID)
    var mapped: [Gym_Messaging_V1_Room] = []
    for room in rooms { mapped.append(try await roomMessage(room)) }
    mapped = Paging.fitting(mapped)
    return .with {
      $0.rooms = mapped
      $0.nextPageToken = paging.nextToken(offset: offset, returned: mapped.count, fetched: rooms.count)
    }
  }

  public func joinRoom(request: Gym_Messaging_V1_JoinRoomRequest, context: ServerContext) async throws -> Gym_Messaging_V1_JoinRoomResponse {
    let caller = try Caller.current()
    let room = try await store.joinRoom(id: request.roomID, userID: caller.userID, limits: rooms, now: Date())
    let response = try await roomMessage(room)
    return .with { $0.room = response }
  }

  public func leaveRoom(request: Gym_Messaging_V1_LeaveRoomRequest, context: ServerContext) async throws -> Gym_Messaging_V1_LeaveRoomResponse {
    let caller = try Caller.current()
    try await store.leaveRoom(id: request.roomID, userID: caller.userID)
    return .init()
  }

  /// The owner or an admin; members learn it from a ROOM_CLOSED event.
  public func closeRoom(request: Gym_Messaging_V1_CloseRoomRequest, context: ServerContext) async throws -> Gym_Messaging_V1_CloseRoomResponse {
    let caller = try Caller.current()
    let room = try await store.closeRoom(id: request.roomID, userID: caller.userID, admin: caller.isAdmin, now: Date()) { room in
      var announced = MessagingMapping.room(room, owner: nil)
      // The event is the room's, read by every member alike: nothing of one reader, and
      // no one's name (it outlives the owner's account; members ask for the room).
      announced.clearOwner()
      announced.joined = false
      announced.unreadCount = 0
      return try Self.draft(for: "", about: "", .roomClosed) { $0.room = announced }
    }
    logger.info("room closed", metadata: ["room_id": "\(room.id)", "by": "\(caller.userID)", "admin": "\(caller.isAdmin)"])
    let response = try await roomMessage(room)
    return .with { $0.room = response }
  }

  public func markRoomRead(request: Gym_Messaging_V1_MarkRoomReadRequest, context: ServerContext) async throws -> Gym_Messaging_V1_MarkRoomReadResponse {
    let caller = try Caller.current()
    let unread = try await store.markRoomRead(
      id: request.roomID, userID: caller.userID, upTo: request.upToMessageID.isEmpty ? nil : request.upToMessageID)
    return .with { $0.unreadCount = Int32(clamping: unread) }
  }

  public func postRoomMessage(
    request: Gym_Messaging_V1_PostRoomMessageRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_PostRoomMessageResponse {
    let caller = try Caller.verified(to: "post in rooms")
    let key = try request.idempotency(ownerID: caller.userID, method: "PostRoomMessage")
    let text = try MessageInput.text(request.text, attachments: request.attachmentIds)
    let refs = try await userRefs([caller.userID])
    let now = Date()
    let record = try await store.postRoomMessage(
      messageID: ID.make(now: now), roomID: request.roomID, senderID: caller.userID, text: text,
      attachmentIDs: request.attachmentIds, limits: rooms, key: key, now: now
    ) { record in
      let message = MessagingMapping.message(record, sender: refs[caller.userID])
      return try Self.draft(for: "", about: caller.userID, .roomMessage) { $0.message = message }
    }
    return .with { $0.message = MessagingMapping.message(record, sender: refs[caller.userID]) }
  }

  public func listRoomMessages(
    request: Gym_Messaging_V1_ListRoomMessagesRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListRoomMessagesResponse {
    let caller = try Caller.current()
    let paging = try Paging(size: request.pageSize, token: request.pageToken)
    let messages = try await store.roomMessages(
      roomID: request.roomID, viewerID: caller.userID, before: try Self.before(paging), limit: paging.size)
    let refs = try await userRefs(messages.map(\.senderID))
    let page = Paging.fitting(messages.map { MessagingMapping.message($0, sender: refs[$0.senderID]) })
    return .with {
      $0.messages = page
      $0.nextPageToken = Self.nextToken(paging, after: messages.prefix(page.count).map(\.rid), fetched: messages.count)
    }
  }

  /// Members with presence (an open Subscribe stream); `online_only` asks the hub first.
  public func listRoomMembers(
    request: Gym_Messaging_V1_ListRoomMembersRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListRoomMembersResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    // Online users are few next to members: with online_only, SQL keeps the members among them.
    let members = try await store.roomMembers(
      roomID: request.roomID, viewerID: caller.userID, among: request.onlineOnly ? hub.everyoneOnline : nil, limit: paging.size,
      offset: offset)
    let online = hub.onlineUsers(among: Set(members.map(\.userID)))
    let refs = try await userRefs(members.map(\.userID))
    return .with {
      $0.members = members.map {
        MessagingMapping.roomMember(userID: $0.userID, joinedAt: $0.joinedAt, online: online.contains($0.userID), refs)
      }
      $0.nextPageToken = paging.nextToken(offset: offset, returned: members.count)
    }
  }

  func roomMessage(_ room: MessagingStore.RoomView) async throws -> Gym_Messaging_V1_Room {
    let refs = room.ownerID.isEmpty ? [:] : try await userRefs([room.ownerID])
    return MessagingMapping.room(room, owner: refs[room.ownerID])
  }
}
