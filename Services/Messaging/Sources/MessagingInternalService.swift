import Foundation
import GRPCCore
import GymAPI
import GymService
import Logging

/// `gym.messaging.v1.MessagingInternal`: calls from other gym processes with the
/// service credential.
public struct MessagingInternalService: Gym_Messaging_V1_MessagingInternal.SimpleServiceProtocol {
  let store: MessagingStore
  let files: AttachmentFiles
  let logger: Logger

  public init(store: MessagingStore, files: AttachmentFiles, logger: Logger) {
    self.store = store
    self.files = files
    self.logger = logger
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

  public func setUserVisibility(
    request: Gym_Messaging_V1_SetUserVisibilityRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_SetUserVisibilityResponse {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(.init("user_id", "is required")) }
    if request.sequence <= 0 { violations.append(.init("sequence", "must be positive")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let applied = try await store.setVisibility(userID: request.userID, isPrivate: request.isPrivate, sequence: request.sequence, now: Date())
    logger.info("user visibility", metadata: ["target_user_id": "\(request.userID)", "private": "\(request.isPrivate)", "applied": "\(applied)"])
    return .with { $0.applied = applied }
  }

  public func setUserStanding(
    request: Gym_Messaging_V1_SetUserStandingRequest, context: ServerContext
  ) async throws -> Gym_Messaging_V1_SetUserStandingResponse {
    var violations: [FieldViolation] = []
    if request.userID.isEmpty { violations.append(.init("user_id", "is required")) }
    if request.sequence <= 0 { violations.append(.init("sequence", "must be positive")) }
    guard violations.isEmpty else { throw GymError.invalid(violations) }
    let applied = try await store.setStanding(
      userID: request.userID, banned: request.banned, until: request.hasBannedUntil ? request.bannedUntil.date : nil,
      sequence: request.sequence)
    logger.info("user standing", metadata: ["target_user_id": "\(request.userID)", "banned": "\(request.banned)", "applied": "\(applied)"])
    return .with { $0.applied = applied }
  }

  /// Idempotent: a second purge finds nothing and answers 0. The stored files only the
  /// user's uploads used are deleted once the rows are gone.
  public func purgeUser(request: Gym_Messaging_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Messaging_V1_PurgeUserResponse {
    guard !request.userID.isEmpty else { throw GymError.invalid([.init("user_id", "is required")]) }
    let purge = try await store.purgeUser(request.userID, subjects: MessagingService.subjects)
    let (files, logger) = (self.files, self.logger)
    try await store.removeUnusedFiles(purge.files) { hash in
      // A file that cannot be removed now is unreachable (no row names it): logged, not retried.
      do { try files.remove(sha256: hash) } catch {
        logger.error("could not remove a purged attachment's file", metadata: ["sha256": "\(hash)", "error": "\(error)"])
      }
    }
    logger.info("purged a user's messaging data", metadata: ["user_id": "\(request.userID)", "rows": "\(purge.removed)"])
    return .with { $0.removed = Int32(purge.removed) }
  }

  /// The tables, then every upload with its bytes, a page of descriptions at a time.
  public func exportUser(
    request: Gym_Messaging_V1_ExportUserRequest, response: RPCWriter<Gym_Messaging_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    guard !request.userID.isEmpty else { throw GymError.invalid([.init("user_id", "is required")]) }
    let streamer = ExportStreamer(service: "messaging") { part in try await response.write(.with { $0.part = part }) }
    let tables = MessagingStore.exportTables(userID: request.userID) { payload in
      try Gym_Messaging_V1_Event(serializedBytes: payload).jsonUTF8Data()
    }
    try await streamer.tables(tables, from: store.writer)
    var after: Int64 = 0
    while true {
      let page = try await store.attachments(ownerID: request.userID, afterRID: after, limit: 100)
      for (_, record) in page {
        try await streamer.file(MessagingMapping.exportFile(record), path: files.path(sha256: record.sha256))
      }
      guard let last = page.last, page.count == 100 else { break }
      after = last.rid
    }
  }
}
