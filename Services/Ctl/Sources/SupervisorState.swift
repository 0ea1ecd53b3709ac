import Foundation
import GymService

/// What `gymctl up`'s supervisor has done to each service, written to
/// `DATA_DIR/supervisor.json` whenever it changes, so `gymctl status` can show restarts
/// and a service given up on (even after the platform stopped because of it).
public struct SupervisorState: Codable, Sendable, Equatable {
  public struct Service: Codable, Sendable, Equatable {
    public var pid: Int32?
    /// Starts after the first.
    public var restarts = 0
    public var lastExit: Exit?
    /// The restart policy stopped trying: this many exits in a row, each soon after its start.
    public var gaveUpAfter: Int?
  }

  public struct Exit: Codable, Sendable, Equatable {
    /// The exit status, or the signal when `signaled`.
    public var status: Int32
    public var signaled: Bool
    public var at: Date
  }

  /// The supervising `gymctl up`.
  public var supervisor: Int32
  public var services: [String: Service] = [:]

  public static func path(in dataDirectory: String) -> String {
    (dataDirectory as NSString).appendingPathComponent("supervisor.json")
  }

  public static func read(dataDirectory: String) -> SupervisorState? {
    guard let data = FileManager.default.contents(atPath: path(in: dataDirectory)) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(SupervisorState.self, from: data)
  }

  /// Written whole to a new owner-only file and renamed, so a reader never sees half of
  /// it, and like everything in the data directory it is the platform user's alone.
  func write(dataDirectory: String) {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else { return }
    // The state is for operators to read; a disk that refuses it must not stop supervising.
    try? SecretFile.replace(at: Self.path(in: dataDirectory), with: data)
  }

  /// One line for `gymctl status`: "0", "2 (last: status 1, 40s ago)", "gave up after 5 exits (last: …)".
  func summary(of name: String, now: Date = Date()) -> String {
    guard let service = services[name] else { return "-" }
    let last = service.lastExit.map { exit in
      let how = exit.signaled ? "signal \(exit.status)" : "status \(exit.status)"
      let ago = Duration.seconds(max(0, now.timeIntervalSince(exit.at)))
        .formatted(.units(allowed: [.days, .hours, .minutes, .seconds], width: .narrow, maximumUnitCount: 1))
      return "\(how), \(ago) ago"
    }
    if let gaveUp = service.gaveUpAfter { return "gave up after \(gaveUp) exits" + (last.map { " (last: \($0))" } ?? "") }
    return "\(service.restarts)" + (last.map { " (last: \($0))" } ?? "")
  }
}
