import Foundation
import GRDB
import GymAPI
import GymStore
import SwiftProtobuf

/// Streams one service's part of a user's data export: each table page by page (one
/// read per page, so the writer is never held and memory stays at a page), then files
/// in chunks read from disk as they are sent.
public struct ExportStreamer {
  /// A document stops growing past this (a row is never split), well under any
  /// message-size limit between the services and the client.
  public static let pageBytes = 256 * 1024
  public static let pageRows = 500
  public static let chunkBytes = 64 * 1024

  public let service: String
  private let send: (Gym_Common_V1_ExportPart) async throws -> Void

  public init(service: String, send: @escaping (Gym_Common_V1_ExportPart) async throws -> Void) {
    self.service = service
    self.send = send
  }

  /// Every table in order, at least one document each (an empty table says so with
  /// `[]`); returns the documents sent.
  @discardableResult
  public func tables(_ tables: [ExportTable], from reader: any DatabaseReader) async throws -> Int {
    var documents = 0
    for table in tables {
      var offset = 0
      while true {
        let start = offset
        let (json, rows) = try await reader.read { db in
          try table.page(db, offset: start, maxRows: Self.pageRows, maxBytes: Self.pageBytes)
        }
        if rows > 0 || offset == 0 {
          try await send(
            .with {
              $0.document = .with {
                $0.service = service
                $0.table = table.name
                $0.rowsJson = String(decoding: json, as: UTF8.self)
              }
            })
          documents += 1
        }
        // A short page was the last (page() stops early on bytes, never on rows).
        if rows == 0 || (rows < Self.pageRows && json.count < Self.pageBytes) { break }
        offset += rows
      }
    }
    return documents
  }

  /// A file's description, then its bytes from `path`.
  public func file(_ description: Gym_Common_V1_ExportFile, path: String) async throws {
    var described = description
    described.service = service
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    // Closing a file that was only read cannot lose anything.
    defer { try? handle.close() }
    try await send(.with { $0.file = described })
    while let data = try handle.read(upToCount: Self.chunkBytes), !data.isEmpty {
      try await send(.with { $0.fileChunk = data })
    }
  }
}
