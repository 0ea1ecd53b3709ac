import Foundation
import GymService
import GymStore

/// When a schedule entry happens: weekly on some ISO weekdays, or once on a date, at a
/// local time of day. Occurrences are computed in the owner's zone day by day, so a
/// 07:00 workout stays at 07:00 local across daylight-saving changes.
public struct ScheduleRule: Sendable, Equatable {
  public enum Repeat: Sendable, Equatable {
    /// ISO weekdays, Monday 1 … Sunday 7.
    case weekly(Set<Int>)
    case once(LocalDate)
  }

  public var repeats: Repeat
  public var minuteOfDay: Int
  public var reminderMinutesBefore: Int

  public init(repeats: Repeat, minuteOfDay: Int, reminderMinutesBefore: Int) {
    self.repeats = repeats
    self.minuteOfDay = minuteOfDay
    self.reminderMinutesBefore = reminderMinutesBefore
  }

  public struct Occurrence: Sendable, Equatable {
    public var date: LocalDate
    public var startsAt: Date
    public var remindAt: Date?
  }

  /// Every occurrence from `from` through `to` (local days, inclusive), in order.
  public func occurrences(from: LocalDate, through to: LocalDate, in zone: TimeZone) -> [Occurrence] {
    let dates: [LocalDate]
    switch repeats {
    case .once(let date):
      dates = (from...to).contains(date) ? [date] : []
    case .weekly(let weekdays):
      guard !weekdays.isEmpty else { return [] }
      dates = (from.daysSinceEpoch...max(from.daysSinceEpoch, to.daysSinceEpoch))
        .map(LocalDate.init(daysSinceEpoch:))
        .filter { $0 <= to && weekdays.contains($0.isoWeekday) }
    }
    return dates.map { date in
      let start = date.instant(atMinute: minuteOfDay, in: zone)
      return Occurrence(
        date: date, startsAt: start,
        remindAt: reminderMinutesBefore > 0 ? start.addingTimeInterval(-Double(reminderMinutesBefore) * 60) : nil)
    }
  }

  /// The first occurrence whose reminder is at or after `instant` (after it, when
  /// `strictly`); nil without a reminder or when none is left (a single date passed).
  public func firstReminder(from instant: Date, strictly: Bool = false, in zone: TimeZone) -> Occurrence? {
    guard reminderMinutesBefore > 0 else { return nil }
    let candidates: [Occurrence]
    switch repeats {
    case .once(let date):
      candidates = occurrences(from: date, through: date, in: zone)
    case .weekly:
      // A reminder precedes its workout by at most a week and a weekly rule recurs within
      // one, so these days always hold the next reminder.
      let day = LocalDate(instant, in: zone)
      candidates = occurrences(from: day.adding(days: -1), through: day.adding(days: 15), in: zone)
    }
    return candidates.first { occurrence in
      guard let remind = occurrence.remindAt else { return false }
      return strictly ? remind > instant : remind >= instant
    }
  }

  /// Weekdays as stored: bit (weekday − 1).
  public static func bits(_ weekdays: Set<Int>) -> Int { weekdays.reduce(0) { $0 | 1 << ($1 - 1) } }
  public static func weekdays(bits: Int) -> Set<Int> { Set((1...7).filter { bits & 1 << ($0 - 1) != 0 }) }
}
