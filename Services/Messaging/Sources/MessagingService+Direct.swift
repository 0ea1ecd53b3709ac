import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

extension MessagingService {
  public func sendDirectMessage(
    request: Gym_Messaging_V1_SendDirectMessageRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_SendDirectMessageResponse {
    let caller = try Caller.verified(to: "send messages")
    let key = try request.idempotency(ownerID: caller.userID, method: "SendDirectMessage")
    let text = try MessageInput.text(request.text, attachments: request.attachmentIds)
    let recipient: Gym_Auth_V1_User
    switch request.recipient {
    case .userID(let id):
      recipient = try await activeUser(id: id, field: "user_id")
    case .username(let username):
      guard !username.isEmpty else { throw GymError.invalid([.init("username", "is required")]) }
      guard let id = try await users.userID(username: username) else { throw Self.noSuchUser }
      recipient = try await activeUser(id: id, field: "username")
    case nil:
      throw GymError.invalid([.init("recipient", "give user_id or username")])
    }
    guard recipient.id != caller.userID else { throw GymError.failedPrecondition("you cannot message yourself") }
    let refs = try await userRefs([caller.userID])
    let now = Date()
    let record = try await store.sendDirect(
      messageID: ID.make(now: now), newConversationID: ID.make(now: now), from: caller.userID, to: recipient.id, text: text,
      attachmentIDs: request.attachmentIds, key: key, now: now
    ) { record in
      let message = MessagingMapping.message(record, sender: refs[caller.userID])
      return try [(recipient.id, caller.userID), (caller.userID, recipient.id)].map { user, peer in
        try Self.draft(for: user, about: peer, .directMessage) { $0.message = message }
      }
    }
    return .with { $0.message = MessagingMapping.message(record, sender: refs[caller.userID]) }
  }

  public func listConversations(
    request: Gym_Messaging_V1_ListConversationsRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListConversationsResponse {
    let caller = try Caller.current()
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let views = try await store.conversations(userID: caller.userID, limit: paging.size, offset: offset)
    let refs = try await userRefs(views.map(\.peerID) + views.compactMap(\.lastMessage?.senderID))
    let conversations = Paging.fitting(views.map { MessagingMapping.conversation($0, refs) })
    return .with {
      $0.conversations = conversations
      $0.nextPageToken = paging.nextToken(offset: offset, returned: conversations.count, fetched: views.count)
    }
  }

  public func listDirectMessages(
    request: Gym_Messaging_V1_ListDirectMessagesRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListDirectMessagesResponse {
    let caller = try Caller.current()
    let paging = try Paging(size: request.pageSize, token: request.pageToken)
    let conversationID: String
    switch request.with {
    case .conversationID(let id): conversationID = id
    case .peerUserID(let peer):
      guard let id = try await store.conversationID(between: caller.userID, and: peer) else {
        return .init()  // no messages yet with this user
      }
      conversationID = id
    case nil: throw GymError.invalid([.init("with", "give conversation_id or peer_user_id")])
    }
    guard let (rid, _) = try await store.conversation(id: conversationID, userID: caller.userID) else {
      throw GymError.notFound("no conversation with id \(conversationID)")
    }
    let messages = try await store.directMessages(conversationRID: rid, before: try Self.before(paging), limit: paging.size)
    let refs = try await userRefs(messages.map(\.senderID))
    let page = Paging.fitting(messages.map { MessagingMapping.message($0, sender: refs[$0.senderID]) })
    return .with {
      $0.messages = page
      $0.nextPageToken = Self.nextToken(paging, after: messages.prefix(page.count).map(\.rid), fetched: messages.count)
    }
  }

  public func markConversationRead(
    request: Gym_Messaging_V1_MarkConversationReadRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_MarkConversationReadResponse {
    let caller = try Caller.current()
    let unread = try await store.markConversationRead(
      id: request.conversationID, userID: caller.userID, upToMessageID: request.upToMessageID.isEmpty ? nil : request.upToMessageID)
    return .with { $0.unreadCount = Int32(unread) }
  }
}
