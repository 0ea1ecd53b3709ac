import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import Logging

/// Messaging's part of the user lifecycle (`gym.common.v1.UserLifecycleInternal`):
/// purges, bans and profile visibility from auth's outbox, and each user's part of
/// their data export.
public struct MessagingLifecycle: Gym_Common_V1_UserLifecycleInternal.SimpleServiceProtocol {
  let store: MessagingStore
  let files: AttachmentFiles
  let logger: Logger

  public init(store: MessagingStore, files: AttachmentFiles, logger: Logger) {
    self.store = store
    self.files = files
    self.logger = logger
  }

  /// A private profile's posts and follow lists are for friends and approved
  /// followers; going public approves the pending follows.
  public func setUserVisibility(
    request: Gym_Common_V1_SetUserVisibilityRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserVisibilityResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    let applied = try await store.setVisibility(userID: request.userID, isPrivate: request.isPrivate, sequence: request.sequence, now: Date())
    logger.info("user visibility", metadata: ["target_user_id": "\(request.userID)", "private": "\(request.isPrivate)", "applied": "\(applied)"])
    return .with { $0.applied = applied }
  }

  /// A banned user's posts and room messages are hidden while the ban lasts.
  public func setUserStanding(
    request: Gym_Common_V1_SetUserStandingRequest, context: ServerContext
  ) async throws -> Gym_Common_V1_SetUserStandingResponse {
    try LifecycleInput.event(userID: request.userID, order: request.sequence)
    let applied = try await store.setStanding(
      userID: request.userID, banned: request.banned, until: request.hasBannedUntil ? request.bannedUntil.date : nil,
      sequence: request.sequence)
    logger.info("user standing", metadata: ["target_user_id": "\(request.userID)", "banned": "\(request.banned)", "applied": "\(applied)"])
    return .with { $0.applied = applied }
  }

  /// The names responses show come from messaging's projection of users; hiding a
  /// banned or private user's content still follows SetUserStanding and SetUserVisibility.
  public func updateUser(request: Gym_Common_V1_UpdateUserRequest, context: ServerContext) async throws -> Gym_Common_V1_UpdateUserResponse {
    try LifecycleInput.event(userID: request.userID, order: request.version, field: "version")
    let applied = try await store.applyUser(UserProjection.User(request, now: Date()))
    return .with { $0.applied = applied }
  }

  /// Removes their messages (and their copies in others' event logs), conversations,
  /// rooms' memberships (rooms they owned pass to the longest-standing member), posts,
  /// reactions, graph, follow requests, notifications, attachments, their event log and
  /// the events in others' logs that carry their messages, requests or name, the
  /// reports they filed and those about them. Idempotent: a second purge finds nothing
  /// and answers 0. The stored files only the user's uploads used are deleted once the
  /// rows are gone.
  public func purgeUser(request: Gym_Common_V1_PurgeUserRequest, context: ServerContext) async throws -> Gym_Common_V1_PurgeUserResponse {
    try LifecycleInput.user(request.userID)
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
    request: Gym_Common_V1_ExportUserRequest, response: RPCWriter<Gym_Common_V1_ExportUserResponse>, context: ServerContext
  ) async throws {
    try LifecycleInput.user(request.userID)
    let streamer = ExportStreamer(service: "messaging") { part in try await response.write(.with { $0.part = part }) }
    let tables = MessagingStore.exportTables(userID: request.userID) { payload in
      try Gym_Messaging_V1_Event(serializedBytes: payload).jsonUTF8Data()
    }
    try await streamer.tables(tables, from: store.writer)
    var after: Int64 = 0
    while true {
      let page = try await store.attachments(ownerID: request.userID, afterRID: after, limit: 100)
      for (_, record) in page {
        try await streamer.file(
          .with {
            $0.id = record.id
            $0.filename = record.filename
            $0.mimeType = record.mimeType
            $0.sizeBytes = record.sizeBytes
            $0.sha256 = record.sha256
          }, path: files.path(sha256: record.sha256))
      }
      guard let last = page.last, page.count == 100 else { break }
      after = last.rid
    }
  }
}
