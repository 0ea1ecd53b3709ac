/// Small pieces of JSON text, written by hand where a whole encoder is not wanted: log
/// lines, the gateway's transcoding, export files.
public enum JSONText {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  public static func quoted(_ text: some StringProtocol) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        out += "\\u00" + String(c.value >> 4, radix: 16) + String(c.value & 0xF, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
