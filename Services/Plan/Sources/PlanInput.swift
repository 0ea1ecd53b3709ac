import Foundation
import GymAPI
import GymService
import GymStore

/// Checks shared by plan's handlers.
enum PlanInput {
  /// A calendar date from a request; nil when unset (all zero).
  static func date(_ date: Gym_Common_V1_Date, field: String) throws(GymError) -> LocalDate? {
    if date.year == 0 && date.month == 0 && date.day == 0 { return nil }
    guard let local = LocalDate(date) else {
      throw .invalid([.init(field, "is not a real date (year 1-9999, month 1-12, a day the month has)")])
    }
    return local
  }

  static func requiredDate(_ date: Gym_Common_V1_Date, field: String) throws(GymError) -> LocalDate {
    guard let local = try Self.date(date, field: field) else { throw .invalid([.init(field, "is required")]) }
    return local
  }

  static func id(_ value: String, field: String) throws(GymError) {
    if value.isEmpty { throw .invalid([.init(field, "is required")]) }
  }
}
