import Foundation
import GymAPI
import SwiftProtobuf

/// Domain → proto for plan's responses. Every kilogram goes out in pounds beside it.
enum PlanMapping {
  static func routine(_ record: RoutineRecord, names: [String: String]) -> Gym_Plan_V1_Routine {
    .with {
      $0.id = record.id
      $0.name = record.name
      $0.description_p = record.description
      $0.days = record.days.map { day in
        .with {
          $0.name = day.name
          $0.exercises = day.exercises.map { exercise in
            .with {
              $0.exerciseID = exercise.exerciseID
              $0.exerciseName = names[exercise.exerciseID] ?? ""
              $0.sets = exercise.sets.map(plannedSet)
              $0.notes = exercise.notes
              $0.incrementKg = exercise.incrementKg
              $0.incrementLb = Imperial.pounds(exercise.incrementKg)
              $0.superset = Int32(exercise.superset)
            }
          }
        }
      }
      $0.sourceProgramID = record.sourceProgramID ?? ""
      $0.sourceProgramVersion = record.sourceProgramVersion ?? 0
      $0.publishedProgramID = record.publishedProgramID ?? ""
      $0.assignedBy = record.assignedBy ?? ""
      $0.version = record.version
      $0.etag = record.etag
      $0.createdAt = .init(date: record.createdAt)
      $0.updatedAt = .init(date: record.updatedAt)
    }
  }

  static func plannedSet(_ set: RoutineRecord.PlannedSet) -> Gym_Plan_V1_PlannedSet {
    .with {
      $0.targetReps = Int32(set.targetReps)
      $0.targetWeightKg = set.targetWeightKg
      $0.targetWeightLb = Imperial.pounds(set.targetWeightKg)
      $0.targetDurationSeconds = Int32(set.targetDurationSeconds)
      $0.restSeconds = Int32(set.restSeconds)
    }
  }

  static func time(minuteOfDay: Int) -> Gym_Common_V1_TimeOfDay {
    .with {
      $0.hours = Int32(minuteOfDay / 60)
      $0.minutes = Int32(minuteOfDay % 60)
    }
  }

  static func session(_ session: SessionRecord, names: [String: String]) -> Gym_Plan_V1_Session {
    .with {
      $0.id = session.id
      $0.state =
        switch session.state {
        case .active: .active
        case .finished: .finished
        case .abandoned: .abandoned
        }
      $0.routineID = session.routineID ?? ""
      $0.dayIndex = Int32(session.dayIndex)
      $0.name = session.name
      $0.items = session.items.map { Self.item($0, names: names) }
      $0.startedAt = .init(date: session.startedAt)
      if let ended = session.endedAt { $0.endedAt = .init(date: ended) }
      $0.notes = session.notes
      if let summary = session.summary { $0.summary = self.summary(summary, names: names) }
    }
  }

  static func item(_ item: SessionRecord.Item, names: [String: String]) -> Gym_Plan_V1_SessionItem {
    .with {
      $0.id = item.id
      $0.exerciseID = item.exerciseID
      $0.exerciseName = names[item.exerciseID] ?? ""
      $0.plannedSets = item.plannedSets.map(plannedSet)
      $0.loggedSets = item.loggedSets.map(loggedSet)
      $0.state =
        switch item.state {
        case .pending: .pending
        case .done: .done
        case .skipped: .skipped
        }
      $0.notes = item.notes
      $0.superset = Int32(item.superset)
    }
  }

  static func loggedSet(_ set: SessionRecord.LoggedSet) -> Gym_Plan_V1_LoggedSet {
    .with {
      $0.reps = Int32(set.reps)
      $0.weightKg = set.weightKg
      $0.weightLb = Imperial.pounds(set.weightKg)
      $0.rpe = set.rpe
      $0.durationSeconds = Int32(set.durationSeconds)
      $0.notes = set.notes
      $0.loggedAt = .init(date: set.loggedAt)
      if set.id > 0 { $0.id = String(set.id) }
      $0.type =
        switch set.type {
        case .warmUp: .warmUp
        case .working: .working
        case .drop: .drop
        case .failure: .failure
        }
    }
  }

  static func summary(_ summary: SessionRecord.Summary, names: [String: String]) -> Gym_Plan_V1_SessionSummary {
    .with {
      $0.durationSeconds = Int32(summary.durationSeconds)
      $0.exercisesDone = Int32(summary.exercisesDone)
      $0.exercisesTotal = Int32(summary.exercisesTotal)
      $0.sets = Int32(summary.sets)
      $0.reps = Int32(summary.reps)
      $0.volumeKg = summary.volumeKg
      $0.volumeLb = Imperial.pounds(summary.volumeKg)
      $0.newRecords = summary.newRecords.map { record($0, names: names) }
    }
  }

  static func record(_ record: PersonalRecord, names: [String: String]) -> Gym_Plan_V1_PersonalRecord {
    .with {
      $0.exerciseID = record.exerciseID
      $0.exerciseName = names[record.exerciseID] ?? ""
      $0.kind =
        switch record.kind {
        case .estimatedOneRepMax: .estimatedOneRepMax
        case .maxWeight: .maxWeight
        case .maxReps: .maxReps
        case .maxVolume: .maxVolume
        }
      $0.value = record.value
      $0.previous = record.previous
      if record.kind != .maxReps {
        $0.valueLb = Imperial.pounds(record.value)
        $0.previousLb = Imperial.pounds(record.previous)
      }
      $0.achievedAt = .init(date: record.achievedAt)
    }
  }
}
