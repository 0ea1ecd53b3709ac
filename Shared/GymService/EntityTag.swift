/// HTTP entity tags (RFC 9110 §8.8.3) for files named by their SHA-256: the tag is the
/// hex digest, so the same bytes have the same tag wherever they are served from.
public enum EntityTag {
  /// The longest condition taken: a client holds a few tags, not thousands.
  public static let maxConditionBytes = 1000

  /// The ETag header's value for `sha256`.
  public static func quoted(_ sha256: String) -> String { "\"\(sha256)\"" }

  /// Whether an If-None-Match value names `sha256`: a list of tags, quoted or bare, weak
  /// or strong (If-None-Match compares weakly), or `*`.
  public static func matches(_ condition: String, _ sha256: String) -> Bool {
    guard !sha256.isEmpty else { return false }
    return condition.split(separator: ",").contains { part in
      var tag = Substring(part.trimmingCharacters(in: .whitespaces))
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
      if tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") { tag = tag.dropFirst().dropLast() }
      return tag.lowercased() == sha256.lowercased()
    }
  }
}
