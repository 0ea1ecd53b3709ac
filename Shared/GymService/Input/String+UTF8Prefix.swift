extension String {
  /// At most `limit` UTF-8 bytes of whole characters, so a cut never leaves half of a
  /// multi-byte sequence (a single character longer than `limit` is dropped whole).
  public func prefix(utf8Bytes limit: Int) -> String {
    guard utf8.count > limit else { return self }
    var result = ""
    var bytes = 0
    for character in self {
      let length = character.utf8.count
      guard bytes + length <= limit else { break }
      result.append(character)
      bytes += length
    }
    return result
  }

  /// `prefix(utf8Bytes:)` marked with "…" when something was cut; at most `limit` bytes.
  public func truncated(utf8Bytes limit: Int) -> String {
    utf8.count <= limit ? self : prefix(utf8Bytes: limit - 3) + "…"
  }
}
