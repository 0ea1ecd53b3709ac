import Foundation

/// OpenStreetMap `opening_hours` (the part gyms use) parsed into weekly intervals:
/// day ranges and lists (`Mo-Fr`, `Sa,Su`, `Fr-Mo`), several time ranges per day,
/// ranges past midnight (`22:00-02:00`), `24/7`, `off`/`closed`, rules separated by `;`
/// (a later rule replaces the days it names) and `,` (an additional rule). Parts it
/// cannot evaluate (public holidays, months, dates, weeks, `||` fallbacks, open ends,
/// comments) are listed in `unsupported` and left out, never guessed.
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
  public var intervals: [Interval]
  public var unsupported: [String]

  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Parses `text`; throws only for text that is not opening_hours at all.
  public init(_ text: String) throws {
    self.text = text
    var unsupported: [String] = []
    // Per weekday (0 = Monday): intervals in minutes from that day's midnight; end may
    // exceed 1440 for ranges past midnight.
    var days = [[ClosedRange<Int>]](repeating: [], count: 7)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw SyntaxError(description: "is empty") }

    if trimmed.contains("||") {
      unsupported.append("'||' fallback rules")
    }
    for (ruleText, additional) in Self.rules(in: trimmed.components(separatedBy: "||")[0]) {
      let rule = ruleText.trimmingCharacters(in: .whitespaces)
      if rule.isEmpty { continue }
      let parsed = try Self.parseRule(rule, unsupported: &unsupported)
      guard let parsed else { continue }
      for day in parsed.days {
        if !additional { days[day] = [] }
        if parsed.off { days[day] = [] } else { days[day] += parsed.times }
      }
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
    self.intervals = Self.merge(intervals)
    self.unsupported = unsupported
  }

  /// Whether the place is open at `date`, evaluated in `timeZone` (so daylight-saving
  /// changes shift the instant, not the local opening time).
  public func isOpen(at date: Date, in timeZone: TimeZone) -> Bool {
    Self.isOpen(intervals, at: date, in: timeZone)
  }

  public static func isOpen(_ intervals: [Interval], at date: Date, in timeZone: TimeZone) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
    // Calendar weekday: 1 = Sunday … 7 = Saturday; ours: 0 = Monday.
    let day = ((parts.weekday ?? 1) + 5) % 7
    let minute = day * 1440 + (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    return intervals.contains { interval in
      interval.start < interval.end
        ? (interval.start..<interval.end).contains(minute)
        : minute >= interval.start || minute < interval.end
    }
  }

  // MARK: Parsing

  private static let weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

  /// Splits on `;` (normal rules) and on `,` that starts a new day selector after a
  /// rule already has its times (additional rules): `Mo-Fr 06:00-22:00, Sa 08:00-20:00`
  /// is two rules, `Mo,We 10:00-12:00` and `Mo 06:00-12:00,14:00-20:00` are one.
  private static func rules(in text: String) -> [(String, Bool)] {
    var result: [(String, Bool)] = []
    for normal in text.split(separator: ";", omittingEmptySubsequences: true) {
      var current = ""
      var additional = false
      for (index, piece) in normal.split(separator: ",", omittingEmptySubsequences: false).map(String.init).enumerated() {
        let next = piece.trimmingCharacters(in: .whitespaces)
        let currentHasTimes = current.split(separator: " ").contains { token in
          startsWithTime(String(token)) || ["off", "closed", "24/7"].contains(token.lowercased())
        }
        if index > 0 && currentHasTimes && startsWithSelector(next) && !startsWithTime(next) {
          result.append((current, additional))
          current = piece
          additional = true
        } else {
          current += (index > 0 ? "," : "") + piece
        }
      }
      result.append((current, additional))
    }
    return result
  }

  private static func startsWithSelector(_ text: String) -> Bool {
    weekdays.contains { text.hasPrefix($0) } || text.hasPrefix("PH") || text.hasPrefix("SH")
      || ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].contains { text.hasPrefix($0) }
      || text.first?.isNumber == true && text.count >= 4 && !startsWithTime(text)
  }

  private static func startsWithTime(_ text: String) -> Bool {
    let chars = Array(text)
    return chars.count >= 5 && chars[0].isNumber && chars[1].isNumber && chars[2] == ":"
  }

  private struct Rule {
    var days: [Int]
    var times: [ClosedRange<Int>]
    var off: Bool
  }

  /// nil when the rule only names things that cannot be evaluated (recorded in `unsupported`).
  private static func parseRule(_ rule: String, unsupported: inout [String]) throws -> Rule? {
    if rule == "24/7" { return Rule(days: Array(0..<7), times: [0...1440], off: false) }
    var rest = Substring(rule)
    if let quote = rest.firstIndex(of: "\"") {
      unsupported.append("comment \(rest[quote...])")
      rest = rest[..<quote]
    }
    var tokens = rest.split(separator: " ").map(String.init)
    var off = false
    if let last = tokens.last?.lowercased(), last == "off" || last == "closed" {
      off = true
      tokens.removeLast()
    } else if let last = tokens.last?.lowercased(), last == "open" {
      tokens.removeLast()
    }
    var days: [Int]? = nil
    var times: [ClosedRange<Int>] = []
    var skipped = false
    for token in tokens {
      if startsWithTime(token) {
        times += try parseTimes(token, unsupported: &unsupported)
      } else if let selected = parseDays(token, unsupported: &unsupported) {
        days = (days ?? []) + selected
      } else if token == "24/7" {
        times.append(0...1440)
      } else if isKnownUnsupported(token) {
        skipped = true
      } else {
        throw SyntaxError(description: "'\(token)' in rule '\(rule)' is neither days (Mo-Fr) nor times (06:00-22:00)")
      }
    }
    if skipped {
      // e.g. "Dec 25 off", "Jan-Mar Mo 10:00-12:00": the whole rule is conditional on
      // something we cannot evaluate; applying it to every day would misread it.
      unsupported.append("'\(rule)' (months, dates or events are not evaluated)")
      return nil
    }
    if days == nil && times.isEmpty && !off {
      if tokens.isEmpty { return nil }
      throw SyntaxError(description: "rule '\(rule)' names neither days nor times")
    }
    if days?.isEmpty == true { return nil }  // only PH/SH were named
    if !off && times.isEmpty { times = [0...1440] }  // "Mo-Fr" alone = all day
    return Rule(days: days ?? Array(0..<7), times: times, off: off)
  }

  /// Valid opening_hours this parser does not evaluate: months, dates, years, weeks,
  /// holidays, variable times.
  private static func isKnownUnsupported(_ token: String) -> Bool {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return months.contains { token.hasPrefix($0) } || token.allSatisfy(\.isNumber)
      || ["week", "easter", "sunrise", "sunset", "dawn", "dusk", "PH", "SH"].contains { token.hasPrefix($0) }
  }

  /// `Mo-Fr,Su` → [0,1,2,3,4,6]; nil when the token is not a day selector.
  private static func parseDays(_ token: String, unsupported: inout [String]) -> [Int]? {
    var result: [Int] = []
    var sawAny = false
    for part in token.split(separator: ",") {
      let text = String(part)
      if text == "PH" || text == "SH" {
        unsupported.append(text == "PH" ? "public holidays (PH)" : "school holidays (SH)")
        sawAny = true
        continue
      }
      if text.contains("[") {
        unsupported.append("nth weekday '\(text)'")
        sawAny = true
        continue
      }
      let ends = text.split(separator: "-").map(String.init)
      guard (1...2).contains(ends.count), let first = weekdays.firstIndex(of: ends[0]) else { return nil }
      sawAny = true
      if ends.count == 1 {
        result.append(first)
      } else {
        guard let last = weekdays.firstIndex(of: ends[1]) else { return nil }
        var day = first
        while true {
          result.append(day)
          if day == last { break }
          day = (day + 1) % 7
        }
      }
    }
    return sawAny ? result : nil
  }

  /// `06:00-12:00,14:00-22:00` → minute ranges; `22:00-02:00` → 1320...1560.
  private static func parseTimes(_ token: String, unsupported: inout [String]) throws -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for part in token.split(separator: ",") {
      if part.hasSuffix("+") {
        unsupported.append("open end '\(part)'")
        continue
      }
      let ends = part.split(separator: "-")
      guard ends.count == 2, let start = minutes(ends[0]), let end = minutes(ends[1]), start < 1440 else {
        throw SyntaxError(description: "'\(part)' is not a time range like 06:00-22:00")
      }
      let adjustedEnd = end <= start ? end + 1440 : end
      guard adjustedEnd - start <= 1440 else {
        throw SyntaxError(description: "'\(part)' is longer than a day")
      }
      ranges.append(start...adjustedEnd)
    }
    return ranges
  }

  private static func minutes(_ text: Substring) -> Int? {
    let parts = text.split(separator: ":")
    guard parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
      (0...48).contains(hours), (0..<60).contains(minutes)
    else { return nil }
    let total = hours * 60 + minutes
    return total <= 2880 ? total : nil
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
