import Foundation
import GRDB
import GymStore

/// What a process's database holds that an operator watches: its size on disk (the
/// file and its write-ahead log, which grows when checkpoints cannot keep up), the room
/// left on the disk under it, and the outbox's pending jobs by destination with the age
/// of the oldest (a receiver that has been down, or a job that keeps failing).
enum StorageGauges {
  static func read(path: String, reader: any DatabaseReader) async -> [MetricSample] {
    var samples: [MetricSample] = []
    for (file, suffix) in [("main", ""), ("wal", "-wal")] {
      let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? NSNumber)?.doubleValue ?? 0
      samples.append(MetricSample("gym_database_bytes", "Size of the SQLite database on disk, by file.", labels: ["file": file], value: size))
    }
    if let disk = try? FileManager.default.attributesOfFileSystem(forPath: (path as NSString).deletingLastPathComponent),
      let free = (disk[.systemFreeSize] as? NSNumber)?.doubleValue, let size = (disk[.systemSize] as? NSNumber)?.doubleValue
    {
      samples.append(MetricSample("gym_disk_free_bytes", "Free space on the data directory's file system.", value: free))
      samples.append(MetricSample("gym_disk_size_bytes", "Size of the data directory's file system.", value: size))
    }
    // A database that cannot be read now says so through health; the scrape goes on without it.
    guard let hasOutbox = try? await reader.read({ try $0.tableExists("outbox") }), hasOutbox,
      let pending = try? await Outbox.summary(reader)
    else { return samples }
    let now = Date()
    for summary in pending {
      let destination = ["destination": summary.destination.rawValue]
      samples.append(MetricSample("gym_outbox_pending", "Outbox jobs not yet delivered, by destination.", labels: destination, value: Double(summary.pending)))
      samples.append(
        MetricSample(
          "gym_outbox_oldest_age_seconds", "Age of the oldest undelivered outbox job, by destination.", labels: destination,
          value: max(0, now.timeIntervalSince(summary.oldestCreatedAt))))
    }
    return samples
  }
}
