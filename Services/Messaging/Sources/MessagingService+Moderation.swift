import Foundation
import GRPCCore
import GymAPI
import GymService
import SwiftProtobuf

/// The administrators' side: removing messages and posts, and the queue of report cases.
extension MessagingService {
  public func deleteMessage(request: Gym_Messaging_V1_DeleteMessageRequest, context: ServerContext) async throws -> Gym_Messaging_V1_DeleteMessageResponse {
    let caller = try Self.moderator(doing: "deleting others' messages")
    let reason = try Self.moderationReason(request.reason)
    let now = Date()
    let notified = try await store.removeMessage(
      id: request.id, reason: reason, moderatorID: caller.userID, now: now, scrub: Self.scrub, notice: Self.reviewNotice(now: now))
    logger.notice(
      "message deleted by an admin", metadata: ["message_id": "\(request.id)", "admin_id": "\(caller.userID)", "reporters_notified": "\(notified)"])
    return .init()
  }

  public func deletePostAsAdmin(
    request: Gym_Messaging_V1_DeletePostAsAdminRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_DeletePostAsAdminResponse {
    let caller = try Self.moderator(doing: "deleting others' posts")
    let reason = try Self.moderationReason(request.reason)
    let now = Date()
    let notified = try await store.removePost(
      id: request.id, authorID: nil, reason: reason, moderatorID: caller.userID, now: now, scrub: Self.scrub,
      notice: Self.reviewNotice(now: now))
    logger.notice(
      "post deleted by an admin", metadata: ["post_id": "\(request.id)", "admin_id": "\(caller.userID)", "reporters_notified": "\(notified)"])
    return .init()
  }

  public func listReportCases(
    request: Gym_Messaging_V1_ListReportCasesRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ListReportCasesResponse {
    _ = try Self.moderator(doing: "reading reports")
    let kind: ReportKind?
    switch request.kind {
    case .unspecified: kind = nil
    case .user: kind = .user
    case .directMessage: kind = .directMessage
    case .roomMessage: kind = .roomMessage
    case .post: kind = .post
    case .UNRECOGNIZED: throw MessagingError.invalid([.init("kind", "must be USER, DIRECT_MESSAGE, ROOM_MESSAGE, POST or unset for all")])
    }
    let paging = try Paging(size: request.pageSize, token: request.pageToken)
    let cases = try await store.openReportCases(kind: kind, after: try Self.after(paging), limit: paging.size)
    let mapped = Paging.fitting(try await reportCases(cases))
    return .with {
      $0.cases = mapped
      $0.nextPageToken = Self.nextToken(paging, after: cases.prefix(mapped.count).map(\.rid), fetched: cases.count)
    }
  }

  /// A user case is removed only once auth has banned the account: the ban (BanUser,
  /// `gymctl users ban`) is auth's to make, and closing reports as acted on when nothing
  /// was done would tell reporters something untrue.
  public func resolveReportCase(
    request: Gym_Messaging_V1_ResolveReportCaseRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_ResolveReportCaseResponse {
    let caller = try Self.moderator(doing: "resolving reports")
    var violations: [FieldViolation] = []
    if request.caseID.isEmpty { violations.append(.init("case_id", "is required")) }
    let resolution: ReportResolution? = switch request.action {
    case .dismiss: .dismissed
    case .remove: .removed
    default: nil
    }
    if resolution == nil { violations.append(.init("action", "must be DISMISS or REMOVE")) }
    let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = Self.reasonBound.violation(reason, field: "reason") { violations.append(violation) }
    guard violations.isEmpty, let resolution else { throw MessagingError.invalid(violations) }
    if resolution == .removed, let open = try await store.reportCase(id: request.caseID), open.kind == .user, open.resolvedAt == nil,
      let user = try await users.user(id: open.targetUserID), !user.hasBan
    {
      throw MessagingError.failedPrecondition(
        "messaging cannot remove an account: ban \(user.username) first (auth's BanUser; gymctl users ban \(user.id) --reason R), "
          + "then resolve this case with REMOVE, or DISMISS it")
    }
    let now = Date()
    let (record, notified) = try await store.resolveReportCase(
      id: request.caseID, resolution: resolution, reason: reason, moderatorID: caller.userID, now: now, scrub: Self.scrub,
      notice: Self.reviewNotice(now: now))
    logger.notice("report case resolved", metadata: [
      "case_id": "\(record.id)", "kind": "\(record.kind)", "target_id": "\(record.targetID)", "resolution": "\(resolution)",
      "admin_id": "\(caller.userID)", "reporters_notified": "\(notified)",
    ])
    let mapped = try await reportCases([record])
    return .with {
      $0.reportCase = mapped[0]
      $0.reportersNotified = Int32(notified)
    }
  }

  /// The caller, when an administrator (or the operator's credential).
  static func moderator(doing what: String) throws -> Caller {
    let caller = try Caller.current()
    guard caller.isAdmin else { throw MessagingError.permissionDenied("\(what) needs the admin role") }
    return caller
  }

  /// A moderator's reason, which the author or reporters are told.
  static let reasonBound = TextBound(characters: 500, minimum: 1)

  static func moderationReason(_ text: String) throws(MessagingError) -> String {
    let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = reasonBound.violation(reason, field: "reason") { throw .invalid([violation]) }
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

  /// "Your report was reviewed", worded by what was reported and what was done; its
  /// reference is the reporter's report id.
  static func reviewNotice(now: Date) -> MessagingStore.ReviewNotice {
    { reviewed in
      let what = switch reviewed.kind {
      case .user: "account"
      case .directMessage, .roomMessage: "message"
      case .post: "post"
      }
      let outcome = switch (reviewed.resolution, reviewed.kind) {
      case (.removed, .user): "We took action on the account you reported."
      case (.removed, _): "We removed the \(what) you reported."
      case (.dismissed, _): "We looked at the \(what) you reported and found it within our rules."
      }
      let record = MessagingStore.NotificationRecord(
        id: ID.make(now: now), userID: reviewed.reporterID, kind: "report-reviewed", title: "Your report was reviewed",
        body: outcome + " Thank you for telling us.", reference: reviewed.reportID, createdAt: now)
      // About no one: the reviewed user is not named to the reporter.
      let event = try draft(for: reviewed.reporterID, about: "", .notification) { $0.notification = notification(record) }
      return (record, [event])
    }
  }

  func reportCases(_ records: [ReportCaseRecord]) async throws -> [Gym_Messaging_V1_ReportCase] {
    let refs = try await userRefs(records.flatMap { [$0.targetUserID] + $0.reports.map(\.reporterID) })
    func ref(_ id: String) -> Gym_Messaging_V1_UserRef { refs[id] ?? .with { $0.userID = id } }
    return records.map { record in
      .with {
        $0.id = record.id
        $0.kind = Self.reportKind(record.kind)
        $0.targetID = record.targetID
        $0.targetUser = ref(record.targetUserID)
        $0.conversationID = record.conversationID ?? ""
        $0.roomID = record.roomID ?? ""
        $0.contentText = record.contentText
        $0.contentAttachments = record.attachments.map(Self.attachment)
        if let created = record.contentCreatedAt { $0.contentCreatedAt = .init(date: created) }
        $0.contentRemoved = record.contentRemoved
        $0.reportCount = Int32(record.reportCount)
        $0.categories = record.categories.map { .init(rawValue: $0) ?? .other }
        $0.reports = record.reports.map { Self.report($0, reporter: ref($0.reporterID)) }
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
}
