import Foundation
import GymAPI

extension PushContent {
  /// What a push notification of a stored event says to its owner; nil for events that
  /// are not pushed (one's own message, presence, a room closing, a request answered).
  static func of(_ draft: MessagingStore.EventDraft) -> PushContent? {
    guard let event = try? Gym_Messaging_V1_Event(serializedBytes: draft.payload) else { return nil }
    switch event.payload {
    case .message(let message) where event.kind == .directMessage:
      guard message.sender.userID != draft.userID, !message.deleted else { return nil }
      let conversation = "dm:" + message.conversationID
      return PushContent(
        kind: "direct-message", title: name(message.sender),
        body: message.text.isEmpty ? "Sent you an attachment" : message.text, reference: message.conversationID,
        collapseKey: conversation, threadID: conversation)
    case .message(let message) where event.kind == .roomMessage:
      guard message.sender.userID != draft.userID, !message.deleted else { return nil }
      let room = "room:" + message.roomID
      return PushContent(
        kind: PushKind.roomMessage.rawValue, title: name(message.sender),
        body: message.text.isEmpty ? "Sent an attachment to the room" : message.text, reference: message.roomID, collapseKey: room,
        threadID: room)
    case .friendRequest(let request):
      guard request.to.userID == draft.userID, request.state == .pending else { return nil }
      return PushContent(
        kind: "friend-request", title: "Friend request", body: "\(name(request.from)) wants to be your friend", reference: request.id,
        collapseKey: "friend-request:" + request.id, threadID: "friend-request")
    case .notification(let notification):
      // One reminder or invitation per thing it is about: a newer one replaces it.
      let collapse = notification.reference.isEmpty ? nil : "\(notification.kind):\(notification.reference)"
      return PushContent(
        kind: notification.kind, title: notification.title, body: notification.body, reference: notification.reference,
        collapseKey: collapse.map(Self.fitted), threadID: notification.kind)
    default:
      return nil
    }
  }

  static func name(_ user: Gym_Messaging_V1_UserRef) -> String {
    !user.displayName.isEmpty ? user.displayName : !user.username.isEmpty ? user.username : "Someone"
  }

  /// A collapse key APNs takes (at most 64 bytes): a longer one is replaced by its hash
  /// (FNV-1a, 64 bits), alike for alike.
  static func fitted(_ key: String) -> String {
    guard key.utf8.count > 64 else { return key }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return "hash:" + String(hash, radix: 16)
  }
}
