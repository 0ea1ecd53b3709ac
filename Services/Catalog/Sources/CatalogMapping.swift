import Foundation
import GymAPI
import SwiftProtobuf

/// Records → proto messages.
enum CatalogMapping {
  static func exercise(_ r: ExerciseRecord) -> Gym_Catalog_V1_Exercise {
    .with {
      $0.id = r.id
      $0.slug = r.slug
      $0.name = r.name
      $0.aliases = r.aliases
      $0.description_p = r.description
      $0.instructions = r.instructions
      $0.commonMistakes = r.commonMistakes
      $0.primaryMuscles = r.primaryMuscles.map { .init(rawValue: $0) ?? .unspecified }
      $0.secondaryMuscles = r.secondaryMuscles.map { .init(rawValue: $0) ?? .unspecified }
      $0.equipment = r.equipment.map { .init(rawValue: $0) ?? .unspecified }
      $0.category = .init(rawValue: r.category) ?? .unspecified
      $0.difficulty = .init(rawValue: r.difficulty) ?? .unspecified
      $0.media = r.media.map { item in
        .with {
          $0.type = .init(rawValue: item.type) ?? .unspecified
          $0.url = item.url
          $0.caption = item.caption
        }
      }
      $0.authorID = r.authorID
      $0.createdAt = Google_Protobuf_Timestamp(date: r.createdAt)
      $0.updatedAt = Google_Protobuf_Timestamp(date: r.updatedAt)
      $0.etag = r.etag
    }
  }

  /// Moderation details are for the author and admins only.
  static func program(_ view: ProgramView, viewer: CatalogStore.Viewer) -> Gym_Catalog_V1_Program {
    let r = view.program
    return .with {
      $0.id = r.id
      $0.name = r.name
      $0.description_p = r.description
      $0.goal = .init(rawValue: r.goal) ?? .unspecified
      $0.difficulty = .init(rawValue: r.difficulty) ?? .unspecified
      $0.durationWeeks = Int32(r.durationWeeks)
      $0.sessionMinutes = Int32(r.sessionMinutes)
      $0.days = r.days.map { day in
        .with {
          $0.name = day.name
          $0.exercises = day.exercises.map { entry in
            .with {
              $0.exerciseID = entry.exerciseID
              $0.sets = Int32(entry.sets)
              $0.repsMin = Int32(entry.repsMin)
              $0.repsMax = Int32(entry.repsMax)
              $0.durationSeconds = Int32(entry.durationSeconds)
              $0.restSeconds = Int32(entry.restSeconds)
              $0.weightKg = entry.weightKg
              $0.notes = entry.notes
              $0.exerciseName = view.exerciseNames[entry.exerciseID] ?? ""
            }
          }
        }
      }
      $0.tags = r.tags
      $0.author = .with {
        $0.userID = r.authorID
        $0.username = view.author?.username ?? ""
        $0.displayName = view.author?.displayName ?? ""
      }
      $0.score = (r.score * 10_000).rounded() / 10_000
      $0.upVotes = Int32(r.upVotes)
      $0.downVotes = Int32(r.downVotes)
      $0.saves = Int32(r.saves)
      $0.myVote = vote(view.myVote)
      $0.muscles = r.muscles.map { .init(rawValue: $0) ?? .unspecified }
      $0.state = state(r.state)
      if viewer.isAdmin || viewer.userID == r.authorID { $0.moderationReason = r.moderationReason }
      $0.version = r.version
      $0.etag = r.etag
      $0.createdAt = Google_Protobuf_Timestamp(date: r.createdAt)
      $0.updatedAt = Google_Protobuf_Timestamp(date: r.updatedAt)
    }
  }

  static func vote(_ value: Int) -> Gym_Catalog_V1_Vote {
    switch value {
    case 1: .up
    case -1: .down
    default: .unspecified
    }
  }

  static func state(_ state: ProgramRecord.State) -> Gym_Catalog_V1_ProgramState {
    switch state {
    case .visible: .visible
    case .hidden: .hidden
    case .removed: .removed
    }
  }
}
