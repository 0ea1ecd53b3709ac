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
}
