import Foundation
import GymAPI
import GymService
import GymStore

/// Checks a program from CreateProgram or UpdateProgram; every problem at once, named
/// by its path ("program.days[1].exercises[0].sets").
enum ProgramInput {
  static let maxDays = 7
  static let maxExercisesPerDay = 30
  static let nameBound = TextBound(characters: 100, minimum: 3)
  static let descriptionBound = TextBound(characters: 5000, bytes: 20_000)
  static let tagBound = TextBound(characters: 30, minimum: 1)
  static let dayNameBound = TextBound(characters: 60)
  static let notesBound = TextBound(characters: 500)

  /// - Parameter known: the ids among the program's exercise ids that exist.
  static func validate(_ p: Gym_Catalog_V1_Program, known: Set<String>) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    func check(_ ok: Bool, _ name: String, _ message: String) {
      if !ok { violations.append(FieldViolation("program.\(name)", message)) }
    }
    check(nameBound.allows(p.name.trimmingCharacters(in: .whitespacesAndNewlines)), "name", nameBound.rule)
    check(descriptionBound.allows(p.description_p), "description", descriptionBound.rule)
    check(
      ProtoEnumWords.isNamed(p.goal), "goal",
      "is required (STRENGTH_GOAL, HYPERTROPHY, FAT_LOSS, ENDURANCE, GENERAL_FITNESS, MOBILITY_GOAL or ATHLETIC_PERFORMANCE)")
    check(ProtoEnumWords.isNamed(p.difficulty), "difficulty", "is required (BEGINNER, INTERMEDIATE or ADVANCED)")
    check((1...52).contains(p.durationWeeks), "duration_weeks", "must be 1-52")
    check((5...300).contains(p.sessionMinutes), "session_minutes", "must be 5-300")
    let tags = p.tags.map { $0.trimmingCharacters(in: .whitespaces) }
    if let violation = tagBound.violation(tags, field: "program.tags", count: 10) { violations.append(violation) }
    if p.days.isEmpty {
      check(false, "days", "a program needs at least one day with exercises")
    }
    check(p.days.count <= maxDays, "days", "at most \(maxDays) days (one week); use duration_weeks for longer programs")
    for (d, day) in p.days.prefix(maxDays).enumerated() {
      let path = "days[\(d)]"
      check(dayNameBound.allows(day.name), "\(path).name", dayNameBound.rule)
      check(!day.exercises.isEmpty, "\(path).exercises", "every day needs at least one exercise")
      check(day.exercises.count <= maxExercisesPerDay, "\(path).exercises", "at most \(maxExercisesPerDay) exercises a day")
      for (x, item) in day.exercises.prefix(maxExercisesPerDay).enumerated() {
        let at = "\(path).exercises[\(x)]"
        if item.exerciseID.isEmpty {
          check(false, "\(at).exercise_id", "is required")
        } else if !known.contains(item.exerciseID) {
          check(
            false, "\(at).exercise_id",
            "no exercise of the public library has id '\(item.exerciseID)' (a private one must be proposed and accepted first); find one with ListExercises")
        }
        check((1...20).contains(item.sets), "\(at).sets", "must be 1-20")
        if item.durationSeconds > 0 {
          check(item.durationSeconds <= 3600, "\(at).duration_seconds", "must be 1-3600 seconds")
          check(item.repsMin == 0 && item.repsMax == 0, "\(at).reps_min", "leave reps at 0 for timed work (duration_seconds)")
        } else {
          check((1...100).contains(item.repsMin), "\(at).reps_min", "must be 1-100 (or give duration_seconds for timed work)")
          check(item.repsMax == 0 || (item.repsMin...100).contains(item.repsMax), "\(at).reps_max", "must be 0 (same as reps_min) or reps_min-100")
          check(item.durationSeconds == 0, "\(at).duration_seconds", "must not be negative")
        }
        check((0...900).contains(item.restSeconds), "\(at).rest_seconds", "must be 0-900 seconds")
        check(item.weightKg.isFinite && (0...1000).contains(item.weightKg), "\(at).weight_kg", "must be 0-1000 kg")
        check(notesBound.allows(item.notes), "\(at).notes", notesBound.rule)
      }
    }
    return violations
  }

  static func exerciseIDs(_ p: Gym_Catalog_V1_Program) -> [String] {
    Array(Set(p.days.flatMap(\.exercises).map(\.exerciseID).filter { !$0.isEmpty }))
  }

  /// The record for a valid program (ids, counts and state are the store's).
  static func record(_ p: Gym_Catalog_V1_Program, id: String, authorID: String, now: Date) -> ProgramRecord {
    let name = p.name.trimmingCharacters(in: .whitespacesAndNewlines)
    return ProgramRecord(
      id: id, authorID: authorID, name: name, description: p.description_p, goal: p.goal.rawValue,
      difficulty: p.difficulty.rawValue, durationWeeks: Int(p.durationWeeks), sessionMinutes: Int(p.sessionMinutes),
      days: p.days.map { day in
        ProgramRecord.Day(
          name: day.name.trimmingCharacters(in: .whitespaces),
          exercises: day.exercises.map {
            .init(
              exerciseID: $0.exerciseID, sets: Int($0.sets), repsMin: Int($0.repsMin),
              repsMax: $0.durationSeconds > 0 ? 0 : Int(max($0.repsMax, $0.repsMin)), durationSeconds: Int($0.durationSeconds),
              restSeconds: Int($0.restSeconds), weightKg: $0.weightKg, notes: $0.notes)
          })
      },
      tags: p.tags.map { $0.trimmingCharacters(in: .whitespaces) }, etag: ID.make(now: now), now: now)
  }
}
