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
      $0.visibility = r.isPrivate ? .private : .public
      $0.proposal = .init(rawValue: r.proposal.rawValue) ?? .unspecified
      $0.proposalNote = r.proposalNote
    }
  }

  /// A program as built per request (GetProgram and the writes' answers); list pages
  /// concatenate the same parts from stored bytes (`programElement`).
  static func program(_ view: ProgramView, viewer: CatalogStore.Viewer) -> Gym_Catalog_V1_Program {
    let r = view.program
    var message = live(
      CatalogStore.StoredProgram(
        rid: r.rid ?? 0, authorID: r.authorID, author: view.author, upVotes: r.upVotes, downVotes: r.downVotes, score: r.score,
        saves: r.saves, state: r.state, moderationReason: r.moderationReason, myVote: view.myVote, content: Data(), days: nil),
      viewer: viewer)
    content(r, exerciseNames: view.exerciseNames, into: &message)
    return message
  }

  /// One program of a list page, encoded: its stored content, its days unless left out,
  /// and the fields read per page. Fields may come in any order on the wire; a reader
  /// merges them into the same message `program(_:viewer:)` builds.
  static func programElement(_ stored: CatalogStore.StoredProgram, viewer: CatalogStore.Viewer) throws -> Data {
    var element = stored.content
    if let days = stored.days { element.append(days) }
    element.append(try live(stored, viewer: viewer).serializedBytes())
    return element
  }

  /// What a program's edits and its exercises' names decide: the stored part, days
  /// included (`CatalogMessageEncoder.proto` splits them off).
  static func content(_ r: ProgramRecord, exerciseNames: [String: String], into message: inout Gym_Catalog_V1_Program) {
    message.id = r.id
    message.name = r.name
    message.description_p = r.description
    message.goal = .init(rawValue: r.goal) ?? .unspecified
    message.difficulty = .init(rawValue: r.difficulty) ?? .unspecified
    message.durationWeeks = Int32(r.durationWeeks)
    message.sessionMinutes = Int32(r.sessionMinutes)
    message.days = r.days.map { day in
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
            $0.exerciseName = exerciseNames[entry.exerciseID] ?? ""
          }
        }
      }
    }
    message.tags = r.tags
    message.muscles = r.muscles.map { .init(rawValue: $0) ?? .unspecified }
    message.version = r.version
    message.etag = r.etag
    message.createdAt = Google_Protobuf_Timestamp(date: r.createdAt)
    message.updatedAt = Google_Protobuf_Timestamp(date: r.updatedAt)
  }

  /// What changes without an edit of the program (its author's names, votes, score,
  /// saves, state) and what depends on the viewer: never stored. Moderation details are
  /// for the author and admins only.
  static func live(_ p: CatalogStore.StoredProgram, viewer: CatalogStore.Viewer) -> Gym_Catalog_V1_Program {
    .with {
      $0.author = .with {
        $0.userID = p.authorID
        $0.username = p.author?.username ?? ""
        $0.displayName = p.author?.displayName ?? ""
      }
      $0.score = (p.score * 10_000).rounded() / 10_000
      $0.upVotes = Int32(p.upVotes)
      $0.downVotes = Int32(p.downVotes)
      $0.saves = Int32(p.saves)
      $0.myVote = vote(p.myVote)
      $0.state = state(p.state)
      if viewer.isAdmin || viewer.userID == p.authorID { $0.moderationReason = p.moderationReason }
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
