import Foundation
import Logging

/// Writes one logfmt line per event to stderr:
/// `ts=… level=info service=gym-auth msg="…" request_id=… key=value`.
/// Machine-parsable, human-readable, and never multi-line. Through `LogOutput`, so a
/// log that cannot be written (a full disk) drops lines instead of stopping the process.
public struct StructuredLogHandler: LogHandler {
  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?
  private let label: String

  public init(label: String, level: Logger.Level, metadataProvider: Logger.MetadataProvider?) {
    self.label = label
    self.logLevel = level
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
    var line = "ts=\(Self.timestamp()) level=\(event.level) service=\(label) msg=\(Self.quote(event.message.description))"
    for key in merged.keys.sorted() {
      line += " \(key)=\(Self.quote(merged[key]!.description))"
    }
    line += "\n"
    LogOutput.standardError.write(line)
  }

  private static func timestamp() -> String {
    Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }

  private static func quote(_ value: String) -> String {
    let plain = !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@".contains($0) }
    if plain { return value }
    var escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    escaped = escaped.replacingOccurrences(of: "\n", with: "\\n")
    return "\"\(escaped)\""
  }

  /// Installs the handler for the whole process; safe to call once per process only.
  public static func bootstrap(service: String, level: String) {
    let parsed = Logger.Level(rawValue: level) ?? .info
    LoggingSystem.bootstrap(
      { label, provider in StructuredLogHandler(label: service, level: parsed, metadataProvider: provider) },
      metadataProvider: .requestContext
    )
  }
}
