import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore

/// `gym.messaging.v1.MessagingInternal`: calls from other gym processes with the
/// service credential. The user lifecycle is `MessagingLifecycle`.
public struct MessagingInternalService: Gym_Messaging_V1_MessagingInternal.SimpleServiceProtocol {
  let store: MessagingStore

  public init(store: MessagingStore) {
    self.store = store
  }

  public func notify(request: Gym_Messaging_V1_NotifyRequest, context: ServerContext) async throws -> Gym_Messaging_V1_NotifyResponse {
    try NotificationInput.check(request)
    let now = Date()
    let record = MessagingStore.NotificationRecord(
      id: ID.make(now: now), userID: request.userID, kind: request.kind, title: request.title, body: request.body,
      reference: request.reference, createdAt: now, aboutID: request.aboutUserID.isEmpty ? nil : request.aboutUserID)
    let (stored, created) = try await store.notify(
      record, idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey
    ) { record in
      let message = MessagingMapping.notification(record)
      return [try MessagingService.draft(for: record.userID, about: record.aboutID ?? "", .notification) { $0.notification = message }]
    }
    return .with {
      $0.notification = MessagingMapping.notification(stored)
      $0.created = created
    }
  }

  public func areFriends(request: Gym_Messaging_V1_AreFriendsRequest, context: ServerContext) async throws -> Gym_Messaging_V1_AreFriendsResponse {
    guard !request.userID.isEmpty, !request.otherUserID.isEmpty else {
      throw GymError.invalid([.init("user_id", "both user_id and other_user_id are required")])
    }
    let relation = try await store.relation(request.userID, request.otherUserID)
    return .with {
      $0.friends = relation.friends
      $0.blocked = relation.blocked
    }
  }

  /// Plan's outbox keeping messaging's copy of who coaches whom (a client's shared
  /// progress photos).
  public func setCoaching(request: Gym_Messaging_V1_SetCoachingRequest, context: ServerContext) async throws -> Gym_Messaging_V1_SetCoachingResponse {
    let violations = CoachingChangeCheck.violations(trainerID: request.trainerID, clientID: request.clientID, version: request.version)
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let applied = try await store.setCoaching(
      trainerID: request.trainerID, clientID: request.clientID, active: request.active, version: request.version)
    return .with { $0.applied = applied }
  }
}
