import GymAPI
import SwiftProtobuf

/// The closed vocabularies of the proto (muscles, equipment, categories, levels):
/// which values are real, and the words a search should find them by.
enum ProtoEnumWords {
  /// "lowerBack" → "lower back"; "ezBar" → "ez bar".
  static func words<E: SwiftProtobuf.Enum>(_ value: E) -> String {
    var text = ""
    for character in String(describing: value) {
      if character.isUppercase { text += " " }
      text += character.lowercased()
    }
    return text
  }

  /// A named value of the enum: not unspecified (0), not a number the proto does not
  /// define (which decodes as UNRECOGNIZED and is not among `allCases`).
  static func isNamed<E: SwiftProtobuf.Enum & CaseIterable>(_ value: E) -> Bool {
    value.rawValue != 0 && E.allCases.contains(value)
  }

  /// Words indexed for an exercise's facets, so a search for "dumbbell", "hamstrings"
  /// or "stretching" finds exercises whose name does not say so.
  static func searchFacets(_ e: Gym_Catalog_V1_Exercise) -> String {
    (e.primaryMuscles.map(words) + e.secondaryMuscles.map(words) + e.equipment.map(words) + [words(e.category)])
      .joined(separator: " ")
  }
}
