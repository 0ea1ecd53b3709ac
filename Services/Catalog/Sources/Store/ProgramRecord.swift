import Foundation
import GRDB

/// A row of `programs` with its days (rows of `program_days` and `program_entries`,
/// written and read by the store). Counts and score are maintained by the vote
/// transactions.
public struct ProgramRecord: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "programs"

  public enum State: Int, Sendable {
    case visible = 1
    case hidden = 2
    case removed = 3
  }

  public struct Day: Sendable, Equatable {
    public var name: String
    public var exercises: [Entry]

    public init(name: String, exercises: [Entry]) {
      self.name = name
      self.exercises = exercises
    }
  }

  public struct Entry: Sendable, Equatable {
    public var exerciseID: String
    public var sets: Int
    public var repsMin: Int
    public var repsMax: Int
    public var durationSeconds: Int
    public var restSeconds: Int
    public var weightKg: Double
    public var notes: String

    public init(
      exerciseID: String, sets: Int, repsMin: Int, repsMax: Int, durationSeconds: Int, restSeconds: Int, weightKg: Double,
      notes: String
    ) {
      self.exerciseID = exerciseID
      self.sets = sets
      self.repsMin = repsMin
      self.repsMax = repsMax
      self.durationSeconds = durationSeconds
      self.restSeconds = restSeconds
      self.weightKg = weightKg
      self.notes = notes
    }
  }

  public var rid: Int64?
  public var id: String
  public var authorID: String
  public var name: String
  public var nameKey: String
  public var description: String
  public var goal: Int
  public var difficulty: Int
  public var durationWeeks: Int
  public var sessionMinutes: Int
  public var days: [Day]
  public var tags: [String]
  /// Primary muscles of its exercises, derived on every write.
  public var muscles: [Int]
  public var upVotes = 0
  public var downVotes = 0
  public var score = 0.0
  public var saves = 0
  public var state = State.visible
  public var moderationReason = ""
  public var autoHideExempt = false
  public var queuedAt: Date?
  public var version: Int64
  public var etag: String
  public var createdAt: Date
  public var updatedAt: Date

  /// A new program's content; counts, score and state start empty, the store fills `rid`.
  public init(
    id: String, authorID: String, name: String, description: String, goal: Int, difficulty: Int, durationWeeks: Int,
    sessionMinutes: Int, days: [Day], tags: [String], etag: String, now: Date
  ) {
    self.id = id
    self.authorID = authorID
    self.name = name
    self.nameKey = name.folded
    self.description = description
    self.goal = goal
    self.difficulty = difficulty
    self.durationWeeks = durationWeeks
    self.sessionMinutes = sessionMinutes
    self.days = days
    self.tags = tags
    self.muscles = []
    self.version = 1
    self.etag = etag
    self.createdAt = now
    self.updatedAt = now
  }

  /// The `programs` columns; days are written by the store into their own tables.
  public func encode(to container: inout PersistenceContainer) throws {
    let json = JSONEncoder()
    container["rid"] = rid
    container["id"] = id
    container["author_id"] = authorID
    container["name"] = name
    container["name_key"] = nameKey
    container["description"] = description
    container["goal"] = goal
    container["difficulty"] = difficulty
    container["duration_weeks"] = durationWeeks
    container["session_minutes"] = sessionMinutes
    container["tags"] = String(decoding: try json.encode(tags), as: UTF8.self)
    container["muscles"] = String(decoding: try json.encode(muscles), as: UTF8.self)
    container["up_votes"] = upVotes
    container["down_votes"] = downVotes
    container["score"] = score
    container["saves"] = saves
    container["state"] = state.rawValue
    container["moderation_reason"] = moderationReason
    container["auto_hide_exempt"] = autoHideExempt
    container["queued_at"] = queuedAt
    container["version"] = version
    container["etag"] = etag
    container["created_at"] = createdAt
    container["updated_at"] = updatedAt
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    rid = inserted.rowID
  }

  /// Every exercise id the program uses, first use first, without repeats.
  public var exerciseIDs: [String] {
    var seen = Set<String>()
    return days.flatMap(\.exercises).map(\.exerciseID).filter { seen.insert($0).inserted }
  }
}

extension ProgramRecord {
  /// Reads columns directly: lists page through thousands of rows a second, and the
  /// generic Codable row decoder costs several times the query. Days are left empty
  /// for the store to fill from their tables.
  public init(row: Row) throws {
    let json = JSONDecoder()
    rid = row["rid"]
    id = row["id"]
    authorID = row["author_id"]
    name = row["name"]
    nameKey = row["name_key"]
    description = row["description"]
    goal = row["goal"]
    difficulty = row["difficulty"]
    durationWeeks = row["duration_weeks"]
    sessionMinutes = row["session_minutes"]
    days = []
    tags = try json.decode([String].self, from: row["tags"] as Data)
    muscles = try json.decode([Int].self, from: row["muscles"] as Data)
    upVotes = row["up_votes"]
    downVotes = row["down_votes"]
    score = row["score"]
    saves = row["saves"]
    state = State(rawValue: row["state"]) ?? .hidden
    moderationReason = row["moderation_reason"]
    autoHideExempt = row["auto_hide_exempt"]
    queuedAt = row["queued_at"]
    version = row["version"]
    etag = row["etag"]
    createdAt = row["created_at"]
    updatedAt = row["updated_at"]
  }
}

/// A program as a viewer sees it: the row plus what depends on who reads it.
public struct ProgramView: Sendable, Equatable {
  public var program: ProgramRecord
  public var author: AuthorRecord?
  /// +1, -1, or 0 when the viewer has not voted.
  public var myVote: Int
  /// Current exercise names by id, for the days.
  public var exerciseNames: [String: String]
}
