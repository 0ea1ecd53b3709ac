import Foundation
import GymService
import GymStore

/// The name an attachment is shown and saved under, made safe once at upload: other
/// members' apps offer it as a file name, so it must not climb directories, hide its
/// real extension behind a right-to-left override ("evil\u{202E}gpj.exe" reads as
/// "evilexe.jpg"), or carry control characters into a terminal or a log.
enum AttachmentFilename {
  /// The longest name most file systems accept, in UTF-8 bytes.
  static let maximumBytes = 255

  /// Only the last path component, without control or format characters (Unicode
  /// categories Cc and Cf: NUL, newlines, bidi overrides and isolates, zero-width marks)
  /// or line and paragraph separators, trimmed and cut to `maximumBytes`. An empty
  /// name stays empty (the client gave none); a name that becomes empty, "." or ".."
  /// is refused under `field`.
  static func sanitized(_ name: String, field: String) throws(GymError) -> String {
    guard !name.isEmpty else { return "" }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: name.unicodeScalars.filter { !isHidden($0) })
    // Backslash too: a Windows client saves "..\..\x" as a path just the same.
    let last = String(scalars).split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map { String($0) } ?? ""
    let trimmed = last.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed != ".", trimmed != ".." else {
      throw .invalid([.init(field, "is not a file name once path separators and control characters are removed")])
    }
    return trimmed.prefix(utf8Bytes: maximumBytes)
  }

  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
