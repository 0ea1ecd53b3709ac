import Foundation

/// OpenStreetMap `opening_hours` (the part gyms use) parsed into weekly intervals:
/// day ranges and lists (`Mo-Fr`, `Sa,Su`, `Fr-Mo`), several time ranges per day,
/// ranges past midnight (`22:00-02:00`, `22:00-26:00`), `24/7`, rules separated by `;`
/// (a later rule replaces the days it names) and `,` (an additional rule), `off`/`closed`
/// (with times it closes only those times: `24/7; Mo 15:00-16:00 off`). Values are read
/// the way opening_hours.js reads real data (`Mo–Fr`, `Mo12:00`, `7-18`, `10am-8pm`,
/// `10.00`) and `normalized` gives their canonical form. Parts it cannot evaluate
/// (public holidays, months, dates, weeks, `||` fallbacks, open ends, comments, rules
/// it cannot read) are listed in `unsupported` and left out, never guessed.
public struct OpeningHours: Sendable, Equatable {
  public static let minutesPerWeek = 7 * 1440

  /// Minutes since Monday 00:00 local time; `end` may be below `start` when an
  /// interval runs past Sunday midnight into Monday.
  public struct Interval: Sendable, Equatable, Codable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
      self.start = start
      self.end = end
    }
  }

  public var text: String
  public var normalized: String
  public var intervals: [Interval]
  public var unsupported: [String]

  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Parses `text`; throws only when no rule of it can be read (empty, or not
  /// opening_hours at all). A value with one readable rule keeps it and lists the rest.
  public init(_ text: String) throws {
    self.text = text
    var unsupported: [String] = []
    // Per weekday (0 = Monday): intervals in minutes from that day's midnight; end may
    // exceed 1440 for ranges past midnight.
    var days = [[ClosedRange<Int>]](repeating: [], count: 7)
    let prepared = OpeningHoursParser.prepare(text.trimmingCharacters(in: .whitespacesAndNewlines))
    guard !prepared.isEmpty else { throw SyntaxError(description: "is empty") }

    let alternatives = prepared.components(separatedBy: "||")
    if alternatives.count > 1 { unsupported.append("'||' fallback rules") }
    var normalized = ""
    var read = 0
    var firstProblem: String? = nil
    for (ruleText, additional) in OpeningHoursParser.rules(in: alternatives[0]) {
      let rule = ruleText.trimmingCharacters(in: .whitespaces)
      if rule.isEmpty { continue }
      let rendered: String
      switch OpeningHoursParser.parseRule(rule, unsupported: &unsupported) {
      case .rule(let parsed):
        read += 1
        rendered = parsed.normalized
        Self.apply(parsed, additional: additional, to: &days)
      case .skipped(let reason):
        read += 1
        rendered = rule
        unsupported.append(reason)
      case .unreadable(let reason):
        rendered = rule
        firstProblem = firstProblem ?? reason
        unsupported.append("'\(rule)' could not be read: \(reason)")
      }
      normalized += (normalized.isEmpty ? "" : additional ? ", " : "; ") + rendered
    }
    if read == 0 { throw SyntaxError(description: firstProblem ?? "names neither days nor times") }
    for fallback in alternatives.dropFirst() {
      normalized += " || " + fallback.trimmingCharacters(in: .whitespaces)
    }

    var intervals: [Interval] = []
    for (day, ranges) in days.enumerated() {
      for range in ranges {
        let start = day * 1440 + range.lowerBound
        var end = day * 1440 + range.upperBound
        if end > Self.minutesPerWeek { end -= Self.minutesPerWeek }
        intervals.append(Interval(start: start, end: end))
      }
    }
    self.normalized = normalized
    self.intervals = Self.merge(intervals)
    self.unsupported = unsupported
  }

  /// Whether the place is open at `date`, evaluated in `timeZone` (so daylight-saving
  /// changes shift the instant, not the local opening time).
  public func isOpen(at date: Date, in timeZone: TimeZone) -> Bool {
    Self.isOpen(intervals, at: date, in: timeZone)
  }

  /// The open-only filter's test, run on every hit in the radius: no next-change times.
  public static func isOpen(_ intervals: [Interval], at date: Date, in timeZone: TimeZone) -> Bool {
    covers(intervals, weekMinute(of: date, in: timeZone))
  }

  /// Minutes since Monday 00:00 on the local clock of `timeZone` at `date`.
  static func weekMinute(of date: Date, in timeZone: TimeZone) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
    // Calendar weekday: 1 = Sunday … 7 = Saturday; ours: 0 = Monday.
    let day = ((parts.weekday ?? 1) + 5) % 7
    return day * 1440 + (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
  }

  /// Whether `minute` (since Monday 00:00) falls in one of `intervals`.
  static func covers(_ intervals: [Interval], _ minute: Int) -> Bool {
    intervals.contains { interval in
      interval.start < interval.end
        ? (interval.start..<interval.end).contains(minute)
        : minute >= interval.start || minute < interval.end
    }
  }

  /// A normal rule replaces the days it names; an additional one adds to them. An `off`
  /// rule without times closes its days; with times it closes only those times, on its
  /// days and where the day before runs past midnight into them.
  private static func apply(_ rule: OpeningHoursParser.Rule, additional: Bool, to days: inout [[ClosedRange<Int>]]) {
    let named = rule.days ?? Array(0..<7)
    if rule.off && rule.hasTimes {
      for day in named {
        for off in rule.times {
          days[day] = subtract(off.lowerBound, off.upperBound, from: days[day])
          let before = (day + 6) % 7
          days[before] = subtract(off.lowerBound + 1440, off.upperBound + 1440, from: days[before])
          if off.upperBound > 1440 {
            let after = (day + 1) % 7
            days[after] = subtract(max(0, off.lowerBound - 1440), off.upperBound - 1440, from: days[after])
          }
        }
      }
      return
    }
    for day in named {
      if !additional || rule.off { days[day] = [] }
      if !rule.off { days[day] += rule.times }
    }
  }

  /// `ranges` less the half-open span `lower..<upper`.
  private static func subtract(_ lower: Int, _ upper: Int, from ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    ranges.flatMap { range -> [ClosedRange<Int>] in
      guard range.lowerBound < upper && range.upperBound > lower else { return [range] }
      var kept: [ClosedRange<Int>] = []
      if range.lowerBound < lower { kept.append(range.lowerBound...lower) }
      if range.upperBound > upper { kept.append(upper...range.upperBound) }
      return kept
    }
  }

  /// Sorted, with overlapping or touching intervals joined.
  private static func merge(_ intervals: [Interval]) -> [Interval] {
    // Unwrap intervals that cross Sunday midnight to merge on a straight line, then
    // fold back.
    var linear = intervals.map { $0.end < $0.start ? ($0.start, $0.end + minutesPerWeek) : ($0.start, $0.end) }
    linear.sort { $0.0 < $1.0 }
    var merged: [(Int, Int)] = []
    for (start, end) in linear {
      if let last = merged.last, start <= last.1 {
        merged[merged.count - 1].1 = max(last.1, end)
      } else {
        merged.append((start, end))
      }
    }
    // A tail past the week's end that meets Monday morning joins the first interval.
    if merged.count > 1, let last = merged.last, last.1 > minutesPerWeek, last.1 - minutesPerWeek >= merged[0].0 {
      let wrappedEnd = max(last.1 - minutesPerWeek, merged[0].1)
      merged.removeFirst()
      merged[merged.count - 1].1 = wrappedEnd + minutesPerWeek
    }
    return merged.map { start, end in
      if end - start >= minutesPerWeek { return Interval(start: 0, end: minutesPerWeek) }
      return Interval(start: start, end: end > minutesPerWeek ? end - minutesPerWeek : end)
    }
  }
}
