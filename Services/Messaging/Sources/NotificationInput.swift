import Foundation
import GymAPI
import GymService
import GymStore

/// A notification another gym process asks for (MessagingInternal.Notify), checked:
/// every problem at once, named by its request field.
enum NotificationInput {
  static let kindBound = TextBound(characters: 50, minimum: 1)
  static let titleBound = TextBound(characters: 200, minimum: 1)
  static let bodyBound = TextBound(characters: 2000)
  static let referenceBound = TextBound(characters: 200)
  static let idempotencyKeyBound = TextBound(characters: 200)

  static func check(_ request: Gym_Messaging_V1_NotifyRequest) throws(GymError) {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(.init("user_id", "is required")) }
    for (bound, value, field) in [
      (kindBound, request.kind, "kind"), (titleBound, request.title, "title"), (bodyBound, request.body, "body"),
      (referenceBound, request.reference, "reference"), (idempotencyKeyBound, request.idempotencyKey, "idempotency_key"),
    ] {
      if let violation = bound.violation(value, field: field) { violations.append(violation) }
    }
    guard violations.isEmpty else { throw .invalid(violations) }
  }
}
