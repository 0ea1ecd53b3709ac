import Foundation
import GymAPI
import GymService
import GymStore

/// A member's report as CreateReport sends it, checked: every field problem at once,
/// named by its request field. Whether a reported account exists is the handler's to ask.
struct ReportInput {
  static let detailsBound = TextBound(characters: 1000)

  enum Target: Equatable {
    case user(id: String)
    case message(id: String)
    case post(id: String)
    case placeReview(id: String)
  }

  let category: Int
  let details: String
  let target: Target

  init(_ request: Gym_Messaging_V1_CreateReportRequest, callerID: String) throws(GymError) {
    var violations: [FieldViolation] = []
    category = request.category.rawValue
    if !(1...7).contains(category) {
      violations.append(.init("category", "choose SPAM, HARASSMENT, HATE, VIOLENCE, SELF_HARM, NUDITY or OTHER"))
    }
    details = request.details.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = Self.detailsBound.violation(details, field: "details") { violations.append(violation) }
    switch request.target {
    case .userID(let id) where !id.isEmpty:
      guard violations.isEmpty else { throw .invalid(violations) }
      guard id != callerID else { throw .failedPrecondition("you cannot report yourself") }
      target = .user(id: id)
    case .messageID(let id) where !id.isEmpty: target = .message(id: id)
    case .postID(let id) where !id.isEmpty: target = .post(id: id)
    case .placeReviewID(let id) where !id.isEmpty: target = .placeReview(id: id)
    default:
      throw .invalid(violations + [.init("target", "give user_id, message_id, post_id or place_review_id")])
    }
    guard violations.isEmpty else { throw .invalid(violations) }
  }
}
