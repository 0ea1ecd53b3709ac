import Foundation
import GRDB
import GymStore

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
  /// The `programs` columns in the order `init(row:)` reads them. Every fetch selects
  /// exactly these (the query interface through `databaseSelection`, SQL through
  /// `selection(_:)`), so rows are read by position: GRDB's lookup by name lowercases
  /// and compares column names on every access, a tenth of a list page's CPU.
  static let columns = [
    "rid", "id", "author_id", "name", "name_key", "description", "goal", "difficulty", "duration_weeks",
    "session_minutes", "tags", "muscles", "up_votes", "down_votes", "score", "saves", "state", "moderation_reason",
    "auto_hide_exempt", "queued_at", "version", "etag", "created_at", "updated_at",
  ]

  public static var databaseSelection: [any SQLSelectable] { columns.map { Column($0) } }

  /// The columns for an SQL select list, qualified by `alias`.
  static func selection(_ alias: String) -> String { columns.map { "\(alias).\($0)" }.joined(separator: ", ") }

  /// Days are left empty for the store to fill from their tables.
  public init(row: Row) throws {
    let json = JSONDecoder()
    rid = row[0]
    id = row[1]
    authorID = row[2]
    name = row[3]
    nameKey = row[4]
    description = row[5]
    goal = row[6]
    difficulty = row[7]
    durationWeeks = row[8]
    sessionMinutes = row[9]
    days = []
    tags = try json.decode([String].self, from: row[10] as Data)
    muscles = try json.decode([Int].self, from: row[11] as Data)
    upVotes = row[12]
    downVotes = row[13]
    score = row[14]
    saves = row[15]
    state = State(rawValue: row[16]) ?? .hidden
    moderationReason = row[17]
    autoHideExempt = row[18]
    queuedAt = row[19]
    version = row[20]
    etag = row[21]
    createdAt = row[22]
    updatedAt = row[23]
  }
}

/// A program as a viewer sees it: the row plus what depends on who reads it.
public struct ProgramView: Sendable, Equatable {
  public var program: ProgramRecord
  /// Names to show, from the projection of users; nil for an author it does not hold.
  public var author: UserProjection.User?
  /// +1, -1, or 0 when the viewer has not voted.
  public var myVote: Int
  /// Current exercise names by id, for the days.
  public var exerciseNames: [String: String]
}
