import Foundation
import GRDB

/// A direct or room message as the store returns it.
public struct MessageRecord: Sendable, Equatable {
  public var rid: Int64
  public var id: String
  public var conversationID: String?
  public var roomID: String?
  public var senderID: String
  public var text: String
  public var sentAt: Date
  public var deleted: Bool
  public var attachments: [MessagingStore.AttachmentRecord] = []

  init(
    rid: Int64, id: String, conversationID: String?, roomID: String?, senderID: String, text: String, sentAt: Date, deleted: Bool
  ) {
    self.rid = rid
    self.id = id
    self.conversationID = conversationID
    self.roomID = roomID
    self.senderID = senderID
    self.text = text
    self.sentAt = sentAt
    self.deleted = deleted
  }

  static let columns = """
    m.rid, m.id, c.id AS conversation_id, r.id AS room_id, m.sender_id, m.text, m.sent_at, m.deleted_reason
    """
  static let joins = "LEFT JOIN conversations c ON c.rid = m.conversation_rid LEFT JOIN rooms r ON r.rid = m.room_rid"

  init(row: Row) {
    rid = row["rid"]
    id = row["id"]
    conversationID = row["conversation_id"]
    roomID = row["room_id"]
    senderID = row["sender_id"]
    let reason: String? = row["deleted_reason"]
    deleted = reason != nil
    text = deleted ? "" : row["text"]
    sentAt = row["sent_at"]
  }
}

/// A conversation from one participant's side.
public struct ConversationView: Sendable, Equatable {
  public var id: String
  public var peerID: String
  public var lastMessage: MessageRecord?
  public var unread: Int
}
