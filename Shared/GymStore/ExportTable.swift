import Foundation
import GRDB

/// One table's rows about a user, for their data export (the right of access): a SELECT
/// of the columns worth showing them (secrets such as password and code hashes left
/// out), filtered to the user and ordered by a key, so pages read one after another
/// neither skip nor repeat a row that stays put.
public struct ExportTable: Sendable {
  public typealias Decoder = @Sendable (Data) throws -> Data

  /// The name the export shows (usually the table's own).
  public var name: String
  /// `SELECT …`; `LIMIT` and `OFFSET` are added per page.
  public var sql: String
  public var arguments: [String]
  /// Columns holding JSON documents (text or blob), embedded as JSON, not as strings.
  public var jsonColumns: Set<String>
  /// Columns whose bytes the service turns into JSON itself (protobuf payloads).
  public var decoders: [String: Decoder]

  public init(_ name: String, _ sql: String, _ arguments: [String], json: Set<String> = [], decoders: [String: Decoder] = [:]) {
    self.name = name
    self.sql = sql
    self.arguments = arguments
    self.jsonColumns = json
    self.decoders = decoders
  }

  /// Rows from `offset` as a JSON array of objects: at most `maxRows`, and no more once
  /// `maxBytes` are reached (a page holds at least one row however large).
  public func page(_ db: Database, offset: Int, maxRows: Int, maxBytes: Int) throws -> (json: Data, rows: Int) {
    let cursor = try Row.fetchCursor(
      db, sql: sql + " LIMIT ? OFFSET ?", arguments: StatementArguments(arguments) + [maxRows, offset])
    var json = Data("[".utf8)
    var count = 0
    while let row = try cursor.next() {
      if count > 0 { json.append(contentsOf: Array(",".utf8)) }
      json.append(try JSONSerialization.data(withJSONObject: try object(row), options: [.sortedKeys]))
      count += 1
      if json.count >= maxBytes { break }
    }
    json.append(contentsOf: Array("]".utf8))
    return (json, count)
  }

  private func object(_ row: Row) throws -> [String: Any] {
    var object: [String: Any] = [:]
    for (column, value) in row {
      if let decode = decoders[column], case .blob(let bytes) = value.storage {
        object[column] = try JSONSerialization.jsonObject(with: try decode(bytes), options: [.fragmentsAllowed])
        continue
      }
      switch value.storage {
      case .null: object[column] = NSNull()
      case .int64(let number): object[column] = Int(number)
      case .double(let number): object[column] = number
      case .string(let text):
        object[column] = jsonColumns.contains(column) ? try Self.embedded(Data(text.utf8)) : text
      case .blob(let bytes):
        object[column] = jsonColumns.contains(column) ? try Self.embedded(bytes) : bytes.base64EncodedString()
      }
    }
    return object
  }

  private static func embedded(_ bytes: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
  }
}
