import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymStore
import Logging
import SwiftProtobuf

/// `gym.ops.v1.Ops` for one process: version, uptime, database size and row counts,
/// pending outbox jobs, and online backups (`DatabaseBackup`: checked, then renamed into
/// place). Service credential or admin only (`MethodAccess.serviceOrAdmin`).
public struct OpsService: Gym_Ops_V1_Ops.SimpleServiceProtocol {
  public static let version = "0.1.0"

  private let process: String
  private let startedAt = Date()
  private let database: (path: String, writer: any DatabaseWriter)?

  public init(process: String, database: (path: String, writer: any DatabaseWriter)?) {
    self.process = process
    self.database = database
  }

  public func getInfo(request: Gym_Ops_V1_GetInfoRequest, context: ServerContext) async throws -> Gym_Ops_V1_GetInfoResponse {
    var response = Gym_Ops_V1_GetInfoResponse.with {
      $0.service = process
      $0.version = Self.version
      $0.startedAt = Google_Protobuf_Timestamp(date: startedAt)
      $0.uptimeSeconds = Int64(Date().timeIntervalSince(startedAt))
    }
    guard let database else { return response }
    response.databasePath = database.path
    response.databaseSizeBytes = GymDatabase.sizeOnDisk(path: database.path)
    let (counts, hasOutbox) = try await database.writer.read { db in
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name")
      let counts = try tables.map { ($0, try Int64.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\($0)\"") ?? 0) }
      return (counts, tables.contains("outbox"))
    }
    response.rowCounts = counts.map { name, rows in .with { $0.table = name; $0.rows = rows } }
    if hasOutbox {
      response.outbox = try await Outbox.summary(database.writer).map { summary in
        .with {
          $0.destination = summary.destination.rawValue
          $0.pending = Int64(summary.pending)
          $0.oldestCreatedAt = Google_Protobuf_Timestamp(date: summary.oldestCreatedAt)
          $0.maxAttempts = Int32(summary.maxAttempts)
          $0.lastError = summary.lastError ?? ""
        }
      }
    }
    return response
  }

  public func backup(request: Gym_Ops_V1_BackupRequest, context: ServerContext) async throws -> Gym_Ops_V1_BackupResponse {
    guard let database else { throw RPCError(code: .failedPrecondition, message: "\(process) has no database to back up") }
    let directory = request.destinationDir
    guard directory.hasPrefix("/") else {
      throw RPCError.invalidArgument(field: "destination_dir", "must be an absolute directory path on the service's machine")
    }
    let stamp = Date().formatted(Date.ISO8601FormatStyle()).replacingOccurrences(of: ":", with: "")
    let name = ((database.path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = (directory as NSString).appendingPathComponent("\(name)-\(stamp).sqlite")
    guard !FileManager.default.fileExists(atPath: target) else {
      throw RPCError(code: .alreadyExists, message: "\(target) already exists: wait a second or choose another directory")
    }
    do {
      try await DatabaseBackup.backup(database.writer, to: target)
    } catch let failure as DatabaseBackup.Failure {
      let requestID = RequestContext.current?.requestID ?? "-"
      Logger(label: process).error("backup failed", metadata: ["target": "\(target)", "error": "\(failure)", "request_id": "\(requestID)"])
      switch failure.kind {
      case .damaged:
        // Nothing was renamed into place: a copy that fails the check is no backup.
        throw RPCError(
          code: .dataLoss,
          message: "the copy of \(process)'s database failed its integrity check, so no backup was kept (\(failure)); "
            + "check the live database with PRAGMA integrity_check")
      case .io:
        throw RPCError(
          code: .internalError,
          message: "could not write \(target) (\(failure)): check that the directory is writable by the service and has space")
      }
    }
    return .with {
      $0.path = target
      $0.sizeBytes = GymDatabase.sizeOnDisk(path: target)
      $0.completedAt = Google_Protobuf_Timestamp(date: Date())
    }
  }
}
