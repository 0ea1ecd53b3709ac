import Foundation
import GRDB
import GymAPI
import GymService
import GymStore
import GymTesting
import Testing

/// A user's export, one table at a time: pages bounded in bytes, every row once, in
/// order; stored JSON embedded; files in chunks.
@Suite struct ExportStreamerTests {
  final class Parts: @unchecked Sendable {
    var all: [Gym_Common_V1_ExportPart] = []
  }

  @Test func aLargeTableComesInBoundedPagesWithEveryRowOnce() async throws {
    let database = try DatabaseQueue()
    let note = String(repeating: "n", count: 1000)
    try await database.write { db in
      try db.execute(sql: "CREATE TABLE sets (rid INTEGER PRIMARY KEY, owner_id TEXT, reps INTEGER, detail TEXT)")
      for rid in 1...2000 {
        try db.execute(
          sql: "INSERT INTO sets (rid, owner_id, reps, detail) VALUES (?, ?, ?, ?)",
          arguments: [rid, rid % 2 == 0 ? "ana" : "ben", rid, "{\"note\":\"\(note)\"}"])
      }
    }
    let parts = Parts()
    let streamer = ExportStreamer(service: "plan") { parts.all.append($0) }
    let sent = try await streamer.tables(
      [
        ExportTable("sets", "SELECT rid, reps, detail FROM sets WHERE owner_id = ? ORDER BY rid", ["ana"], json: ["detail"]),
        ExportTable("nothing", "SELECT rid FROM sets WHERE owner_id = ?", ["nobody"]),
      ], from: database)

    let documents = parts.all.map(\.document)
    #expect(sent == documents.count)
    #expect(documents.count > 4, "1,000 rows of about 1 KiB are several pages")
    #expect(documents.allSatisfy { $0.rowsJson.utf8.count < ExportStreamer.pageBytes + 2048 })
    var rids: [Int] = []
    for document in documents.filter({ $0.table == "sets" }) {
      let rows = try #require(try JSONSerialization.jsonObject(with: Data(document.rowsJson.utf8)) as? [[String: Any]])
      rids += rows.compactMap { $0["rid"] as? Int }
      #expect(rows.allSatisfy { ($0["detail"] as? [String: String])?["note"] == note }, "stored JSON is embedded, not quoted")
    }
    #expect(rids == Array(stride(from: 2, through: 2000, by: 2)))
    #expect(documents.last.map { ($0.table, $0.rowsJson) } ?? ("", "") == ("nothing", "[]"), "an empty table says so")
  }

  @Test func aFileIsDescribedThenSentInChunks() async throws {
    let path = try temporaryDirectory() + "/file"
    let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let parts = Parts()
    try await ExportStreamer(service: "messaging") { parts.all.append($0) }.file(
      .with {
        $0.id = "a1"; $0.sizeBytes = 150_000
      }, path: path)
    #expect(parts.all.first?.file.service == "messaging" && parts.all.first?.file.id == "a1")
    let chunks = parts.all.dropFirst().map(\.fileChunk)
    #expect(chunks.count == 3 && chunks.allSatisfy { $0.count <= ExportStreamer.chunkBytes })
    #expect(Array(chunks.joined()) == bytes)
  }
}
