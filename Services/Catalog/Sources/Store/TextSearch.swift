import Foundation

/// Turns what a user types into an FTS5 query: every word must match, each as a
/// prefix ("squat dumb" finds "Dumbbell Goblet Squat"). Words are quoted, so FTS5
/// syntax in the input (`*`, `"`, `NEAR`, `-`) is only ever text.
public enum TextSearch {
  public static let maximumLength = 200

  /// nil when the text holds no searchable word.
  public static func matchQuery(_ text: String) -> String? {
    let words = words(text)
    guard !words.isEmpty else { return nil }
    return words.map { "\"\($0)\"*" }.joined(separator: " ")
  }

  /// The folded words of the text (at most 12).
  public static func words(_ text: String) -> [String] {
    Array(text.folded.split { !($0.isLetter || $0.isNumber) }.prefix(12).map(String.init))
  }
}

extension String {
  /// Lower case without accents: the key that names sort on and searches compare.
  public var folded: String {
    folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
  }
}
