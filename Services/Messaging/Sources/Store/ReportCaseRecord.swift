import Foundation
import GRDB

/// What a report is about. The raw values are stored.
public enum ReportKind: Int, Sendable, CaseIterable {
  case user = 1
  case directMessage = 2
  case roomMessage = 3
  case post = 4
  case placeReview = 5

  /// What a member reports, in a refusal's words.
  var noun: String {
    switch self {
    case .user: "account"
    case .directMessage, .roomMessage: "message"
    case .post: "post"
    case .placeReview: "review"
    }
  }
}

/// How a moderator closed a case. The raw values are stored.
public enum ReportResolution: Int, Sendable {
  case dismissed = 1
  case removed = 2
}

/// One member's report, as filed.
public struct ReportRecord: Sendable, Equatable {
  public var id: String
  public var kind: ReportKind
  public var targetID: String
  public var reporterID: String
  /// `gym.messaging.v1.ReportCategory`'s number, checked by the handler.
  public var category: Int
  public var details: String
  public var createdAt: Date
}

/// Every report on one target while it is open, with the content as it was when first
/// reported; after resolution, how it was closed.
public struct ReportCaseRecord: Sendable, Equatable {
  public var rid: Int64
  public var id: String
  public var kind: ReportKind
  public var targetID: String
  public var targetUserID: String
  public var conversationID: String?
  public var roomID: String?
  public var contentText: String
  public var contentCreatedAt: Date?
  public var openedAt: Date
  public var resolvedAt: Date?
  public var resolution: ReportResolution?
  public var resolutionReason: String?
  /// Filled by the queue's reads.
  public var contentRemoved = false
  public var attachments: [MessagingStore.AttachmentRecord] = []
  public var reportCount = 0
  /// Category numbers, the most reported first.
  public var categories: [Int] = []
  /// The most recent reports.
  public var reports: [ReportRecord] = []

  init(row: Row) {
    rid = row["rid"]
    id = row["id"]
    kind = ReportKind(rawValue: row["kind"]) ?? .user
    targetID = row["target_id"]
    targetUserID = row["target_user_id"]
    conversationID = row["conversation_id"]
    roomID = row["room_id"]
    contentText = row["content_text"]
    contentCreatedAt = row["content_created_at"]
    openedAt = row["opened_at"]
    resolvedAt = row["resolved_at"]
    resolution = (row["resolution"] as Int?).flatMap(ReportResolution.init(rawValue:))
    resolutionReason = row["resolution_reason"]
  }
}

/// What a report is filed against. A user's snapshot is made by the handler (auth has
/// the profile); a message's or post's is read here, in the transaction that checks the
/// reporter may see it.
public enum ReportTarget: Sendable, Equatable {
  case user(id: String, snapshot: String)
  case message(id: String)
  case post(id: String)
  case placeReview(id: String)
}

/// Words the handler gives a reviewed report's notification.
public struct ReviewedReport: Sendable, Equatable {
  public var reportID: String
  public var reporterID: String
  public var kind: ReportKind
  public var resolution: ReportResolution
}
