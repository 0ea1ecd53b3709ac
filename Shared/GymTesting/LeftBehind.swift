import Foundation
import GRDB

/// One row a deleted user left behind in a service's database: its table, the columns
/// that mention the user, and the whole row for the failure message.
public struct LeftBehind: Sendable, Equatable, CustomStringConvertible {
  public var table: String
  public var columns: [String]
  public var row: String

  public var description: String { "\(table) [\(columns.joined(separator: ", "))]: \(row)" }

  /// Every row of every table of the SQLite file at `path` in which any column holds one
  /// of `needles` anywhere in its bytes: an id, a username, an email or a piece of text,
  /// also inside JSON documents and protobuf payloads. Tables are read from
  /// `sqlite_master`, so a table added later is searched without changing any test.
  /// Virtual tables (FTS5, R*Tree) are read through themselves, not their shadow tables.
  public static func rows(mentioning needles: [String], inDatabaseAt path: String) throws -> [LeftBehind] {
    var configuration = Configuration()
    configuration.readonly = true
    let database = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? database.close() }
    return try database.read { db in
      let tables = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .map { (name: $0["name"] as String, sql: ($0["sql"] as String?) ?? "") }
      let virtual = tables.filter { $0.sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") }.map(\.name)
      var found: [LeftBehind] = []
      for table in tables.map(\.name) {
        if table.hasPrefix("sqlite_") || table == "grdb_migrations" { continue }
        if virtual.contains(where: { table.hasPrefix($0 + "_") }) { continue }
        let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]).map { $0["name"] as String }
        guard !columns.isEmpty else { continue }
        let tests = columns.flatMap { column in
          needles.map { _ in "instr(CAST(\(column.quotedDatabaseIdentifier) AS BLOB), CAST(? AS BLOB)) > 0" }
        }
        let arguments = StatementArguments(columns.flatMap { _ in needles })
        let rows = try Row.fetchAll(
          db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) WHERE \(tests.joined(separator: " OR "))", arguments: arguments)
        for row in rows {
          var mentioning: [String] = []
          var shown: [String] = []
          for column in columns {
            let bytes = Self.bytes(row[column] as DatabaseValue)
            if needles.contains(where: { bytes.range(of: Data($0.utf8)) != nil }) { mentioning.append(column) }
            shown.append("\(column)=\(String(decoding: bytes.prefix(80), as: UTF8.self))")
          }
          found.append(LeftBehind(table: table, columns: mentioning, row: shown.joined(separator: " ")))
        }
      }
      return found
    }
  }

  private static func bytes(_ value: DatabaseValue) -> Data {
    switch value.storage {
    case .null: Data()
    case .int64(let number): Data(String(number).utf8)
    case .double(let number): Data(String(number).utf8)
    case .string(let text): Data(text.utf8)
    case .blob(let data): data
    }
  }
}
