import Foundation
import GRDB
import GymStore

/// A workout session with its items and their logged sets, as the store returns it.
public struct SessionRecord: Sendable, Equatable {
  public enum State: Int, Sendable, Codable {
    case active = 1
    case finished = 2
    case abandoned = 3
  }
  public enum ItemState: Int, Sendable, Codable {
    case pending = 1
    case done = 2
    case skipped = 3
  }

  /// What a set was for: warm-ups count toward nothing (never `counted`).
  public enum SetType: Int, Sendable, Equatable, CaseIterable {
    case warmUp = 1
    case working = 2
    case drop = 3
    case failure = 4
  }

  public struct LoggedSet: Sendable, Equatable {
    public var reps: Int
    public var weightKg: Double
    public var rpe: Double
    public var durationSeconds: Int
    public var notes: String
    public var loggedAt: Date
    public var type: SetType
    /// The set's rowid once stored (0 before): its id in the API.
    public var id: Int64

    public init(
      reps: Int, weightKg: Double, rpe: Double = 0, durationSeconds: Int = 0, notes: String = "", loggedAt: Date,
      type: SetType = .working, id: Int64 = 0
    ) {
      self.reps = reps
      self.weightKg = weightKg
      self.rpe = rpe
      self.durationSeconds = durationSeconds
      self.notes = notes
      self.loggedAt = loggedAt
      self.type = type
      self.id = id
    }
  }

  public struct Item: Sendable, Equatable {
    public var id: String
    public var exerciseID: String
    public var plannedSets: [RoutineRecord.PlannedSet]
    public var loggedSets: [LoggedSet]
    public var state: ItemState
    public var notes: String
    /// 0 = none; items with the same number form a superset.
    public var superset: Int

    public init(
      id: String, exerciseID: String, plannedSets: [RoutineRecord.PlannedSet], loggedSets: [LoggedSet] = [],
      state: ItemState = .pending, notes: String = "", superset: Int = 0
    ) {
      self.id = id
      self.exerciseID = exerciseID
      self.plannedSets = plannedSets
      self.loggedSets = loggedSets
      self.state = state
      self.notes = notes
      self.superset = superset
    }
  }

  public struct Summary: Sendable, Equatable {
    public var durationSeconds: Int
    public var exercisesDone: Int
    public var exercisesTotal: Int
    public var sets: Int
    public var reps: Int
    public var volumeKg: Double
    public var newRecords: [PersonalRecord]
  }

  public var id: String
  public var ownerID: String
  public var state: State
  public var routineID: String?
  public var dayIndex: Int
  public var name: String
  public var items: [Item]
  public var startedAt: Date
  public var endedAt: Date?
  public var localDate: LocalDate
  public var notes: String
  /// Finished sessions only.
  public var summary: Summary?
}

/// A best value of one kind for one exercise.
public struct PersonalRecord: Sendable, Equatable, Codable {
  public enum Kind: Int, Sendable, Codable, CaseIterable {
    case estimatedOneRepMax = 1
    case maxWeight = 2
    case maxReps = 3
    case maxVolume = 4
  }

  public var exerciseID: String
  public var kind: Kind
  public var value: Double
  /// 0 when this is the first.
  public var previous: Double
  public var achievedAt: Date

  public init(exerciseID: String, kind: Kind, value: Double, previous: Double, achievedAt: Date) {
    self.exerciseID = exerciseID
    self.kind = kind
    self.value = value
    self.previous = previous
    self.achievedAt = achievedAt
  }
}
