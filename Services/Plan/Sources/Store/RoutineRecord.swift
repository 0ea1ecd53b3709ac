import Foundation
import GRDB

/// A routine as stored: one owner's document, days as JSON.
public struct RoutineRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "routines"

  public struct PlannedSet: Codable, Sendable, Equatable {
    public var targetReps: Int
    public var targetWeightKg: Double
    public var targetDurationSeconds: Int
    public var restSeconds: Int

    public init(targetReps: Int, targetWeightKg: Double, targetDurationSeconds: Int = 0, restSeconds: Int = 0) {
      self.targetReps = targetReps
      self.targetWeightKg = targetWeightKg
      self.targetDurationSeconds = targetDurationSeconds
      self.restSeconds = restSeconds
    }
  }

  public struct Exercise: Codable, Sendable, Equatable {
    public var exerciseID: String
    public var sets: [PlannedSet]
    public var notes: String
    /// 0 = the default for the exercise's equipment.
    public var incrementKg: Double
    /// 0 = none; exercises of a day with the same number form a superset.
    public var superset: Int

    public init(exerciseID: String, sets: [PlannedSet], notes: String = "", incrementKg: Double = 0, superset: Int = 0) {
      self.exerciseID = exerciseID
      self.sets = sets
      self.notes = notes
      self.incrementKg = incrementKg
      self.superset = superset
    }

    enum CodingKeys: String, CodingKey { case exerciseID, sets, notes, incrementKg, superset }

    // Routines stored before supersets have no `superset` key.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      exerciseID = try container.decode(String.self, forKey: .exerciseID)
      sets = try container.decode([PlannedSet].self, forKey: .sets)
      notes = try container.decode(String.self, forKey: .notes)
      incrementKg = try container.decode(Double.self, forKey: .incrementKg)
      superset = try container.decodeIfPresent(Int.self, forKey: .superset) ?? 0
    }
  }

  public struct Day: Codable, Sendable, Equatable {
    public var name: String
    public var exercises: [Exercise]

    public init(name: String, exercises: [Exercise]) {
      self.name = name
      self.exercises = exercises
    }
  }

  public var rid: Int64?
  public var id: String
  public var ownerID: String
  public var name: String
  public var description: String
  public var days: [Day]
  public var sourceProgramID: String?
  public var sourceProgramVersion: Int64?
  public var publishedProgramID: String?
  /// The trainer who assigned this copy; that trainer may read and edit it.
  public var assignedBy: String?
  public var version: Int64
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: String, ownerID: String, name: String, description: String, days: [Day], sourceProgramID: String? = nil,
    sourceProgramVersion: Int64? = nil, now: Date
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.description = description
    self.days = days
    self.sourceProgramID = sourceProgramID
    self.sourceProgramVersion = sourceProgramVersion
    version = 1
    createdAt = now
    updatedAt = now
  }

  public var etag: String { "\(id.suffix(6))-\(version)" }

  /// Every exercise id the routine uses, once each, in order of first use.
  public var exerciseIDs: [String] {
    var seen: Set<String> = []
    return days.flatMap(\.exercises).map(\.exerciseID).filter { seen.insert($0).inserted }
  }

  enum CodingKeys: String, CodingKey {
    case rid, id, name, description, days, version
    case ownerID = "owner_id"
    case sourceProgramID = "source_program_id"
    case sourceProgramVersion = "source_program_version"
    case publishedProgramID = "published_program_id"
    case assignedBy = "assigned_by"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { rid = inserted.rowID }
}
