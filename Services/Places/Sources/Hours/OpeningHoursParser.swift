import Foundation

/// Reads the rules of an `opening_hours` value for `OpeningHours`, accepting the
/// variants opening_hours.js accepts (with a warning there) and rendering each rule in
/// its normalised form.
enum OpeningHoursParser {
  static let weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

  /// Day names real data uses besides the two-letter ones, lower-cased.
  private static let dayAliases: [String: Int] = {
    var aliases: [String: Int] = [:]
    let names = [
      ["mo", "mon", "monday"], ["tu", "tue", "tues", "tuesday"], ["we", "wed", "wednesday"],
      ["th", "thu", "thur", "thurs", "thursday"], ["fr", "fri", "friday"], ["sa", "sat", "saturday"],
      ["su", "sun", "sunday"],
    ]
    for (day, spellings) in names.enumerated() {
      for spelling in spellings { aliases[spelling] = day }
    }
    return aliases
  }()

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  struct Rule {
    /// nil: every day.
    var days: [Int]?
    /// Minutes from the day's midnight; the upper bound may pass 1440.
    var times: [ClosedRange<Int>]
    /// Whether the rule wrote times (`Mo-Fr` alone means all day).
    var hasTimes: Bool
    var off: Bool
    var normalized: String
  }

  enum Outcome {
    case rule(Rule)
    /// Valid, but conditional on something not evaluated (months, dates, holidays).
    case skipped(String)
    case unreadable(String)
  }

  /// Text-level fixes outside comments: dashes of any kind become `-` with no spaces
  /// around them, and a day name runs into its times (`Mo12:00`) gets its space.
  static func prepare(_ text: String) -> String {
    var out: [Character] = []
    var inQuote = false
    let chars = Array(text)
    var index = 0
    while index < chars.count {
      var char = chars[index]
      index += 1
      if char == "\"" { inQuote.toggle() }
      if inQuote || char == "\"" {
        out.append(char)
        continue
      }
      if "–—−‐‑".contains(char) { char = "-" }
      if char == "-" {
        while out.last == " " { out.removeLast() }
        out.append(char)
        while index < chars.count, chars[index] == " " { index += 1 }
        continue
      }
      if char.isNumber, let last = out.last, last.isLetter {
        let letters = String(out.reversed().prefix { $0.isLetter }.reversed()).lowercased()
        if dayAliases[letters] != nil { out.append(" ") }
      }
      out.append(char)
    }
    return String(out)
  }

  /// Splits on `;` (normal rules) and on `,` that starts a new day selector after a
  /// rule already has its times (additional rules): `Mo-Fr 06:00-22:00, Sa 08:00-20:00`
  /// is two rules, `Mo,We 10:00-12:00` and `Mo 06:00-12:00,14:00-20:00` are one.
  static func rules(in text: String) -> [(String, Bool)] {
    var result: [(String, Bool)] = []
    for normal in text.split(separator: ";", omittingEmptySubsequences: true) {
      var current = ""
      var additional = false
      for (index, piece) in normal.split(separator: ",", omittingEmptySubsequences: false).map(String.init).enumerated() {
        let next = piece.trimmingCharacters(in: .whitespaces)
        let currentHasTimes = current.split(separator: " ").contains { token in
          looksLikeTime(String(token)) || ["off", "closed", "24/7"].contains(token.lowercased())
        }
        if index > 0 && currentHasTimes && startsWithSelector(next) && !looksLikeTime(next) {
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
    let word = String(text.prefix { $0.isLetter }).lowercased()
    return dayAliases[word] != nil || text.hasPrefix("PH") || text.hasPrefix("SH")
      || months.contains { text.hasPrefix($0) }
      || text.first?.isNumber == true && text.count >= 4 && !looksLikeTime(text)
  }

  /// `06:00-22:00`, `7-18`, `10am-8pm`, `10.00-18.00`, `12:00+`: starts with a digit
  /// and is more than a bare number (a day of the month or a year).
  private static func looksLikeTime(_ token: String) -> Bool {
    guard token.first?.isNumber == true, !token.allSatisfy(\.isNumber) else { return false }
    let lower = token.lowercased()
    return lower.contains(":") || lower.contains("-") || lower.contains(".") || lower.contains("am")
      || lower.contains("pm") || lower.hasSuffix("+")
  }

  /// Reads one rule. Unsupported parts it can leave out (PH in a day list, comments,
  /// open ends) are added to `unsupported` and the rest is kept.
  static func parseRule(_ rule: String, unsupported: inout [String]) -> Outcome {
    var rest = Substring(rule)
    var comment: String? = nil
    if let quote = rest.firstIndex(of: "\"") {
      comment = String(rest[quote...])
      unsupported.append("comment \(rest[quote...])")
      rest = rest[..<quote]
    }
    var tokens = rest.split(separator: " ").map(String.init)
    var off = false
    var state: String? = nil
    if let last = tokens.last?.lowercased(), ["off", "closed", "open"].contains(last) {
      off = last != "open"
      state = off ? "off" : "open"
      tokens.removeLast()
    }
    var days: [Int]? = nil
    var dayTexts: [String] = []
    var times: [ClosedRange<Int>] = []
    var timeTexts: [String] = []
    var skipped = false
    var problem: String? = nil
    for token in tokens {
      if token == "24/7" {
        times.append(0...1440)
        timeTexts.append("24/7")
      } else if looksLikeTime(token) {
        do {
          for (range, text) in try parseTimes(token, unsupported: &unsupported) {
            if let range { times.append(range) }
            timeTexts.append(text)
          }
        } catch {
          problem = problem ?? error.description
        }
      } else if let selected = parseDays(token, unsupported: &unsupported) {
        days = (days ?? []) + selected.days
        dayTexts += selected.texts
      } else if isKnownUnsupported(token) {
        skipped = true
      } else {
        problem = problem ?? "'\(token)' is neither days (Mo-Fr) nor times (06:00-22:00)"
      }
    }
    if skipped {
      // e.g. "Dec 25 off", "Jan-Mar Mo 10:00-12:00": the whole rule is conditional on
      // something we cannot evaluate; applying it to every day would misread it.
      return .skipped("'\(rule)' (months, dates or events are not evaluated)")
    }
    if let problem { return .unreadable(problem) }
    if days == nil && timeTexts.isEmpty && state == nil {
      return .unreadable("names neither days nor times")
    }
    let hasTimes = !timeTexts.isEmpty
    if !off && times.isEmpty && !hasTimes { times = [0...1440] }  // "Mo-Fr" alone = all day
    let normalized = [
      dayTexts.isEmpty ? nil : dayTexts.joined(separator: ","),
      timeTexts.isEmpty ? nil : timeTexts.joined(separator: ","), state, comment,
    ]
    .compactMap { $0 }.joined(separator: " ")
    // Only PH/SH were named, or only open ends (`Sa 10:00+`) given: the rule says
    // nothing that can be evaluated about weekdays, so it changes none.
    if days?.isEmpty == true || hasTimes && times.isEmpty {
      return .rule(Rule(days: [], times: [], hasTimes: false, off: false, normalized: normalized))
    }
    return .rule(Rule(days: days, times: times, hasTimes: hasTimes, off: off, normalized: normalized))
  }

  /// Valid opening_hours this parser does not evaluate: months, dates, years, weeks,
  /// holidays, variable times.
  private static func isKnownUnsupported(_ token: String) -> Bool {
    months.contains { token.hasPrefix($0) } || token.allSatisfy(\.isNumber)
      || ["week", "easter", "sunrise", "sunset", "dawn", "dusk", "PH", "SH"].contains { token.hasPrefix($0) }
  }

  /// `Mo-Fr,Su` → [0,1,2,3,4,6] and its parts written canonically; nil when the token
  /// is not a day selector.
  private static func parseDays(_ token: String, unsupported: inout [String]) -> (days: [Int], texts: [String])? {
    var result: [Int] = []
    var texts: [String] = []
    var sawAny = false
    for part in token.split(separator: ",") {
      let text = String(part)
      if text == "PH" || text == "SH" {
        unsupported.append(text == "PH" ? "public holidays (PH)" : "school holidays (SH)")
        texts.append(text)
        sawAny = true
        continue
      }
      if text.contains("[") {
        unsupported.append("nth weekday '\(text)'")
        texts.append(text)
        sawAny = true
        continue
      }
      let ends = text.split(separator: "-").map { $0.lowercased() }
      guard (1...2).contains(ends.count), let first = dayAliases[ends[0]] else { return nil }
      sawAny = true
      if ends.count == 1 {
        result.append(first)
        texts.append(weekdays[first])
      } else {
        guard let last = dayAliases[ends[1]] else { return nil }
        texts.append(weekdays[first] + "-" + weekdays[last])
        var day = first
        while true {
          result.append(day)
          if day == last { break }
          day = (day + 1) % 7
        }
      }
    }
    return sawAny ? (result, texts) : nil
  }

  /// `06:00-12:00,14:00-22:00` → minute ranges with their canonical text;
  /// `22:00-02:00` and `22:00-26:00` → 1320...1560; an open end (`10:00+`) has no range.
  private static func parseTimes(
    _ token: String, unsupported: inout [String]
  ) throws(OpeningHours.SyntaxError) -> [(ClosedRange<Int>?, String)] {
    var ranges: [(ClosedRange<Int>?, String)] = []
    for part in token.split(separator: ",") {
      if part.hasSuffix("+") {
        unsupported.append("open end '\(part)'")
        ranges.append((nil, minutes(part.dropLast()).map { clock($0) + "+" } ?? String(part)))
        continue
      }
      let ends = part.split(separator: "-")
      guard ends.count == 2, let start = minutes(ends[0]), var end = minutes(ends[1]), start < 1440 else {
        throw OpeningHours.SyntaxError(description: "'\(part)' is not a time range like 06:00-22:00")
      }
      // "10pm-12am": midnight at the end of the day.
      if end == 0 && ends[1].lowercased().hasSuffix("am") { end = 1440 }
      let adjustedEnd = end <= start ? end + 1440 : end
      guard adjustedEnd - start <= 1440 else {
        throw OpeningHours.SyntaxError(description: "'\(part)' is longer than a day")
      }
      ranges.append((start...adjustedEnd, clock(start) + "-" + clock(end)))
    }
    return ranges
  }

  /// `06:00`, `6:00`, `06.00`, `6`, `6am`, `6:30pm` → minutes since midnight (up to
  /// 48:00, for ranges written past midnight).
  private static func minutes(_ text: Substring) -> Int? {
    var body = text.lowercased()
    var meridiem: String? = nil
    for suffix in ["am", "pm"] where body.hasSuffix(suffix) {
      meridiem = suffix
      body.removeLast(2)
    }
    let parts = body.split(separator: body.contains(":") ? ":" : ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), parts[0].allSatisfy(\.isASCII),
      var hours = Int(parts[0])
    else { return nil }
    var minutes = 0
    if parts.count == 2 {
      guard parts[1].count == 2, parts[1].allSatisfy(\.isASCII), let value = Int(parts[1]) else { return nil }
      minutes = value
    }
    guard (0..<60).contains(minutes) else { return nil }
    if let meridiem {
      guard (1...12).contains(hours) else { return nil }
      hours = hours % 12 + (meridiem == "pm" ? 12 : 0)
    }
    guard (0...48).contains(hours) else { return nil }
    let total = hours * 60 + minutes
    return total <= 2880 ? total : nil
  }

  private static func clock(_ minutes: Int) -> String {
    let hours = minutes / 60, rest = minutes % 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
  }
}
