import Foundation
import GymStore

extension BackupRoot {
  public static let defaultMinimumFreeMiB = 512

  /// DATA_DIR/backups, keeping `defaultMinimumFreeMiB` free.
  public init(dataDirectory: String) {
    self.init(
      path: (dataDirectory as NSString).appendingPathComponent("backups"),
      minimumFreeBytes: Int64(Self.defaultMinimumFreeMiB) << 20)
  }

  /// `GYM_BACKUP_DIR` (empty = DATA_DIR/backups) and `GYM_BACKUP_MIN_FREE_MIB`.
  public init(config: Config, dataDirectory: String) throws {
    let directory = try config.string(CommonKeys.backupDir)
    let minimumFree = try config.int(CommonKeys.backupMinFree, in: 0...(1 << 30))
    self.init(
      path: directory.isEmpty ? (dataDirectory as NSString).appendingPathComponent("backups") : directory,
      minimumFreeBytes: Int64(minimumFree) << 20, keep: try config.int(CommonKeys.backupKeep, in: 0...100_000))
  }
}
