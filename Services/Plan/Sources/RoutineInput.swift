import Foundation
import GymAPI
import GymService
import GymStore

/// Validates a routine from a request into stored days, naming every bad field.
enum RoutineInput {
  struct Valid {
    var name: String
    var description: String
    var days: [RoutineRecord.Day]
    /// Field of each exercise id's first use, to name unknown ones.
    var exerciseFields: [String: String]
  }

  static let nameBound = TextBound(characters: 100, minimum: 1)
  static let descriptionBound = TextBound(characters: 5000, bytes: 20_000)
  static let dayNameBound = TextBound(characters: 60)
  static let notesBound = TextBound(characters: 500)

  static func validate(_ routine: Gym_Plan_V1_Routine, field prefix: String = "routine") throws(GymError) -> Valid {
    var violations: [FieldViolation] = []
    let name = routine.name.trimmingCharacters(in: .whitespacesAndNewlines)
    if let violation = Self.nameBound.violation(name, field: "\(prefix).name") { violations.append(violation) }
    if let violation = Self.descriptionBound.violation(routine.description_p, field: "\(prefix).description") { violations.append(violation) }
    if routine.days.isEmpty || routine.days.count > 7 { violations.append(.init("\(prefix).days", "must have 1 to 7 days")) }
    var fields: [String: String] = [:]
    var days: [RoutineRecord.Day] = []
    for (d, day) in routine.days.prefix(7).enumerated() {
      let dayField = "\(prefix).days[\(d)]"
      if let violation = Self.dayNameBound.violation(day.name, field: "\(dayField).name") { violations.append(violation) }
      if day.exercises.isEmpty || day.exercises.count > 30 {
        violations.append(.init("\(dayField).exercises", "a day needs 1 to 30 exercises"))
      }
      var exercises: [RoutineRecord.Exercise] = []
      for (e, exercise) in day.exercises.prefix(30).enumerated() {
        let field = "\(dayField).exercises[\(e)]"
        if exercise.exerciseID.isEmpty {
          violations.append(.init("\(field).exercise_id", "is required"))
        } else if fields[exercise.exerciseID] == nil {
          fields[exercise.exerciseID] = "\(field).exercise_id"
        }
        if exercise.sets.isEmpty || exercise.sets.count > 20 { violations.append(.init("\(field).sets", "needs 1 to 20 sets")) }
        if let violation = Self.notesBound.violation(exercise.notes, field: "\(field).notes") { violations.append(violation) }
        let increment = Imperial.kilograms(
          exercise.incrementKg, field: "\(field).increment_kg", exercise.incrementLb, twin: "\(field).increment_lb")
        if let violation = increment.violation { violations.append(violation) }
        if !increment.value.isFinite || increment.value < 0 || increment.value > 50 {
          violations.append(.init(increment.field, "must be from 0 to 50 kg (110.23 lb; 0 = the default for the equipment)"))
        }
        let sets = exercise.sets.prefix(20).enumerated().map { s, set in
          let setField = "\(field).sets[\(s)]"
          violations += plannedSetViolations(set, field: setField)
          return plannedSet(set)
        }
        exercises.append(
          .init(
            exerciseID: exercise.exerciseID, sets: sets, notes: exercise.notes, incrementKg: increment.value,
            superset: Int(exercise.superset)))
      }
      violations += Superset.violations(day.exercises.prefix(30).map(\.superset)) { "\(dayField).exercises[\($0)].superset" }
      days.append(.init(name: day.name.isEmpty ? "Day \(d + 1)" : day.name, exercises: exercises))
    }
    guard violations.isEmpty else { throw .invalid(violations) }
    return Valid(name: name, description: routine.description_p, days: days, exerciseFields: fields)
  }

  static func plannedSetViolations(_ set: Gym_Plan_V1_PlannedSet, field: String) -> [FieldViolation] {
    var violations: [FieldViolation] = []
    if !(0...100).contains(set.targetReps) { violations.append(.init("\(field).target_reps", "must be 0 to 100")) }
    let weight = targetWeight(set, field: field)
    if let violation = weight.violation { violations.append(violation) }
    if !weight.value.isFinite || !(0...1000).contains(weight.value) {
      violations.append(.init(weight.field, "must be 0 to 1000 kg (2204.62 lb)"))
    }
    if !(0...36000).contains(set.targetDurationSeconds) {
      violations.append(.init("\(field).target_duration_seconds", "must be 0 to 36000 seconds"))
    }
    if set.targetReps == 0 && set.targetDurationSeconds == 0 {
      violations.append(.init("\(field)", "needs target_reps or, for a timed set, target_duration_seconds"))
    }
    if !(0...3600).contains(set.restSeconds) { violations.append(.init("\(field).rest_seconds", "must be 0 to 3600 seconds")) }
    return violations
  }

  static func targetWeight(_ set: Gym_Plan_V1_PlannedSet, field: String) -> Imperial.Reading {
    Imperial.kilograms(set.targetWeightKg, field: "\(field).target_weight_kg", set.targetWeightLb, twin: "\(field).target_weight_lb")
  }

  static func plannedSet(_ set: Gym_Plan_V1_PlannedSet) -> RoutineRecord.PlannedSet {
    .init(
      targetReps: Int(set.targetReps), targetWeightKg: targetWeight(set, field: "").value, targetDurationSeconds: Int(set.targetDurationSeconds),
      restSeconds: Int(set.restSeconds))
  }
}
