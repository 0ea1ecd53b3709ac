import GymStore

/// The bound on one user string: characters (grapheme clusters, what a person counts)
/// and UTF-8 bytes (what is stored and sent). Characters alone do not bound size: "a"
/// followed by 450,000 combining accents is one character and 900 KB, and enough such
/// objects on one page pass the response limit, so every user string has both.
public struct TextBound: Sendable, Equatable {
  /// The fewest characters (0: may be empty).
  public var minimum: Int
  public var characters: Int
  public var bytes: Int

  /// `bytes` defaults to 4 × `characters`: room for any character of one to four bytes
  /// (emoji, CJK), not for stacks of combining marks.
  public init(characters: Int, bytes: Int? = nil, minimum: Int = 0) {
    self.minimum = minimum
    self.characters = characters
    self.bytes = bytes ?? 4 * characters
  }

  /// Whether `value` is within both bounds. Bytes are checked first: counting the
  /// characters of a huge string walks all of it.
  public func allows(_ value: String) -> Bool {
    let length = value.utf8.count
    guard length <= bytes else { return false }
    if minimum == 0 && length <= characters { return true }
    let count = value.count
    return count >= minimum && count <= characters
  }

  /// What a valid value is, for violations and proto comments:
  /// "must be at most 80 characters and 320 bytes (UTF-8)".
  public var rule: String {
    minimum > 0
      ? "must be \(minimum) to \(characters) characters and at most \(bytes) bytes (UTF-8)"
      : "must be at most \(characters) characters and \(bytes) bytes (UTF-8)"
  }

  /// A violation for `field` when `value` is out of bounds, else nil.
  public func violation(_ value: String, field: String) -> FieldViolation? {
    allows(value) ? nil : FieldViolation(field, rule)
  }

  /// A violation for a list of strings: at most `count` of them, each within the bound.
  public func violation(_ values: [String], field: String, count: Int) -> FieldViolation? {
    values.count <= count && values.allSatisfy(allows) ? nil : FieldViolation(field, "at most \(count), each of which \(rule)")
  }
}
