import Foundation
import GRDB

/// A row of `exercises`. Enumerations (muscles, equipment, category, difficulty, media
/// type) are stored as their proto numbers; lists as JSON.
public struct ExerciseRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "exercises"

  public struct MediaItem: Codable, Sendable, Equatable {
    public var type: Int
    public var url: String
    public var caption: String

    public init(type: Int, url: String, caption: String) {
      self.type = type
      self.url = url
      self.caption = caption
    }
  }

  public var rid: Int64?
  public var id: String
  public var slug: String
  public var name: String
  public var nameKey: String
  public var aliases: [String]
  public var description: String
  public var instructions: [String]
  public var commonMistakes: [String]
  public var primaryMuscles: [Int]
  public var secondaryMuscles: [Int]
  public var equipment: [Int]
  public var category: Int
  public var difficulty: Int
  public var media: [MediaItem]
  public var authorID: String
  public var createdAt: Date
  public var updatedAt: Date
  public var etag: String
  /// Empty for the public library; else the one user who sees and uses it.
  public var ownerID: String = ""
  public var proposal: Proposal = .none
  /// The owner's note while pending; the administrator's reason once declined.
  public var proposalNote: String = ""
  public var proposedAt: Date? = nil

  /// Where a private exercise's request to join the library stands (the proto's numbers).
  public enum Proposal: Int, Codable, Sendable {
    case none = 0
    case pending = 1
    case declined = 2
  }

  public var isPrivate: Bool { !ownerID.isEmpty }

  /// Public exercises are everyone's; a private one only its owner's.
  public func visible(to userID: String) -> Bool { ownerID.isEmpty || ownerID == userID }

  enum CodingKeys: String, CodingKey {
    case rid, id, slug, name
    case nameKey = "name_key"
    case aliases, description, instructions
    case commonMistakes = "common_mistakes"
    case primaryMuscles = "primary_muscles"
    case secondaryMuscles = "secondary_muscles"
    case equipment, category, difficulty, media
    case authorID = "author_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case etag
    case ownerID = "owner_id"
    case proposal
    case proposalNote = "proposal_note"
    case proposedAt = "proposed_at"
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    rid = inserted.rowID
  }

  /// True when the content (not ids, times or etag) is the same: imports that change
  /// nothing leave the row alone.
  public func sameContent(as other: ExerciseRecord) -> Bool {
    var a = self, b = other
    (a.rid, a.id, a.createdAt, a.updatedAt, a.etag, a.authorID) = (nil, "", .distantPast, .distantPast, "", "")
    (b.rid, b.id, b.createdAt, b.updatedAt, b.etag, b.authorID) = (nil, "", .distantPast, .distantPast, "", "")
    (a.proposal, a.proposalNote, a.proposedAt) = (.none, "", nil)
    (b.proposal, b.proposalNote, b.proposedAt) = (.none, "", nil)
    return a == b
  }
}

extension ExerciseRecord {
  /// The `exercises` columns in the order `init(row:)` reads them by position (see
  /// `ProgramRecord.columns`: lookups by name cost more than the query).
  static let columns = [
    "rid", "id", "slug", "name", "name_key", "aliases", "description", "instructions", "common_mistakes",
    "primary_muscles", "secondary_muscles", "equipment", "category", "difficulty", "media", "author_id", "created_at",
    "updated_at", "etag", "owner_id", "proposal", "proposal_note", "proposed_at",
  ]

  public static var databaseSelection: [any SQLSelectable] { columns.map { Column($0) } }

  public init(row: Row) throws {
    let json = JSONDecoder()
    rid = row[0]
    id = row[1]
    slug = row[2]
    name = row[3]
    nameKey = row[4]
    aliases = try json.decode([String].self, from: row[5] as Data)
    description = row[6]
    instructions = try json.decode([String].self, from: row[7] as Data)
    commonMistakes = try json.decode([String].self, from: row[8] as Data)
    primaryMuscles = try json.decode([Int].self, from: row[9] as Data)
    secondaryMuscles = try json.decode([Int].self, from: row[10] as Data)
    equipment = try json.decode([Int].self, from: row[11] as Data)
    category = row[12]
    difficulty = row[13]
    media = try json.decode([MediaItem].self, from: row[14] as Data)
    authorID = row[15]
    createdAt = row[16]
    updatedAt = row[17]
    etag = row[18]
    ownerID = row[19]
    proposal = Proposal(rawValue: row[20]) ?? .none
    proposalNote = row[21]
    proposedAt = row[22]
  }
}
