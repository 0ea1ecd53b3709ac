import Foundation
import GRPCCore
import GymAPI
import GymService

/// `gym.messaging.v1.MessagingInternal`: calls from other gym processes with the
/// service credential. The user lifecycle is `MessagingLifecycle`.
public struct MessagingInternalService: Gym_Messaging_V1_MessagingInternal.SimpleServiceProtocol {
  let store: MessagingStore

  public init(store: MessagingStore) {
    self.store = store
  }

  static let kindBound = TextBound(characters: 50, minimum: 1)
  static let titleBound = TextBound(characters: 200, minimum: 1)
  static let bodyBound = TextBound(characters: 2000)
  static let referenceBound = TextBound(characters: 200)
  static let idempotencyKeyBound = TextBound(characters: 200)

  public func notify(request: Gym_Messaging_V1_NotifyRequest, context: ServerContext) async throws -> Gym_Messaging_V1_NotifyResponse {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(.init("user_id", "is required")) }
    for (bound, value, field) in [
      (Self.kindBound, request.kind, "kind"), (Self.titleBound, request.title, "title"), (Self.bodyBound, request.body, "body"),
      (Self.referenceBound, request.reference, "reference"), (Self.idempotencyKeyBound, request.idempotencyKey, "idempotency_key"),
    ] {
      if let violation = bound.violation(value, field: field) { violations.append(violation) }
    }
    guard violations.isEmpty else { throw MessagingError.invalid(violations) }
    let now = Date()
    let record = MessagingStore.NotificationRecord(
      id: ID.make(now: now), userID: request.userID, kind: request.kind, title: request.title, body: request.body,
      reference: request.reference, createdAt: now, aboutID: request.aboutUserID.isEmpty ? nil : request.aboutUserID)
    let (stored, created) = try await store.notify(
      record, idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey
    ) { record in
      let message = MessagingService.notification(record)
      return [try MessagingService.draft(for: record.userID, about: record.aboutID ?? "", .notification) { $0.notification = message }]
    }
    return .with {
      $0.notification = MessagingService.notification(stored)
      $0.created = created
    }
  }

  public func areFriends(request: Gym_Messaging_V1_AreFriendsRequest, context: ServerContext) async throws -> Gym_Messaging_V1_AreFriendsResponse {
    guard !request.userID.isEmpty, !request.otherUserID.isEmpty else {
      throw MessagingError.invalid([.init("user_id", "both user_id and other_user_id are required")])
    }
    let relation = try await store.relation(request.userID, request.otherUserID)
    return .with {
      $0.friends = relation.friends
      $0.blocked = relation.blocked
    }
  }
}
