import Foundation
import GRDB
import GymStore

/// Reports and the administrators' moderation queue, removals and restorations.
extension CatalogStore {
  /// Records a report and queues the program for review; enough distinct reports
  /// hide it until an administrator decides. A user past `reportsPerDay` in the last
  /// 24 hours is told when the oldest of them leaves the window.
  public func report(programID: String, userID: String, reason: String, now: Date) async throws {
    try await writer.write { [rules] db in
      var program = try Self.votableProgram(db, id: programID, userID: userID, now: now)
      let rid = program.rid!
      let exists =
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM reports WHERE program_rid = ? AND reporter_id = ?)", arguments: [rid, userID]) ?? false
      guard !exists else { throw CatalogError.alreadyReported }
      let day: TimeInterval = 86_400
      let recent = try Date.fetchAll(
        db, sql: "SELECT created_at FROM reports WHERE reporter_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?",
        arguments: [userID, now.addingTimeInterval(-day), rules.reportsPerDay])
      if recent.count >= rules.reportsPerDay, let oldest = recent.last {
        throw CatalogError.tooManyReports(limit: rules.reportsPerDay, retryAfter: oldest.addingTimeInterval(day).timeIntervalSince(now))
      }
      try db.execute(
        sql: "INSERT INTO reports (program_rid, reporter_id, reason, created_at) VALUES (?, ?, ?, ?)",
        arguments: [rid, userID, reason, now])
      let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reports WHERE program_rid = ? AND resolved = 0", arguments: [rid]) ?? 0
      program.queuedAt = program.queuedAt ?? now
      if open >= rules.hideAfterReports {
        program.state = .hidden
        program.moderationReason = "hidden automatically after \(open) reports"
      }
      try db.execute(
        sql: "UPDATE programs SET state = ?, moderation_reason = ?, queued_at = ? WHERE rid = ?",
        arguments: [program.state.rawValue, program.moderationReason, program.queuedAt, rid])
    }
  }

  public struct QueueEntry: Sendable, Equatable {
    public var view: ProgramView
    public var openReports: Int
    public var reasons: [String]
  }

  /// Programs waiting for review (hidden automatically or reported), oldest first.
  public func moderationQueue(limit: Int, offset: Int, viewer: Viewer) async throws -> [QueueEntry] {
    try await writer.read { db in
      let records = try ProgramRecord.fetchAll(
        db, sql: "SELECT \(ProgramRecord.selection("programs")) FROM programs WHERE queued_at IS NOT NULL ORDER BY queued_at, rid LIMIT ? OFFSET ?",
        arguments: [limit, offset])
      return try Self.views(db, records, viewer: viewer).map { view in
        let rid = view.program.rid!
        let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reports WHERE program_rid = ? AND resolved = 0", arguments: [rid]) ?? 0
        let reasons = try String.fetchAll(
          db, sql: "SELECT reason FROM reports WHERE program_rid = ? AND resolved = 0 ORDER BY created_at DESC LIMIT 10",
          arguments: [rid])
        return QueueEntry(view: view, openReports: open, reasons: reasons)
      }
    }
  }

  /// Takes a program off the marketplace for good (until restored), keeping the reason;
  /// its reports are closed and it leaves the queue.
  public func remove(programID: String, reason: String, viewer: Viewer) async throws -> ProgramView {
    try await moderate(programID, viewer: viewer) { program in
      program.state = .removed
      program.moderationReason = reason
    }
  }

  /// Makes a program visible again and exempts it from the automatic vote threshold:
  /// an administrator has looked at it.
  public func restore(programID: String, viewer: Viewer) async throws -> ProgramView {
    try await moderate(programID, viewer: viewer) { program in
      program.state = .visible
      program.moderationReason = ""
      program.autoHideExempt = true
    }
  }

  private func moderate(_ id: String, viewer: Viewer, _ change: @escaping @Sendable (inout ProgramRecord) -> Void) async throws -> ProgramView {
    try await writer.write { db in
      guard var program = try ProgramRecord.filter(Column("id") == id).fetchOne(db) else { throw GymError.notFound("no program with this id") }
      change(&program)
      program.queuedAt = nil
      try db.execute(
        sql: """
          UPDATE programs SET state = ?, moderation_reason = ?, auto_hide_exempt = ?, queued_at = NULL WHERE rid = ?
          """,
        arguments: [program.state.rawValue, program.moderationReason, program.autoHideExempt, program.rid])
      try db.execute(sql: "UPDATE reports SET resolved = 1 WHERE program_rid = ?", arguments: [program.rid])
      return try Self.views(db, [program], viewer: viewer).first!
    }
  }
}
