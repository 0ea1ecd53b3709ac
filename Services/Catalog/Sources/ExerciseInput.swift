import Foundation
import GymAPI
import GymService
import GymStore

/// Checks an exercise from a request or an import and turns it into a record; every
/// problem is reported at once, named by its field.
struct ExerciseInput {
  static let slugCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
  static let nameBound = TextBound(characters: 80, minimum: 2)
  static let aliasBound = TextBound(characters: 80)
  static let descriptionBound = TextBound(characters: 2000)
  static let stepBound = TextBound(characters: 500)
  static let captionBound = TextBound(characters: 200)

  let record: ExerciseRecord
  let searchFacets: String

  /// - Parameters:
  ///   - field: the request's name for the exercise ("exercise").
  ///   - ownerID: set for a private exercise, which needs only a name: a member adding
  ///     the machine at their gym knows what it is called, not always what a library
  ///     entry holds (the library's rules apply when it is proposed to it).
  static func validate(
    _ e: Gym_Catalog_V1_Exercise, field: String = "exercise", id: String, authorID: String, ownerID: String = "", now: Date
  ) -> Result<ExerciseInput, GymError> {
    let library = ownerID.isEmpty
    var violations: [FieldViolation] = []
    func check(_ ok: Bool, _ name: String, _ message: String) {
      if !ok { violations.append(FieldViolation("\(field).\(name)", message)) }
    }
    let name = e.name.trimmingCharacters(in: .whitespacesAndNewlines)
    check(nameBound.allows(name), "name", nameBound.rule)
    // A private slug ends in part of the random id: private names never claim a slug
    // the library may want, nor collide between owners.
    let slug = ownerID.isEmpty ? (e.slug.isEmpty ? Self.slug(from: name) : e.slug) : Self.privateSlug(name: name, id: id)
    check(isSlug(slug), "slug", "must be 2-80 of a-z, 0-9 and '-' (leave empty to derive it from the name)")
    let aliases = e.aliases.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if let violation = aliasBound.violation(aliases, field: "\(field).aliases", count: 10) { violations.append(violation) }
    check(descriptionBound.allows(e.description_p), "description", descriptionBound.rule)
    let steps = e.instructions.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    check((library ? 1 : 0)...20 ~= steps.count, "instructions", library ? "give 1-20 steps, in order" : "give at most 20 steps")
    check(steps.allSatisfy(stepBound.allows), "instructions", "each step \(stepBound.rule)")
    let mistakes = e.commonMistakes.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    if let violation = stepBound.violation(mistakes, field: "\(field).common_mistakes", count: 20) { violations.append(violation) }
    check(!library || !e.primaryMuscles.isEmpty, "primary_muscles", "name at least one muscle the exercise trains")
    check(e.primaryMuscles.allSatisfy(ProtoEnumWords.isNamed), "primary_muscles", "holds a value that is not a Muscle")
    check(e.secondaryMuscles.allSatisfy(ProtoEnumWords.isNamed), "secondary_muscles", "holds a value that is not a Muscle")
    check(
      Set(e.primaryMuscles).isDisjoint(with: e.secondaryMuscles), "secondary_muscles", "must not repeat a primary muscle")
    check(!library || !e.equipment.isEmpty, "equipment", "name at least one piece (BODYWEIGHT when none is needed)")
    check(e.equipment.allSatisfy(ProtoEnumWords.isNamed), "equipment", "holds a value that is not an Equipment")
    check(
      ProtoEnumWords.isNamed(e.category) || (!library && e.category == .unspecified), "category",
      "is required (STRENGTH, CARDIO, PLYOMETRIC, STRETCHING, MOBILITY, OLYMPIC_LIFTING, CALISTHENICS)")
    check(
      ProtoEnumWords.isNamed(e.difficulty) || (!library && e.difficulty == .unspecified), "difficulty",
      "is required (BEGINNER, INTERMEDIATE or ADVANCED)")
    check(e.media.count <= 10, "media", "at most 10 items")
    for (index, item) in e.media.enumerated() {
      check(WebURL.isValid(item.url, maxBytes: 500), "media[\(index)].url", "must be an http(s) URL of at most 500 bytes")
      check(ProtoEnumWords.isNamed(item.type), "media[\(index)].type", "must be IMAGE or VIDEO")
      check(captionBound.allows(item.caption), "media[\(index)].caption", captionBound.rule)
    }
    guard violations.isEmpty else { return .failure(.invalid(violations)) }
    let record = ExerciseRecord(
      rid: nil, id: id, slug: slug, name: name, nameKey: name.folded, aliases: aliases, description: e.description_p,
      instructions: steps, commonMistakes: mistakes, primaryMuscles: e.primaryMuscles.map(\.rawValue),
      secondaryMuscles: e.secondaryMuscles.map(\.rawValue), equipment: Array(Set(e.equipment.map(\.rawValue))).sorted(),
      category: e.category.rawValue, difficulty: e.difficulty.rawValue,
      media: e.media.map { .init(type: $0.type.rawValue, url: $0.url, caption: $0.caption) },
      authorID: authorID, createdAt: now, updatedAt: now, etag: ID.make(now: now), ownerID: ownerID)
    return .success(ExerciseInput(record: record, searchFacets: ProtoEnumWords.searchFacets(e)))
  }

  static func isSlug(_ slug: String) -> Bool {
    (2...80).contains(slug.count) && slug.allSatisfy(slugCharacters.contains) && !slug.hasPrefix("-") && !slug.hasSuffix("-")
  }

  /// "Cable Fly (My Gym)" → "cable-fly-my-gym-3f9a0c1d2e4b": unique by its id's random tail.
  static func privateSlug(name: String, id: String) -> String {
    let base = String(slug(from: name).prefix(60))
    let tail = String(id.filter(\.isHexDigit).suffix(12))
    return base.isEmpty ? "x-\(tail)" : "\(base)-\(tail)"
  }

  /// "Barbell Bench Press (Wide)" → "barbell-bench-press-wide".
  static func slug(from name: String) -> String {
    name.folded.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }.joined(separator: "-")
  }
}
