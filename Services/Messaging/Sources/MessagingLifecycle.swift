import Foundation
import GymAPI
import GymService
import GymStore
import Logging

/// Messaging's part of the user lifecycle: purges, bans and profile visibility (what a
/// banned or private user's content shows), account updates (the names responses show
/// come from its projection of users), and each user's part of their data export.
public struct MessagingLifecycle: UserLifecycle {
  let store: MessagingStore
  let files: AttachmentFiles
  let logger: Logger
  public let name = "messaging"

  public init(store: MessagingStore, files: AttachmentFiles, logger: Logger) {
    self.store = store
    self.files = files
    self.logger = logger
  }

  /// A private profile's posts and follow lists are for friends and approved
  /// followers; going public approves the pending follows.
  public func setVisibility(userID: String, isPrivate: Bool, sequence: Int64) async throws -> Bool {
    try await store.setVisibility(userID: userID, isPrivate: isPrivate, sequence: sequence, now: Date())
  }

  /// A banned user's posts and room messages are hidden while the ban lasts.
  public func setStanding(userID: String, banned: Bool, until: Date?, sequence: Int64) async throws -> Bool {
    try await store.setStanding(userID: userID, banned: banned, until: until, sequence: sequence)
  }

  public func update(_ user: UserProjection.User) async throws -> Bool {
    try await UserProjection.apply(user, to: store.writer)
  }

  /// Removes their messages (and their copies in others' event logs), conversations,
  /// rooms' memberships (rooms they owned pass to the longest-standing member), posts,
  /// reactions, graph, follow requests, notifications, attachments, their event log and
  /// the events in others' logs that carry their messages, requests or name, the
  /// reports they filed and those about them. The stored files only the user's uploads
  /// used are deleted once the rows are gone.
  public func purge(userID: String) async throws -> Int {
    let purge = try await store.purgeUser(userID, subjects: MessagingService.subjects)
    let (files, logger) = (self.files, self.logger)
    try await store.removeUnusedFiles(purge.files) { hash in
      // A file that cannot be removed now is unreachable (no row names it): logged, not retried.
      do { try files.remove(sha256: hash) } catch {
        logger.error("could not remove a purged attachment's file", metadata: ["sha256": "\(hash)", "error": "\(error)"])
      }
    }
    return purge.removed
  }

  /// The tables, then every upload with its bytes, a page of descriptions at a time.
  public func export(userID: String, to streamer: ExportStreamer) async throws {
    let tables = MessagingStore.exportTables(userID: userID) { payload in
      try Gym_Messaging_V1_Event(serializedBytes: payload).jsonUTF8Data()
    }
    try await streamer.tables(tables, from: store.writer)
    var after: Int64 = 0
    while true {
      let page = try await store.attachments(ownerID: userID, afterRID: after, limit: 100)
      for (_, record) in page {
        try await streamer.file(MessagingMapping.exportFile(record), path: files.path(sha256: record.sha256))
      }
      guard let last = page.last, page.count == 100 else { break }
      after = last.rid
    }
  }
}
