import GymAPI
import GymStore

/// `gym.common.v1.Date` is a `LocalDate` on the wire: every service reads and writes
/// calendar days through these two.
extension LocalDate {
  /// The day a request names; nil unless it is a real date (an unset date, all zero, is not).
  public init?(_ date: Gym_Common_V1_Date) {
    self.init(year: Int(date.year), month: Int(date.month), day: Int(date.day))
  }

  public var proto: Gym_Common_V1_Date {
    .with {
      $0.year = Int32(year)
      $0.month = Int32(month)
      $0.day = Int32(day)
    }
  }

  /// A calendar date from a request; nil when unset (all zero).
  public static func optional(_ date: Gym_Common_V1_Date, field: String) throws(GymError) -> LocalDate? {
    if date.year == 0 && date.month == 0 && date.day == 0 { return nil }
    guard let local = LocalDate(date) else {
      throw .invalid([.init(field, "is not a real date (year 1-9999, month 1-12, a day the month has)")])
    }
    return local
  }

  public static func required(_ date: Gym_Common_V1_Date, field: String) throws(GymError) -> LocalDate {
    guard let local = try optional(date, field: field) else { throw .invalid([.init(field, "is required")]) }
    return local
  }
}
