import ArgumentParser
import Foundation
import GRDB
import GymPlan
import GymService
import GymStore

/// Backup and restore of a large plan database with the code `Ops.Backup` and
/// `gymctl restore` run (`DatabaseBackup`): time and size, and the integrity check's
/// share of each.
struct BackupRestore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup-restore", abstract: "Time backup and restore of a plan database with N logged sets.")

  @Option(help: "Logged sets to create (20 per session: 5 exercises × 4 sets).") var sets = 1_000_000
  @Option(help: "Users the sessions belong to.") var users = 1_000
  @Option(help: "Scratch directory (created; the database, its backup and the restored copy go here).") var dir = "./.gym-bench-backup"

  func run() async throws {
    try? FileManager.default.removeItem(atPath: dir)
    let path = dir + "/data/plan.sqlite"
    let store = try PlanStore(path: path)
    let fill = try await time { try await Self.fill(store.writer, sets: sets, users: users) }
    let rows = try await store.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM logged_sets") ?? 0 }
    print(
      String(
        format: "filled %d logged sets in %.1f s; database %@ (plus WAL %@)", rows, fill,
        Self.size(path), Self.size(path + "-wal")))

    let backupPath = dir + "/backups/plan-bench.sqlite"
    let backup = try await time { try await DatabaseBackup.backup(store.writer, to: backupPath) }
    let check = try await time { try DatabaseBackup.check(backupPath) }
    print(
      String(
        format: "backup (VACUUM INTO, fsync, integrity_check, rename): %.2f s, of which one integrity_check is %.2f s; file %@",
        backup, check, Self.size(backupPath)))
    try store.writer.close()

    let restoredPath = dir + "/restored/plan.sqlite"
    let restore = try await time {
      try DatabaseBackup.stageRestore(from: backupPath, to: restoredPath).commit()
    }
    let restored = try DatabaseQueue(path: restoredPath)
    let restoredRows = try await restored.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM logged_sets") ?? 0 }
    print(
      String(
        format: "restore (copy, fsync, integrity_check, rename): %.2f s; %d logged sets in the restored file %@",
        restore, restoredRows, Self.size(restoredPath)))
  }

  /// Sessions of 5 items × 4 sets for `users` owners, in transactions of 500 sessions.
  static func fill(_ writer: any DatabaseWriter, sets: Int, users: Int) async throws {
    let sessions = sets / 20
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    for batch in stride(from: 0, to: sessions, by: 500) {
      try await writer.write { db in
        for s in batch..<min(sessions, batch + 500) {
          let owner = "user-\(s % users)"
          let day = start.addingTimeInterval(Double(s / users) * 86_400)
          let localDate = ISO8601DateFormatter.string(from: day, timeZone: .gmt, formatOptions: [.withFullDate])
          try db.execute(
            sql: """
              INSERT INTO sessions (id, owner_id, state, day_index, name, started_at, ended_at, local_date, sets, reps, volume_kg)
              VALUES (?, ?, 2, 0, 'Workout', ?, ?, ?, 20, 160, 8000)
              """,
            arguments: ["s-\(s)", owner, day, day.addingTimeInterval(3_600), localDate])
          let session = db.lastInsertedRowID
          for position in 0..<5 {
            let exercise = "exercise-\((s + position) % 40)"
            try db.execute(
              sql: "INSERT INTO session_items (id, session_rid, position, exercise_id, planned_sets, state) VALUES (?, ?, ?, ?, x'', 2)",
              arguments: ["i-\(s)-\(position)", session, position, exercise])
            let item = db.lastInsertedRowID
            for set in 0..<4 {
              let weight = 40.0 + Double((s + set) % 60)
              try db.execute(
                sql: """
                  INSERT INTO logged_sets (item_rid, session_rid, owner_id, exercise_id, reps, weight_kg, rpe, duration_seconds,
                    logged_at, local_date, e1rm, counted)
                  VALUES (?, ?, ?, ?, 8, ?, 8, 0, ?, ?, ?, 1)
                  """,
                arguments: [
                  item, session, owner, exercise, weight, day.addingTimeInterval(Double(position * 4 + set) * 120), localDate,
                  weight * (1 + 8.0 / 30),
                ])
            }
          }
        }
      }
    }
  }

  static func size(_ path: String) -> String {
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    return ByteCountFormatter.string(fromByteCount: bytes, countStyle: .binary)
  }
}

/// Seconds `body` took.
private func time(_ body: () async throws -> Void) async throws -> Double {
  let started = ContinuousClock.now
  try await body()
  return started.duration(to: .now).inSeconds
}
