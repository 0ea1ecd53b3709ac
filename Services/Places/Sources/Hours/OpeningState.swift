import Foundation

/// Whether a place is open at an instant and when that next changes, from its weekly
/// intervals in its own time zone.
public struct OpeningState: Sendable, Equatable {
  public var open: Bool
  /// When open: the next instant it closes; nil when it never does (24/7).
  public var closesAt: Date?
  /// When closed: the next instant it opens; nil when it has no opening times.
  public var opensAt: Date?

  public init(open: Bool, closesAt: Date? = nil, opensAt: Date? = nil) {
    self.open = open
    self.closesAt = closesAt
    self.opensAt = opensAt
  }

  public init(_ intervals: [OpeningHours.Interval], at date: Date, in timeZone: TimeZone) {
    let week = OpeningHours.minutesPerWeek
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let minute = OpeningHours.weekMinute(of: date, in: timeZone)
    let minuteOfDay = minute % 1440
    open = OpeningHours.covers(intervals, minute)

    // Minutes of local clock time ahead of `minute` until `boundary`, 1...week.
    func ahead(_ boundary: Int) -> Int {
      let delta = ((boundary - minute) % week + week) % week
      return delta == 0 ? week : delta
    }
    // The instant the local clock shows `minutes` after now's minute: counted in
    // wall-clock days and times, so a daylight-saving change in between moves the
    // instant and not the local time the place opens or closes.
    func instant(_ minutes: Int) -> Date? {
      let target = minuteOfDay + minutes
      guard let day = calendar.date(byAdding: .day, value: target / 1440, to: calendar.startOfDay(for: date)) else {
        return nil
      }
      return calendar.date(bySettingHour: target % 1440 / 60, minute: target % 60, second: 0, of: day)
    }
    if open {
      // Intervals that touch (Sunday 24:00 and Monday 00:00) do not close it.
      let closing = intervals.map { ahead($0.end) }.sorted().first { !OpeningHours.covers(intervals, (minute + $0) % week) }
      closesAt = closing.flatMap(instant)
    } else {
      opensAt = intervals.map { ahead($0.start) }.min().flatMap(instant)
    }
  }
}
