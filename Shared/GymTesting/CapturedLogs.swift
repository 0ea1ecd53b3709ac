import Logging
import Synchronization

/// Log lines kept in memory, for tests that check what a process logs.
public final class CapturedLogs: Sendable {
  public struct Line: Sendable {
    public var level: Logger.Level
    public var message: String
    public var metadata: [String: String]
  }

  private let lines = Mutex<[Line]>([])

  public init() {}

  public var all: [Line] { lines.withLock { $0 } }

  /// A logger writing here, with the request context's metadata (request id) as in production.
  public func logger(label: String) -> Logger {
    Logger(label: label, factory: { _ in Handler(sink: self, metadataProvider: .requestContext) })
  }

  struct Handler: LogHandler {
    let sink: CapturedLogs
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      var merged = metadata
      if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
      if let extra = event.metadata { merged.merge(extra) { _, new in new } }
      let line = Line(level: event.level, message: event.message.description, metadata: merged.mapValues(\.description))
      sink.lines.withLock { $0.append(line) }
    }
  }
}
