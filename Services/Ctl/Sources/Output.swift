import Foundation
import SwiftProtobuf

/// What commands print: aligned tables for people, JSON for scripts (`--json`).
enum Output {
  /// Columns padded to their widest cell, two spaces apart.
  static func table(_ headers: [String], _ rows: [[String]]) {
    let widths = headers.indices.map { column in
      ([headers] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    for row in [headers] + rows {
      let cells = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      print(String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed()))
    }
  }

  static let jsonOptions: JSONEncodingOptions = {
    var options = JSONEncodingOptions()
    options.preserveProtoFieldNames = true
    return options
  }()

  /// A message in proto JSON (field names as in the .proto).
  static func json(_ message: some SwiftProtobuf.Message) throws {
    print(try message.jsonString(options: jsonOptions))
  }

  /// Messages as a JSON array.
  static func json(_ messages: [some SwiftProtobuf.Message]) throws {
    print("[" + (try messages.map { try $0.jsonString(options: jsonOptions) }).joined(separator: ",") + "]")
  }

  static func date(_ timestamp: Google_Protobuf_Timestamp) -> String {
    timestamp.seconds == 0 && timestamp.nanos == 0 ? "-" : timestamp.date.formatted(Date.ISO8601FormatStyle())
  }

  /// 1536 → "1.5 KB" (binary multiples).
  static func bytes(_ count: Int64) -> String {
    ByteCountFormatter.string(fromByteCount: count, countStyle: .binary)
  }

  /// Plain values (dictionaries, arrays, strings, numbers, booleans) as one line of JSON,
  /// for commands whose answer is not a proto message.
  static func jsonLine(_ value: Any) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("null".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
