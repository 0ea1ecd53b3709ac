import Foundation
import GRPCCore
import GymAPI
import GymService

/// Members report users, direct and room messages, posts and place reviews; the moderators' side is in
/// `+Moderation`.
extension MessagingService {
  public func createReport(request: Gym_Messaging_V1_CreateReportRequest, context: ServerContext) async throws -> Gym_Messaging_V1_CreateReportResponse {
    let caller = try Caller.current()
    let input = try ReportInput(request, callerID: caller.userID)
    let key = try request.idempotency(ownerID: caller.userID, method: "CreateReport")
    let target: ReportTarget
    switch input.target {
    case .user(let id):
      let user = try await activeUser(id: id, field: "user_id")
      target = .user(id: user.id, snapshot: Self.snapshot(of: user))
    case .message(let id): target = .message(id: id)
    case .post(let id): target = .post(id: id)
    case .placeReview(let id): target = .placeReview(id: id)
    }
    let now = Date()
    let report = try await store.createReport(
      id: ID.make(now: now), newCaseID: ID.make(now: now), reporterID: caller.userID, target: target, category: input.category,
      details: input.details, perDay: reportsPerDay, key: key, now: now)
    logger.info("report filed", metadata: ["report_id": "\(report.id)", "kind": "\(report.kind)", "target_id": "\(report.targetID)"])
    return .with { $0.report = MessagingMapping.report(report, reporter: nil) }
  }

  /// What a moderator reads of a reported account, as it was: its names and bio.
  static func snapshot(of user: Gym_Auth_V1_User) -> String {
    "username: \(user.username)\ndisplay name: \(user.profile.displayName)\nbio: \(user.profile.bio)"
  }
}
