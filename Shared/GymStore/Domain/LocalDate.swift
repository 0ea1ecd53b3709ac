import Foundation

/// A calendar day with no time zone, stored as "YYYY-MM-DD" (which sorts by date).
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  /// nil unless the three make a real date between years 1 and 9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
    var components = DateComponents(year: year, month: month, day: day)
    components.calendar = Self.utc
    guard components.isValidDate else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  public init?(_ text: String) {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, text.count == 10 else { return nil }
    self.init(year: parts[0], month: parts[1], day: parts[2])
  }

  /// The day `instant` falls on in `zone`.
  public init(_ instant: Date, in zone: TimeZone) {
    var calendar = Self.utc
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    year = parts.year!
    month = parts.month!
    day = parts.day!
  }

  /// Days since 1970-01-01 (negative before).
  public init(daysSinceEpoch: Int) {
    self.init(Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400), in: Self.utc.timeZone)
  }

  public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

  public var daysSinceEpoch: Int {
    Int((midnightUTC.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// ISO weekday: Monday 1 … Sunday 7.
  public var isoWeekday: Int {
    // 1970-01-01 was a Thursday (4).
    ((daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1
  }

  public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

  /// The instant at `minuteOfDay` local time in `zone`. A time skipped by a daylight-saving
  /// change moves forward by the gap (02:30 on a spring-forward night is 03:30), as
  /// phones' alarms do; a repeated time takes its first occurrence.
  public func instant(atMinute minuteOfDay: Int, in zone: TimeZone) -> Date {
    var calendar = Self.utc
    calendar.timeZone = zone
    let components = DateComponents(year: year, month: month, day: day, hour: minuteOfDay / 60, minute: minuteOfDay % 60)
    return calendar.date(from: components) ?? midnightUTC.addingTimeInterval(Double(minuteOfDay) * 60)
  }

  public static func < (a: LocalDate, b: LocalDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  private var midnightUTC: Date {
    Self.utc.date(from: DateComponents(year: year, month: month, day: day))!
  }

  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  // Stored and compared as text.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let date = LocalDate(text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
    }
    self = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
