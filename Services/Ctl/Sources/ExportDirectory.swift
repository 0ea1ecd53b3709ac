import Foundation
import GymAPI
import GymService

/// Where `gymctl users export` writes an account's export as it streams in:
/// `export.jsonl`, one JSON object a line (a table page `{"service", "table", "rows"}`,
/// a file `{"service", "file"}` naming its copy under `files/`, and last `{"summary"}`),
/// and `files/SERVICE/ID-NAME` with each attachment's bytes. Only a new or empty
/// directory is written to, so one export never mixes with another. Made inside the
/// response handler, by the one task that reads the stream.
final class ExportDirectory {
  let path: String
  private let lines: FileHandle
  private var file: (handle: FileHandle, path: String, expected: Int64, written: Int64)?
  private(set) var summary: Gym_Common_V1_ExportSummary?

  /// Refuses a path that holds anything (checked before the export starts, and again
  /// when the directory is made).
  static func requireFresh(_ path: String) throws {
    let manager = FileManager.default
    if manager.fileExists(atPath: path), !((try? manager.contentsOfDirectory(atPath: path)) ?? [""]).isEmpty {
      throw OperatorFailure("\(path) exists and is not an empty directory; give --out a new directory")
    }
  }

  init(path: String) throws {
    try Self.requireFresh(path)
    let manager = FileManager.default
    try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
    self.path = path
    let jsonl = (path as NSString).appendingPathComponent("export.jsonl")
    guard manager.createFile(atPath: jsonl, contents: nil) else { throw OperatorFailure("cannot create \(jsonl)") }
    lines = try FileHandle(forWritingTo: URL(fileURLWithPath: jsonl))
  }

  deinit { try? lines.close() }

  func write(_ part: Gym_Common_V1_ExportPart) throws {
    switch part.part {
    case .document(let document):
      try finishFile()
      // The rows are JSON already: written as they came.
      try line("{\"service\":\(JSONText.quoted(document.service)),\"table\":\(JSONText.quoted(document.table)),\"rows\":\(document.rowsJson)}")
    case .file(let described):
      try finishFile()
      let folder = (path as NSString).appendingPathComponent("files/\(Self.safe(described.service))")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let name = Self.safe(described.filename.isEmpty ? described.id : "\(described.id)-\(described.filename)")
      let target = (folder as NSString).appendingPathComponent(name)
      guard FileManager.default.createFile(atPath: target, contents: nil) else { throw OperatorFailure("cannot create \(target)") }
      file = (try FileHandle(forWritingTo: URL(fileURLWithPath: target)), target, described.sizeBytes, 0)
      try line(
        Output.jsonLine([
          "service": described.service,
          "file": [
            "id": described.id, "filename": described.filename, "mime_type": described.mimeType, "size_bytes": described.sizeBytes,
            "sha256": described.sha256, "path": "files/\(Self.safe(described.service))/\(name)",
          ] as [String: Any],
        ]))
    case .fileChunk(let bytes):
      guard let current = file else { throw OperatorFailure("the export sent file bytes before describing the file") }
      try current.handle.write(contentsOf: bytes)
      file?.written += Int64(bytes.count)
    case .summary(let summary):
      try finishFile()
      self.summary = summary
      try line(
        Output.jsonLine([
          "summary": [
            "services": summary.services, "documents": summary.documents, "files": summary.files,
            "exported_at": Output.date(summary.exportedAt),
          ] as [String: Any]
        ]))
    case nil:
      break
    }
  }

  /// Checks the stream was whole: every file complete and the summary last.
  func finish() throws -> Gym_Common_V1_ExportSummary {
    try finishFile()
    try lines.synchronize()
    guard let summary else { throw OperatorFailure("the export ended before its summary: \(path) is incomplete; run it again") }
    return summary
  }

  private func finishFile() throws {
    guard let current = file else { return }
    file = nil
    try current.handle.close()
    guard current.written == current.expected else {
      throw OperatorFailure("\(current.path): \(current.written) bytes arrived of \(current.expected); run the export again")
    }
  }

  private func line(_ text: String) throws {
    try lines.write(contentsOf: Data((text + "\n").utf8))
  }

  /// One path component: no separators, no leading dot.
  static func safe(_ name: String) -> String {
    let cleaned = String(name.map { $0 == "/" || $0 == "\\" || $0.isNewline ? "_" : $0 })
    return cleaned.hasPrefix(".") ? "_" + cleaned.dropFirst() : cleaned
  }
}
