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
    return a == b
  }
}

extension ExerciseRecord {
  /// Reads columns directly; the generic Codable row decoder costs more than the query.
  public init(row: Row) throws {
    let json = JSONDecoder()
    rid = row["rid"]
    id = row["id"]
    slug = row["slug"]
    name = row["name"]
    nameKey = row["name_key"]
    aliases = try json.decode([String].self, from: row["aliases"] as Data)
    description = row["description"]
    instructions = try json.decode([String].self, from: row["instructions"] as Data)
    commonMistakes = try json.decode([String].self, from: row["common_mistakes"] as Data)
    primaryMuscles = try json.decode([Int].self, from: row["primary_muscles"] as Data)
    secondaryMuscles = try json.decode([Int].self, from: row["secondary_muscles"] as Data)
    equipment = try json.decode([Int].self, from: row["equipment"] as Data)
    category = row["category"]
    difficulty = row["difficulty"]
    media = try json.decode([MediaItem].self, from: row["media"] as Data)
    authorID = row["author_id"]
    createdAt = row["created_at"]
    updatedAt = row["updated_at"]
    etag = row["etag"]
  }
}
