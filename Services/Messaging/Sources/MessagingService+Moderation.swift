import Foundation
import GRPCCore
import GymAPI
import GymService
import SwiftProtobuf

/// The administrators' side: removing messages and posts.
extension MessagingService {
  public func deleteMessage(request: Gym_Messaging_V1_DeleteMessageRequest, context: ServerContext) async throws -> Gym_Messaging_V1_DeleteMessageResponse {
    let caller = try Self.moderator(doing: "deleting others' messages")
    let reason = try Self.moderationReason(request.reason)
    try await store.removeMessage(id: request.id, reason: reason, now: Date(), scrub: Self.scrub)
    logger.notice("message deleted by an admin", metadata: ["message_id": "\(request.id)", "admin_id": "\(caller.userID)"])
    return .init()
  }

  public func deletePostAsAdmin(
    request: Gym_Messaging_V1_DeletePostAsAdminRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_DeletePostAsAdminResponse {
    let caller = try Self.moderator(doing: "deleting others' posts")
    let reason = try Self.moderationReason(request.reason)
    try await store.removePost(id: request.id, authorID: nil, reason: reason, now: Date(), scrub: Self.scrub)
    logger.notice("post deleted by an admin", metadata: ["post_id": "\(request.id)", "admin_id": "\(caller.userID)"])
    return .init()
  }

  /// The caller, when an administrator (or the operator's credential).
  static func moderator(doing what: String) throws -> Caller {
    let caller = try Caller.current()
    guard caller.isAdmin else { throw MessagingError.permissionDenied("\(what) needs the admin role") }
    return caller
  }

  static func moderationReason(_ text: String) throws(MessagingError) -> String {
    let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reason.isEmpty, reason.count <= 500 else { throw .invalid([.init("reason", "must be 1 to 500 characters")]) }
    return reason
  }

  /// A stored event without the removed content: a message keeps its id, place, sender
  /// and time, and says it was deleted.
  static func scrub(_ payload: Data) throws -> Data {
    var event = try Gym_Messaging_V1_Event(serializedBytes: payload)
    if case .message(var message) = event.payload {
      message.text = ""
      message.attachments = []
      message.deleted = true
      event.message = message
    }
    return try event.serializedData()
  }
}
