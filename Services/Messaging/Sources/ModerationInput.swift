import Foundation
import GymAPI
import GymService
import GymStore

/// What a moderator sends, checked: a removal's reason, a report case's resolution and
/// the report queue's filter; each problem named by its request field.
struct ModerationInput {
  /// A moderator's reason, which the author or reporters are told.
  static let reasonBound = TextBound(characters: 500, minimum: 1)

  let caseID: String
  let resolution: ReportResolution
  let reason: String

  /// A ResolveReportCase request; every problem at once.
  init(_ request: Gym_Messaging_V1_ResolveReportCaseRequest) throws(GymError) {
    var violations: [FieldViolation] = []
    if request.caseID.isEmpty { violations.append(.init("case_id", "is required")) }
    let resolution: ReportResolution? =
      switch request.action {
      case .dismiss: .dismissed
      case .remove: .removed
      default: nil
      }
    if resolution == nil { violations.append(.init("action", "must be DISMISS or REMOVE")) }
    let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = Self.reasonBound.violation(reason, field: "reason") { violations.append(violation) }
    guard violations.isEmpty, let resolution else { throw .invalid(violations) }
    self.caseID = request.caseID
    self.resolution = resolution
    self.reason = reason
  }

  /// A removal's reason (DeleteMessage, DeletePostAsAdmin), trimmed.
  static func reason(_ text: String) throws(GymError) -> String {
    let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = reasonBound.violation(reason, field: "reason") { throw .invalid([violation]) }
    return reason
  }

  /// The report queue's filter: nil for every kind.
  static func kind(_ kind: Gym_Messaging_V1_ReportKind) throws(GymError) -> ReportKind? {
    switch kind {
    case .unspecified: nil
    case .user: .user
    case .directMessage: .directMessage
    case .roomMessage: .roomMessage
    case .post: .post
    case .placeReview: .placeReview
    case .UNRECOGNIZED:
      throw .invalid([.init("kind", "must be USER, DIRECT_MESSAGE, ROOM_MESSAGE, POST, PLACE_REVIEW or unset for all")])
    }
  }
}
