import Foundation
import GymAPI
import GymService
import SwiftProtobuf

/// Records → protos. Names come in as user references (`refs`), looked up by the
/// handler; an id without one is sent as the id alone.
enum MessagingMapping {
  /// The reference for `id`, or one carrying the id alone.
  static func user(_ id: String, _ refs: [String: Gym_Messaging_V1_UserRef]) -> Gym_Messaging_V1_UserRef {
    refs[id] ?? .with { $0.userID = id }
  }

  static func attachment(_ record: MessagingStore.AttachmentRecord) -> Gym_Messaging_V1_Attachment {
    .with {
      $0.id = record.id
      $0.mimeType = record.mimeType
      $0.sizeBytes = record.sizeBytes
      $0.sha256 = record.sha256
      $0.filename = record.filename
      $0.createdAt = .init(date: record.createdAt)
    }
  }

  /// An attachment's entry in a data export (the streamer adds the service).
  static func exportFile(_ record: MessagingStore.AttachmentRecord) -> Gym_Common_V1_ExportFile {
    .with {
      $0.id = record.id
      $0.filename = record.filename
      $0.mimeType = record.mimeType
      $0.sizeBytes = record.sizeBytes
      $0.sha256 = record.sha256
    }
  }

  static func message(_ record: MessageRecord, sender: Gym_Messaging_V1_UserRef?) -> Gym_Messaging_V1_Message {
    .with {
      $0.id = record.id
      $0.conversationID = record.conversationID ?? ""
      $0.roomID = record.roomID ?? ""
      $0.sender = sender ?? .with { $0.userID = record.senderID }
      $0.text = record.text
      $0.sentAt = .init(date: record.sentAt)
      $0.deleted = record.deleted
      $0.attachments = record.attachments.map(attachment)
    }
  }

  static func conversation(_ view: ConversationView, _ refs: [String: Gym_Messaging_V1_UserRef]) -> Gym_Messaging_V1_Conversation {
    .with {
      $0.id = view.id
      $0.peer = user(view.peerID, refs)
      if let last = view.lastMessage { $0.lastMessage = message(last, sender: refs[last.senderID]) }
      $0.unreadCount = Int32(view.unread)
    }
  }

  static func post(_ view: MessagingStore.PostView, _ refs: [String: Gym_Messaging_V1_UserRef]) -> Gym_Messaging_V1_Post {
    .with {
      $0.id = view.id
      $0.author = user(view.authorID, refs)
      $0.text = view.text
      $0.createdAt = .init(date: view.createdAt)
      $0.likes = Int32(view.likes)
      $0.dislikes = Int32(view.dislikes)
      $0.attachments = view.attachments.map(attachment)
      $0.myReaction = reaction(view.myReaction)
    }
  }

  /// A stored reaction (0 none, 1 like, 2 dislike); `MessageInput.reaction` is the way back.
  static func reaction(_ stored: Int) -> Gym_Messaging_V1_Reaction {
    switch stored {
    case 1: .like
    case 2: .dislike
    default: .unspecified
    }
  }

  static func room(_ room: MessagingStore.RoomView, owner: Gym_Messaging_V1_UserRef?) -> Gym_Messaging_V1_Room {
    .with {
      $0.id = room.id
      $0.name = room.name
      $0.topic = room.topic
      $0.programID = room.programID ?? ""
      $0.placeID = room.placeID ?? ""
      // A place's room has no owner.
      if !room.ownerID.isEmpty { $0.owner = owner ?? .with { $0.userID = room.ownerID } }
      $0.memberCount = Int32(clamping: room.memberCount)
      $0.joined = room.joined
      $0.createdAt = .init(date: room.createdAt)
      $0.closed = room.closedAt != nil
      if let closedAt = room.closedAt { $0.closedAt = .init(date: closedAt) }
      $0.unreadCount = Int32(clamping: room.unread)
    }
  }

  static func placeReview(_ review: MessagingStore.PlaceReviewRecord, _ refs: [String: Gym_Messaging_V1_UserRef]) -> Gym_Messaging_V1_PlaceReview {
    .with {
      $0.id = review.id
      $0.placeID = review.placeID
      $0.author = user(review.authorID, refs)
      $0.stars = Int32(review.stars)
      $0.text = review.text
      $0.createdAt = .init(date: review.createdAt)
      $0.updatedAt = .init(date: review.updatedAt)
    }
  }

  static func progressPhoto(_ photo: MessagingStore.ProgressPhotoRecord) -> Gym_Messaging_V1_ProgressPhoto {
    .with {
      $0.id = photo.id
      $0.userID = photo.userID
      $0.attachment = attachment(photo.attachment)
      $0.takenOn = photo.takenOn.proto
      $0.note = photo.note
      $0.sharedWithTrainer = photo.sharedWithTrainer
      $0.createdAt = .init(date: photo.createdAt)
    }
  }

  static func roomMember(
    userID: String, joinedAt: Date, online: Bool, _ refs: [String: Gym_Messaging_V1_UserRef]
  ) -> Gym_Messaging_V1_RoomMember {
    .with {
      $0.user = user(userID, refs)
      $0.online = online
      $0.joinedAt = .init(date: joinedAt)
    }
  }

  static func followerRequest(
    userID: String, requestedAt: Date, _ refs: [String: Gym_Messaging_V1_UserRef]
  ) -> Gym_Messaging_V1_FollowerRequest {
    .with {
      $0.user = user(userID, refs)
      $0.requestedAt = .init(date: requestedAt)
    }
  }

  static func friendRequest(
    _ record: MessagingStore.FriendRequestRecord, refs: [String: Gym_Messaging_V1_UserRef]
  ) -> Gym_Messaging_V1_FriendRequest {
    .with {
      $0.id = record.id
      $0.from = user(record.fromID, refs)
      $0.to = user(record.toID, refs)
      $0.state =
        switch record.state {
        case .pending: .pending
        case .accepted: .accepted
        case .declined: .declined
        }
      $0.createdAt = .init(date: record.createdAt)
    }
  }

  /// The token's last characters only: the whole token is never sent back.
  static func device(_ record: PushDevice) -> Gym_Messaging_V1_Device {
    .with {
      $0.id = record.id
      $0.platform = record.platform == .ios ? .ios : .android
      $0.tokenSuffix = String(record.token.suffix(8))
      $0.appVersion = record.appVersion
      $0.locale = record.locale
      $0.registeredAt = .init(date: record.registeredAt)
      $0.lastRegisteredAt = .init(date: record.lastRegisteredAt)
    }
  }

  static func notification(_ record: MessagingStore.NotificationRecord) -> Gym_Messaging_V1_Notification {
    .with {
      $0.id = record.id
      $0.kind = record.kind
      $0.title = record.title
      $0.body = record.body
      $0.reference = record.reference
      $0.read = record.read
      $0.createdAt = .init(date: record.createdAt)
    }
  }

  static func report(_ record: ReportRecord, reporter: Gym_Messaging_V1_UserRef?) -> Gym_Messaging_V1_Report {
    .with {
      $0.id = record.id
      $0.kind = reportKind(record.kind)
      $0.targetID = record.targetID
      $0.category = .init(rawValue: record.category) ?? .other
      $0.details = record.details
      if let reporter { $0.reporter = reporter }
      $0.createdAt = .init(date: record.createdAt)
    }
  }

  static func reportKind(_ kind: ReportKind) -> Gym_Messaging_V1_ReportKind {
    switch kind {
    case .user: .user
    case .directMessage: .directMessage
    case .roomMessage: .roomMessage
    case .post: .post
    case .placeReview: .placeReview
    }
  }

  static func reportCase(_ record: ReportCaseRecord, _ refs: [String: Gym_Messaging_V1_UserRef]) -> Gym_Messaging_V1_ReportCase {
    .with {
      $0.id = record.id
      $0.kind = reportKind(record.kind)
      $0.targetID = record.targetID
      $0.targetUser = user(record.targetUserID, refs)
      $0.conversationID = record.conversationID ?? ""
      $0.roomID = record.roomID ?? ""
      $0.contentText = record.contentText
      $0.contentAttachments = record.attachments.map(attachment)
      if let created = record.contentCreatedAt { $0.contentCreatedAt = .init(date: created) }
      $0.contentRemoved = record.contentRemoved
      $0.reportCount = Int32(record.reportCount)
      $0.categories = record.categories.map { .init(rawValue: $0) ?? .other }
      $0.reports = record.reports.map { report($0, reporter: user($0.reporterID, refs)) }
      $0.openedAt = .init(date: record.openedAt)
      switch record.resolution {
      case .dismissed?: $0.resolution = .dismiss
      case .removed?: $0.resolution = .remove
      case nil: break
      }
      $0.resolutionReason = record.resolutionReason ?? ""
      if let resolved = record.resolvedAt { $0.resolvedAt = .init(date: resolved) }
    }
  }
}
