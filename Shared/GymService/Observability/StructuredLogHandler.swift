import Foundation
import Logging
import Synchronization

/// Writes one line per event to stderr, logfmt by default
/// (`ts=… level=info service=gym-auth msg="…" request_id=… key=value`: machine-parsable
/// and human-readable) or a JSON object (`GYM_LOG_FORMAT=json`, for log pipelines), never
/// multi-line. Through `LogOutput`, so a log that cannot be written (a full disk) drops
/// lines instead of stopping the process.
public struct StructuredLogHandler: LogHandler {
  public enum Format: String, Sendable, CaseIterable {
    case logfmt, json
  }

  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?
  private let label: String
  private let format: Format

  public init(label: String, level: Logger.Level, format: Format = .logfmt, metadataProvider: Logger.MetadataProvider?) {
    self.label = label
    self.logLevel = level
    self.format = format
    self.metadataProvider = metadataProvider
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var merged = metadata
    if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
    if let extra = event.metadata { merged.merge(extra) { _, new in new } }
    LogOutput.standardError.write(
      Self.line(timestamp: Self.timestamp(), level: event.level, service: label, message: event.message.description, metadata: merged, format: format))
  }

  /// The fields every JSON line starts with; metadata of the same name would repeat them.
  private static let jsonFields: Set<String> = ["ts", "level", "service", "msg"]

  /// One event's line, newline included: the time, level, service and message first,
  /// then the metadata by key.
  static func line(
    timestamp: String, level: Logger.Level, service: String, message: String, metadata: Logger.Metadata, format: Format
  ) -> String {
    switch format {
    case .logfmt:
      var line = "ts=\(timestamp) level=\(level) service=\(service) msg=\(quote(message))"
      for key in metadata.keys.sorted() {
        line += " \(key)=\(quote(metadata[key]!.description))"
      }
      return line + "\n"
    case .json:
      var line = "{\"ts\":\"\(timestamp)\",\"level\":\"\(level)\",\"service\":\(JSONText.quoted(service)),\"msg\":\(JSONText.quoted(message))"
      for key in metadata.keys.sorted() where !jsonFields.contains(key) {
        line += ",\(JSONText.quoted(key)):\(JSONText.quoted(metadata[key]!.description))"
      }
      return line + "}\n"
    }
  }

  /// ISO 8601 with milliseconds, UTC ("2026-11-26T09:20:00.123Z"). The part up to the
  /// second is formatted once a second: Foundation's formatter on every line cost the
  /// gateway a few percent of its CPU with the access log on.
  static func timestamp(_ now: Date = Date()) -> String {
    let interval = now.timeIntervalSince1970
    let second = interval.rounded(.down)
    let prefix = formattedSecond.withLock { cache in
      if cache.second != second {
        cache = (second, String(Date(timeIntervalSince1970: second).formatted(Date.ISO8601FormatStyle()).dropLast()))
      }
      return cache.text
    }
    let millis = min(999, Int((interval - second) * 1000))
    return prefix + (millis < 10 ? ".00" : millis < 100 ? ".0" : ".") + String(millis) + "Z"
  }

  private static let formattedSecond = Mutex<(second: Double, text: String)>((-1, ""))

  static func quote(_ value: String) -> String {
    if isPlain(value) { return value }
    var escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    escaped = escaped.replacingOccurrences(of: "\n", with: "\\n")
    return "\"\(escaped)\""
  }

  /// Letters, digits and `-_./:@` only: written without quotes. ASCII is checked byte by
  /// byte (Character's Unicode properties cost more than the rest of a line).
  private static func isPlain(_ value: String) -> Bool {
    guard !value.isEmpty else { return false }
    for byte in value.utf8 {
      guard byte < 0x80 else { return value.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@".contains($0) } }
      let lower = byte | 0x20
      let plain = (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x7A) || "-_./:@".utf8.contains(byte)
      if !plain { return false }
    }
    return true
  }

  /// Installs the handler for the whole process; safe to call once per process only.
  public static func bootstrap(service: String, level: String, format: Format = .logfmt) {
    let parsed = Logger.Level(rawValue: level) ?? .info
    LoggingSystem.bootstrap(
      { label, provider in StructuredLogHandler(label: service, level: parsed, format: format, metadataProvider: provider) },
      metadataProvider: .requestContext
    )
  }
}
