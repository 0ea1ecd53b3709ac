import Foundation
import GRDB
import GymStore

/// Calories and macronutrients: a day's targets, a meal, or a food entry.
public struct Macros: Codable, Sendable, Equatable {
  public var kcal: Double
  public var proteinG: Double
  public var carbsG: Double
  public var fatG: Double

  public init(kcal: Double, proteinG: Double, carbsG: Double, fatG: Double) {
    self.kcal = kcal
    self.proteinG = proteinG
    self.carbsG = carbsG
    self.fatG = fatG
  }

  public static let zero = Macros(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)

  /// Atwater factors: 4 kcal per gram of protein and of carbohydrate, 9 per gram of fat.
  public var caloriesFromMacros: Double { 4 * proteinG + 4 * carbsG + 9 * fatG }

  public static func + (a: Macros, b: Macros) -> Macros {
    Macros(kcal: a.kcal + b.kcal, proteinG: a.proteinG + b.proteinG, carbsG: a.carbsG + b.carbsG, fatG: a.fatG + b.fatG)
  }
}

/// A nutrition plan as stored: one owner's document.
public struct NutritionPlanRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "nutrition_plans"

  public struct Meal: Codable, Sendable, Equatable {
    public var minuteOfDay: Int
    public var name: String
    public var description: String
    public var macros: Macros

    public init(minuteOfDay: Int, name: String, description: String, macros: Macros) {
      self.minuteOfDay = minuteOfDay
      self.name = name
      self.description = description
      self.macros = macros
    }
  }

  public struct Day: Codable, Sendable, Equatable {
    /// ISO weekday, Monday 1 … Sunday 7.
    public var weekday: Int
    public var meals: [Meal]

    public init(weekday: Int, meals: [Meal]) {
      self.weekday = weekday
      self.meals = meals
    }
  }

  public var rid: Int64?
  public var id: String
  public var ownerID: String
  public var name: String
  public var targets: Macros
  public var days: [Day]
  public var active: Bool
  /// The trainer who assigned this copy; that trainer may read and edit it.
  public var assignedBy: String?
  public var version: Int64
  public var createdAt: Date
  public var updatedAt: Date

  public init(id: String, ownerID: String, name: String, targets: Macros, days: [Day], active: Bool, now: Date) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.targets = targets
    self.days = days
    self.active = active
    version = 1
    createdAt = now
    updatedAt = now
  }

  public var etag: String { "\(id.suffix(6))-\(version)" }

  enum CodingKeys: String, CodingKey {
    case rid, id, name, targets, days, active, version
    case ownerID = "owner_id"
    case assignedBy = "assigned_by"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { rid = inserted.rowID }
}

/// A row of `food_log`.
public struct FoodEntryRecord: Sendable, Equatable {
  public var id: String
  public var ownerID: String
  public var date: LocalDate
  public var meal: String
  public var description: String
  public var macros: Macros
  public var loggedAt: Date

  public init(id: String, ownerID: String, date: LocalDate, meal: String, description: String, macros: Macros, loggedAt: Date) {
    self.id = id
    self.ownerID = ownerID
    self.date = date
    self.meal = meal
    self.description = description
    self.macros = macros
    self.loggedAt = loggedAt
  }
}
