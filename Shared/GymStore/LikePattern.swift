/// LIKE patterns built from what a user typed: `%`, `_` and the escape character match
/// only themselves. Use with `LIKE ? ESCAPE '\\'` (the `escapeClause`).
public enum LikePattern {
  public static let escapeClause = "ESCAPE '\\'"

  public static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// Matches any text holding `text`.
  public static func containing(_ text: String) -> String { "%" + escape(text) + "%" }
}
