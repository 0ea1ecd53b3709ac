import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

/// The administrators' side: removing messages and posts, and the queue of report cases.
extension MessagingService {
  public func deleteMessage(request: Gym_Messaging_V1_DeleteMessageRequest, context: ServerContext) async throws -> Gym_Messaging_V1_DeleteMessageResponse {
    let caller = try Caller.admin(for: "deleting others' messages")
    let reason = try ModerationInput.reason(request.reason)
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
    let caller = try Caller.admin(for: "deleting others' posts")
    let reason = try ModerationInput.reason(request.reason)
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
    _ = try Caller.admin(for: "reading reports")
    let kind = try ModerationInput.kind(request.kind)
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
    let caller = try Caller.admin(for: "resolving reports")
    let input = try ModerationInput(request)
    if input.resolution == .removed, let open = try await store.reportCase(id: input.caseID), open.kind == .user, open.resolvedAt == nil,
      let user = try await users.user(id: open.targetUserID), !user.hasBan
    {
      throw GymError.failedPrecondition(
        "messaging cannot remove an account: ban \(user.username) first (auth's BanUser; gymctl users ban \(user.id) --reason R), "
          + "then resolve this case with REMOVE, or DISMISS it")
    }
    let now = Date()
    let (record, notified) = try await store.resolveReportCase(
      id: input.caseID, resolution: input.resolution, reason: input.reason, moderatorID: caller.userID, now: now, scrub: Self.scrub,
      notice: Self.reviewNotice(now: now))
    logger.notice(
      "report case resolved",
      metadata: [
        "case_id": "\(record.id)", "kind": "\(record.kind)", "target_id": "\(record.targetID)", "resolution": "\(input.resolution)",
        "admin_id": "\(caller.userID)", "reporters_notified": "\(notified)",
      ])
    let mapped = try await reportCases([record])
    return .with {
      $0.reportCase = mapped[0]
      $0.reportersNotified = Int32(notified)
    }
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
      let what = reviewed.kind.noun
      let outcome =
        switch (reviewed.resolution, reviewed.kind) {
        case (.removed, .user): "We took action on the account you reported."
        case (.removed, _): "We removed the \(what) you reported."
        case (.dismissed, _): "We looked at the \(what) you reported and found it within our rules."
        }
      let record = MessagingStore.NotificationRecord(
        id: ID.make(now: now), userID: reviewed.reporterID, kind: "report-reviewed", title: "Your report was reviewed",
        body: outcome + " Thank you for telling us.", reference: reviewed.reportID, createdAt: now)
      // About no one: the reviewed user is not named to the reporter.
      let event = try draft(for: reviewed.reporterID, about: "", .notification) { $0.notification = MessagingMapping.notification(record) }
      return (record, [event])
    }
  }

  func reportCases(_ records: [ReportCaseRecord]) async throws -> [Gym_Messaging_V1_ReportCase] {
    let refs = try await userRefs(records.flatMap { [$0.targetUserID] + $0.reports.map(\.reporterID) })
    return records.map { MessagingMapping.reportCase($0, refs) }
  }
}
