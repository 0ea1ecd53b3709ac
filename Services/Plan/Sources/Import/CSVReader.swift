import Foundation

private let quote = UInt8(ascii: "\"")
private let comma = UInt8(ascii: ",")
private let semicolon = UInt8(ascii: ";")
private let lf = UInt8(ascii: "\n")
private let cr = UInt8(ascii: "\r")

/// RFC 4180 records: quoted fields may hold delimiters, doubled quotes and line breaks; a record
/// ends at CRLF, LF or CR; a UTF-8 BOM at the start is ignored; blank lines are skipped.
/// It reads bytes, not Characters, because Swift makes CRLF one Character; quotes and delimiters
/// are ASCII, so multi-byte UTF-8 passes through untouched.
struct CSVReader {
  struct Record {
    var line: Int  // 1-based line where the record starts
    var fields: [String]
  }

  /// Comma or semicolon: whichever the header line uses more, because Strong writes both.
  let delimiter: UInt8
  private(set) var records: [Record] = []

  /// More than `maxRows` records after the header is `tooLarge`, thrown as soon as it is seen
  /// so that a huge upload is not held in memory; a quote never closed is `malformed`.
  init(_ text: String, maxRows: Int) throws(WorkoutCSV.Failure) {
    let bytes = Array(text.utf8)
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    delimiter = Self.delimiter(of: bytes[i...])
    var line = 1
    while i < bytes.count {
      let start = line
      var fields: [String] = [], field: [UInt8] = [], quoted = false, fresh = true
      record: while i < bytes.count {
        let b = bytes[i]
        i += 1
        if quoted {
          if b != quote {
            if b == lf { line += 1 }
            field.append(b)
          } else if i < bytes.count, bytes[i] == quote {
            field.append(quote)
            i += 1
          } else {
            quoted = false
          }
        } else if b == quote, fresh {
          quoted = true
          fresh = false
        } else if b == delimiter {
          fields.append(String(decoding: field, as: UTF8.self))
          field = []
          fresh = true
        } else if b == lf || b == cr {
          if b == cr, i < bytes.count, bytes[i] == lf { i += 1 }
          line += 1
          break record
        } else {
          field.append(b)  // a stray quote inside an unquoted field is kept as text
          fresh = false
        }
      }
      if quoted { throw .malformed(line: start, reason: "a quoted field is never closed") }
      fields.append(String(decoding: field, as: UTF8.self))
      if fields.count == 1, fields[0].allSatisfy(\.isWhitespace) { continue }
      records.append(Record(line: start, fields: fields))
      if records.count - 1 > maxRows { throw .tooLarge(limit: maxRows) }
    }
  }

  private static func delimiter(of header: ArraySlice<UInt8>) -> UInt8 {
    var commas = 0, semicolons = 0, quoted = false
    for b in header {
      if b == quote {
        quoted.toggle()
      } else if !quoted {
        if b == lf || b == cr { break }
        if b == comma { commas += 1 } else if b == semicolon { semicolons += 1 }
      }
    }
    return semicolons > commas ? semicolon : comma
  }
}
