import Foundation

/// The process figures every Prometheus client library exports under the same names
/// (`process_cpu_seconds_total`, `process_resident_memory_bytes`, …), so stock dashboards
/// and alerts read them. From Linux's /proc at each scrape; elsewhere, none.
public enum ProcessMetrics {
  public static func sample() -> [MetricSample] {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return [] }
    // Fields after the command name (which may hold spaces), numbered from 3 (state).
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    func field(_ number: Int) -> Double { fields.count > number - 3 ? Double(fields[number - 3]) ?? 0 : 0 }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    let page = Double(sysconf(Int32(_SC_PAGESIZE)))
    var samples = [
      MetricSample(
        "process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", kind: .counter,
        value: (field(14) + field(15)) / ticks),
      MetricSample("process_resident_memory_bytes", "Resident memory size in bytes.", value: field(24) * page),
      MetricSample("process_virtual_memory_bytes", "Virtual memory size in bytes.", value: field(23)),
    ]
    if let bootTime {
      samples.append(
        MetricSample(
          "process_start_time_seconds", "Start time of the process since unix epoch in seconds.", value: bootTime + field(22) / ticks))
    }
    if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
      samples.append(MetricSample("process_open_fds", "Number of open file descriptors.", value: Double(open.count)))
    }
    var limit = rlimit()
    if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
      samples.append(MetricSample("process_max_fds", "Maximum number of open file descriptors.", value: Double(limit.rlim_cur)))
    }
    return samples
  }

  /// When the machine booted (`btime` in /proc/stat), which process start times count from.
  private static let bootTime: Double? = {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
    for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
      return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
    }
    return nil
  }()
}
