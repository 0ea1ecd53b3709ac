import Foundation
import GRPCCore
import GymAPI
import GymService

/// Members report users, direct and room messages and posts; the moderators' side is in
/// `+Moderation`.
extension MessagingService {
  static let reportDetailsBound = TextBound(characters: 1000)

  public func createReport(request: Gym_Messaging_V1_CreateReportRequest, context: ServerContext) async throws -> Gym_Messaging_V1_CreateReportResponse {
    let caller = try Caller.current()
    var violations: [FieldViolation] = []
    let category = request.category.rawValue
    if !(1...7).contains(category) {
      violations.append(.init("category", "choose SPAM, HARASSMENT, HATE, VIOLENCE, SELF_HARM, NUDITY or OTHER"))
    }
    let details = request.details.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = Self.reportDetailsBound.violation(details, field: "details") { violations.append(violation) }
    let target: ReportTarget
    switch request.target {
    case .userID(let id) where !id.isEmpty:
      guard violations.isEmpty else { throw MessagingError.invalid(violations) }
      guard id != caller.userID else { throw MessagingError.failedPrecondition("you cannot report yourself") }
      let user = try await activeUser(id: id, field: "user_id")
      target = .user(id: user.id, snapshot: Self.snapshot(of: user))
    case .messageID(let id) where !id.isEmpty: target = .message(id: id)
    case .postID(let id) where !id.isEmpty: target = .post(id: id)
    default:
      throw MessagingError.invalid(violations + [.init("target", "give user_id, message_id or post_id")])
    }
    guard violations.isEmpty else { throw MessagingError.invalid(violations) }
    let now = Date()
    let report = try await store.createReport(
      id: ID.make(now: now), newCaseID: ID.make(now: now), reporterID: caller.userID, target: target, category: category, details: details,
      perDay: reportsPerDay, now: now)
    logger.info("report filed", metadata: ["report_id": "\(report.id)", "kind": "\(report.kind)", "target_id": "\(report.targetID)"])
    return .with { $0.report = Self.report(report, reporter: nil) }
  }

  /// What a moderator reads of a reported account, as it was: its names and bio.
  static func snapshot(of user: Gym_Auth_V1_User) -> String {
    "username: \(user.username)\ndisplay name: \(user.profile.displayName)\nbio: \(user.profile.bio)"
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
    }
  }
}
