import Foundation
import GRDB
import GRPCCore
import GymAPI
import GymStore
import GymVersion
import Logging
import SwiftProtobuf

/// `gym.ops.v1.Ops` for one process: version, uptime, database size and row counts,
/// pending outbox jobs (service credential or admin), and this service's part of a
/// backup run under its `BackupRoot` (service credential only, `MethodAccess`).
public struct OpsService: Gym_Ops_V1_Ops.SimpleServiceProtocol {
  /// The build's version (git describe), the same `--version` prints.
  public static let version = BuildVersion.description

  /// What this process backs up, and where.
  public struct Backup: Sendable {
    public var root: BackupRoot
    /// The part's name in a run, and the name `gymctl restore` knows it by ("auth").
    public var service: String
    /// Kept beside the database and restored with it (auth's signing keys, messaging's attachments).
    public var directories: [BackupRoot.Directory]

    public init(root: BackupRoot, service: String, directories: [BackupRoot.Directory] = []) {
      self.root = root
      self.service = service
      self.directories = directories
    }
  }

  /// Fills in what only one service knows (messaging's push delivery).
  public typealias Details = @Sendable (inout Gym_Ops_V1_GetInfoResponse) async throws -> Void

  private let process: String
  private let details: Details?
  private let startedAt = Date()
  private let database: (path: String, writer: any DatabaseWriter)?
  private let backupSettings: Backup?
  /// One backup at a time per process: two at once would double the disk they take.
  private let backupInProgress = OneAtATime()

  public init(
    process: String, database: (path: String, writer: any DatabaseWriter)?, backup: Backup? = nil, details: Details? = nil
  ) {
    self.process = process
    self.details = details
    self.database = database
    self.backupSettings = backup
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
    response.rowCounts = counts.map { name, rows in
      .with {
        $0.table = name; $0.rows = rows
      }
    }
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
    try await details?(&response)
    return response
  }

  public func backup(request: Gym_Ops_V1_BackupRequest, context: ServerContext) async throws -> Gym_Ops_V1_BackupResponse {
    guard let database, let backup = backupSettings else {
      throw RPCError(code: .failedPrecondition, message: "\(process) has no database to back up")
    }
    try Self.checkRunID(request.runID)
    guard backupInProgress.begin() else {
      throw RPCError(code: .failedPrecondition, message: "a backup of \(process) is already in progress: wait for it to finish")
    }
    defer { backupInProgress.end() }
    let part: BackupRoot.Part
    do {
      part = try await backup.root.write(
        run: request.runID, service: backup.service, database: database.writer, databasePath: database.path,
        directories: backup.directories)
    } catch {
      throw status(for: error, doing: "backup of run \(request.runID)")
    }
    Logger(label: process).notice(
      "backup written", metadata: ["run_id": "\(request.runID)", "directory": "\(part.directory)", "bytes": "\(part.sizeBytes)"])
    return .with {
      $0.directory = part.directory
      $0.sizeBytes = part.sizeBytes
      $0.completedAt = Google_Protobuf_Timestamp(date: Date())
      $0.service = backup.service
      $0.files = part.files.map { file in
        .with {
          $0.path = file.path; $0.sizeBytes = file.sizeBytes; $0.sha256 = file.sha256
        }
      }
      $0.directories = part.directories
    }
  }

  public func finishBackup(
    request: Gym_Ops_V1_FinishBackupRequest, context: ServerContext
  ) async throws -> Gym_Ops_V1_FinishBackupResponse {
    guard let backup = backupSettings else {
      throw RPCError(code: .failedPrecondition, message: "\(process) has no database to back up")
    }
    try Self.checkRunID(request.runID)
    if request.discard {
      do {
        try backup.root.discard(run: request.runID, service: backup.service)
      } catch {
        throw status(for: error, doing: "discarding run \(request.runID)")
      }
      return .init()
    }
    guard !request.manifestJson.isEmpty else {
      throw RPCError.invalidArgument(field: "manifest_json", "is required unless discard is set: the run's manifest")
    }
    let manifest: BackupManifest
    do {
      manifest = try BackupManifest.decode(Data(request.manifestJson.utf8))
    } catch {
      throw RPCError.invalidArgument(field: "manifest_json", "is not a backup run's manifest: \(error)")
    }
    guard manifest.runID == request.runID, manifest.services[backup.service] != nil else {
      throw RPCError.invalidArgument(
        field: "manifest_json", "must be the manifest of run \(request.runID) with a part for \(backup.service)")
    }
    do {
      let path = try backup.root.writeManifest(manifest)
      // Retention after the run is whole, never before: a failed run removes nothing.
      do {
        let pruned = try backup.root.prune(service: backup.service)
        if !pruned.isEmpty {
          Logger(label: process).notice(
            "removed parts of old backup runs", metadata: ["runs": "\(pruned.joined(separator: ","))", "keep": "\(backup.root.keep)"])
        }
      } catch {
        // The new run is complete and kept; old ones are tried again after the next.
        Logger(label: process).error("removing old backup runs failed", metadata: ["error": "\(error)"])
      }
      return .with { $0.manifestPath = path }
    } catch {
      throw status(for: error, doing: "writing the manifest of run \(request.runID)")
    }
  }

  private static func checkRunID(_ id: String) throws {
    if let problem = BackupName.problem(with: id) {
      throw RPCError.invalidArgument(
        field: "run_id", "\(problem): it names the run's directory under GYM_BACKUP_DIR, never a path")
    }
  }

  /// Backup and restore failures as statuses, in one place; unexpected ones are logged
  /// with the request id.
  private func status(for error: any Error, doing action: String) -> RPCError {
    let requestID = RequestContext.current?.requestID ?? "-"
    Logger(label: process).error("\(action) failed", metadata: ["error": "\(error)", "request_id": "\(requestID)"])
    switch error {
    case let failure as BackupFailure:
      let code: RPCError.Code =
        switch failure.kind {
        case .invalidName: .invalidArgument
        case .exists: .alreadyExists
        case .noSpace: .resourceExhausted
        case .missing: .notFound
        case .damaged: .dataLoss
        case .io: .internalError
        }
      return RPCError(code: code, message: "\(process): \(failure)")
    case let failure as DatabaseBackup.Failure where failure.kind == .damaged:
      // Nothing was kept: a copy that fails the check is no backup.
      return RPCError(
        code: .dataLoss,
        message: "the copy of \(process)'s database failed its integrity check, so no backup was kept (\(failure)); "
          + "check the live database with PRAGMA integrity_check")
    case let failure as DatabaseBackup.Failure:
      return RPCError(
        code: .internalError,
        message: "\(process) could not write its copy (\(failure)): check that GYM_BACKUP_DIR is writable by the service and has space")
    default:
      return RPCError(code: .internalError, message: "\(process): \(action) failed (request id \(requestID))")
    }
  }
}
