import Foundation
import GRPCCore
import GymAPI
import GymService
import GymStore
import SwiftProtobuf

extension CatalogService {
  public func listModerationQueue(
    request: Gym_Catalog_V1_ListModerationQueueRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_ListModerationQueueResponse {
    let viewer = try Self.viewer(of: Caller.admin(for: "the moderation queue"))
    let (paging, offset) = try Paging.withOffset(size: request.pageSize, token: request.pageToken)
    let entries = try await store.moderationQueue(limit: paging.size, offset: offset, viewer: viewer)
    let mapped = Paging.fitting(
      entries.map { entry in
        Gym_Catalog_V1_ModerationEntry.with {
          $0.program = CatalogMapping.program(entry.view, viewer: viewer)
          $0.openReports = Int32(entry.openReports)
          $0.reportReasons = entry.reasons
          $0.autoHidden = entry.view.program.state == .hidden
          if let queuedAt = entry.view.program.queuedAt { $0.queuedAt = Google_Protobuf_Timestamp(date: queuedAt) }
        }
      })
    return .with {
      $0.entries = mapped
      $0.nextPageToken = paging.nextToken(offset: offset, returned: mapped.count, fetched: entries.count)
    }
  }

  public func removeProgram(
    request: Gym_Catalog_V1_RemoveProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_RemoveProgramResponse {
    let viewer = try Self.viewer(of: Caller.admin(for: "removing programs"))
    try Self.requireID(request.id, field: "id")
    let reason = request.reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard Self.reasonBound.allows(reason) else {
      throw GymError.invalid([FieldViolation("reason", "\(Self.reasonBound.rule): the author is told why")])
    }
    let view = try await store.remove(programID: request.id, reason: reason, viewer: viewer)
    logger.notice("program removed", metadata: ["program_id": "\(request.id)", "admin_id": "\(viewer.userID)"])
    return .with { $0.program = CatalogMapping.program(view, viewer: viewer) }
  }

  public func restoreProgram(
    request: Gym_Catalog_V1_RestoreProgramRequest, context: ServerContext
  ) async throws -> Gym_Catalog_V1_RestoreProgramResponse {
    let viewer = try Self.viewer(of: Caller.admin(for: "restoring programs"))
    try Self.requireID(request.id, field: "id")
    let view = try await store.restore(programID: request.id, viewer: viewer)
    logger.notice("program restored", metadata: ["program_id": "\(request.id)", "admin_id": "\(viewer.userID)"])
    return .with { $0.program = CatalogMapping.program(view, viewer: viewer) }
  }
}
